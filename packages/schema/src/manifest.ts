// ManifestBody (the hashed object), ManifestBundle (the transport) and their parts (formats.md §4, §6, §8).
import { ARTIFACTS_MAX, BUNDLE_INLINE_MAX } from "@codai/axiom-rules";
import { z } from "zod";
import {
  CheckRefIdSchema,
  codedIssue,
  DIGEST_REF_RE,
  DigestRefSchema,
  DigestSchema,
  JsonValueSchema,
  ModeSchema,
  OpSchema,
  OriginSchema,
  PlanNameSchema,
  PredicateNameSchema,
  RelPathSchema,
  SeveritySchema,
  Sha256HexSchema,
} from "./common";
import { isStrictlySorted } from "./order";

export const CANONICAL_BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const ManifestArtifactSchema = z
  .strictObject({
    path: RelPathSchema,
    op: OpSchema,
    mode: ModeSchema,
    digest: DigestSchema.optional(),
    bytes: z.number().int().min(0).optional(),
    origin: OriginSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.op !== "delete" && a.digest === undefined) {
      codedIssue(ctx, "ERR_INVALID_MANIFEST", `a non-delete artifact needs a digest`, { path: ["digest"] });
    }
  });

/** CheckRef inside a ManifestBody: every field required, hashed as transmitted (formats.md §4). */
export const ManifestCheckRefSchema = z.strictObject({
  id: CheckRefIdSchema,
  predicate: PredicateNameSchema,
  params: JsonValueSchema,
  severity: SeveritySchema,
});

export const PreImageEntrySchema = z.strictObject({
  path: RelPathSchema,
  sha256: z.union([z.literal("absent"), Sha256HexSchema]),
});

function canonicalOrder<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    if (!isStrictlySorted(items.map(key))) {
      codedIssue(ctx, "ERR_NOT_CANONICAL", `${what} must be sorted in code-point order and unique`);
    }
  };
}

export const ManifestBodySchema = z.strictObject({
  apiVersion: z.literal("axiom.dev/v2"),
  kind: z.literal("Manifest"),
  name: PlanNameSchema,
  profile: z.string().min(1),
  planDigest: DigestRefSchema,
  artifacts: z
    .array(ManifestArtifactSchema)
    .min(1)
    .max(ARTIFACTS_MAX)
    .superRefine(canonicalOrder((a) => a.path, "artifacts")),
  checks: z.array(ManifestCheckRefSchema).superRefine(canonicalOrder((c) => c.id, "checks")),
  toolchain: z.strictObject({ axiom: z.string().min(1), emitters: z.record(z.string(), z.string()) }),
  counter: z.number().int().min(0).optional(),
  preImage: z
    .array(PreImageEntrySchema)
    .superRefine(canonicalOrder((p) => p.path, "preImage"))
    .optional(),
});

export const StatementSubjectSchema = z.strictObject({ name: z.string(), digest: DigestSchema });

/** in-toto Statement v1: strict top-level keys, loose predicate (formats.md §6.2). */
export const StatementSchema = z.strictObject({
  _type: z.literal("https://in-toto.io/Statement/v1"),
  subject: z.array(StatementSubjectSchema).min(1),
  predicateType: z.url(),
  predicate: z.record(z.string(), z.unknown()),
});

export const Base64Schema = z.string().regex(CANONICAL_BASE64_RE, "canonical padded base64");

export const DsseSignatureSchema = z.strictObject({ keyid: z.string().optional(), sig: Base64Schema });

export const EnvelopeSchema = z.strictObject({
  payloadType: z.literal("application/vnd.in-toto+json"),
  payload: Base64Schema,
  signatures: z.array(DsseSignatureSchema),
});

export const MANIFEST_PAYLOAD_TYPE = "application/vnd.axiom.manifest+json";
export const MANIFEST_BOUND_PAYLOAD_TYPE = "application/vnd.axiom.manifest-bound+json";

export const ManifestSignatureSchema = z.strictObject({
  payloadType: z.enum([MANIFEST_PAYLOAD_TYPE, MANIFEST_BOUND_PAYLOAD_TYPE]),
  payload: Base64Schema,
  signatures: z.array(DsseSignatureSchema).min(1),
});

export const KeylessSignatureSchema = z.looseObject({
  mediaType: z.string(),
  verificationMaterial: z.unknown(),
  dsseEnvelope: z.looseObject({
    payload: z.string(),
    payloadType: z.string(),
    signatures: z.array(z.unknown()).min(1),
  }),
});

export const BlobSchema = z.strictObject({ encoding: z.enum(["utf8", "base64"]), data: z.string() });

/** Decoded size of a blob without decoding it (formats.md §6.1). */
export function blobDecodedSize(blob: { encoding: "utf8" | "base64"; data: string }): number {
  if (blob.encoding === "utf8") return Buffer.byteLength(blob.data, "utf8");
  const clean = blob.data.replace(/\s+/g, "").replace(/=+$/, "");
  return Math.floor((clean.length * 3) / 4);
}

export const BlobsSchema = z.record(z.string(), BlobSchema).superRefine((blobs, ctx) => {
  let total = 0;
  for (const [key, blob] of Object.entries(blobs)) {
    if (!DIGEST_REF_RE.test(key)) {
      codedIssue(ctx, "ERR_DIGEST_FORMAT", 'blob key must be "sha256:" + 64 lowercase hex', { path: [key] });
    }
    total += blobDecodedSize(blob);
  }
  if (total > BUNDLE_INLINE_MAX) {
    codedIssue(ctx, "ERR_BUNDLE_TOO_LARGE", `inline blobs total ${total} bytes > ${BUNDLE_INLINE_MAX}`, {
      params: { total, max: BUNDLE_INLINE_MAX },
    });
  }
});

export const ManifestBundleSchema = z.strictObject({
  manifest: ManifestBodySchema,
  manifestDigest: DigestRefSchema,
  attestation: StatementSchema.optional(),
  envelope: EnvelopeSchema.optional(),
  signatures: z.array(ManifestSignatureSchema).optional(),
  keylessSignatures: z.array(KeylessSignatureSchema).optional(),
  blobs: BlobsSchema.default({}),
});

export type ManifestArtifact = z.output<typeof ManifestArtifactSchema>;
export type ManifestCheckRef = z.output<typeof ManifestCheckRefSchema>;
export type PreImageEntry = z.output<typeof PreImageEntrySchema>;
export type ManifestBody = z.output<typeof ManifestBodySchema>;
export type Statement = z.output<typeof StatementSchema>;
export type Envelope = z.output<typeof EnvelopeSchema>;
export type ManifestSignature = z.output<typeof ManifestSignatureSchema>;
export type KeylessSignature = z.output<typeof KeylessSignatureSchema>;
export type Blob = z.output<typeof BlobSchema>;
export type ManifestBundle = z.output<typeof ManifestBundleSchema>;
export type ManifestBundleInput = z.input<typeof ManifestBundleSchema>;
export type Digest = z.output<typeof DigestSchema>;

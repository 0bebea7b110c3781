// The v1 manifest as migrate reads it (sources.md §5.2): loose objects (unknown keys are reported
// as dropped later, never rejected). Not JSON or not matching → ERR_INVALID_MANIFEST `{ issues }`.
import { CANONICAL_BASE64 } from "@codai/axiom-canon";
import { axiomError, collectIssues, wireIssues } from "@codai/axiom-schema";
import { z } from "zod";

const V1ArtifactSchema = z.looseObject({
  path: z.string().min(1),
  kind: z.enum(["file", "dir"]).optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "64 lowercase hex")
    .optional(),
  bytes: z.number().int().min(0).optional(),
  contentUtf8: z.string().optional(),
  contentBase64: z.string().regex(CANONICAL_BASE64, "canonical padded base64").optional(),
});

const V1EvidenceSchema = z.looseObject({
  checkName: z.string().optional(),
  kind: z.string().optional(),
  passed: z.boolean().optional(),
  details: z.looseObject({ expression: z.string().optional() }).optional(),
});

export const V1ManifestSchema = z.looseObject({
  version: z.string().regex(/^1\./, "a v1 format version (1.x)"),
  buildId: z.union([z.string(), z.number()]).optional(),
  irHash: z.string().optional(),
  profile: z.string().optional(),
  createdAt: z.string().optional(),
  artifacts: z.array(V1ArtifactSchema).min(1),
  evidence: z.array(V1EvidenceSchema).optional(),
});

export type V1Manifest = z.output<typeof V1ManifestSchema>;
export type V1Artifact = z.output<typeof V1ArtifactSchema>;
export type V1Evidence = z.output<typeof V1EvidenceSchema>;

/** Parses the v1 manifest from its JSON text (or an already parsed value). */
export function readV1Manifest(json: unknown): { manifest: V1Manifest; raw: Record<string, unknown> } {
  let raw: unknown = json;
  if (typeof json === "string") {
    try {
      raw = JSON.parse(json);
    } catch {
      throw axiomError("ERR_INVALID_MANIFEST", {
        message: "v1 manifest is not JSON",
        details: { issues: [{ path: "", message: "not JSON" }] },
      });
    }
  }
  const parsed = collectIssues(V1ManifestSchema, raw);
  if (!parsed.ok) {
    throw axiomError("ERR_INVALID_MANIFEST", {
      message: "not a v1 manifest",
      details: { issues: wireIssues(parsed.issues) },
    });
  }
  return { manifest: parsed.value, raw: raw as Record<string, unknown> };
}

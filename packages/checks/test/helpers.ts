// Test helpers: real bundles (JCS digests, inline blobs), real temp roots, profiles.
import { canonicalDigestRef, encodeBlob, sha256Hex } from "@codai/axiom-canon";
import {
  type CheckRef,
  type CheckRefInput,
  compareUtf8,
  type ManifestBundle,
  ManifestBundleSchema,
  type ResolvedProfile,
} from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { tempRepo, writeTree as writeTreeOf } from "@codai/axiom-testkit";

export interface ArtifactSpec {
  path: string;
  op?: "create" | "overwrite" | "delete";
  content?: string | Uint8Array;
  /** Leave the blob out of the bundle (content then comes from CAS or is unavailable). */
  omitBlob?: boolean;
  bytes?: number | null;
}

export interface BundleSpec {
  artifacts: ArtifactSpec[];
  checks?: CheckRefInput[];
  preImage?: { path: string; sha256: string }[];
  profile?: string;
  signatures?: ManifestBundle["signatures"];
  /** Skip schema validation (for paths the schema would refuse). */
  raw?: boolean;
}

export const bytesOf = (c: string | Uint8Array) => (typeof c === "string" ? new TextEncoder().encode(c) : c);

export function makeBundle(spec: BundleSpec): ManifestBundle {
  const blobs: Record<string, { encoding: "utf8" | "base64"; data: string }> = {};
  const artifacts = spec.artifacts
    .map((a) => {
      const op = a.op ?? "create";
      if (op === "delete") return { path: a.path, op, mode: "0644" as const };
      const bytes = bytesOf(a.content ?? "");
      const hex = sha256Hex(bytes);
      if (!a.omitBlob) blobs[`sha256:${hex}`] = encodeBlob(bytes);
      const out: Record<string, unknown> = {
        path: a.path,
        op,
        mode: "0644",
        digest: { sha256: hex },
        origin: "inline",
      };
      if (a.bytes !== null) out.bytes = a.bytes ?? bytes.length;
      return out;
    })
    .sort((x, y) => compareUtf8(x.path as string, y.path as string));
  const checks = (spec.checks ?? []).map((c) => ({ severity: "error", ...c })).sort((x, y) => compareUtf8(x.id, y.id));
  const manifest: Record<string, unknown> = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "test-plan",
    profile: spec.profile ?? "default",
    planDigest: `sha256:${"0".repeat(64)}`,
    artifacts,
    checks,
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (spec.preImage) manifest.preImage = spec.preImage;
  const bundle: Record<string, unknown> = { manifest, manifestDigest: canonicalDigestRef(manifest), blobs };
  if (spec.signatures) bundle.signatures = spec.signatures;
  return spec.raw ? (bundle as unknown as ManifestBundle) : ManifestBundleSchema.parse(bundle);
}

export function profileOf(checks: CheckRefInput[], extra: Partial<ResolvedProfile> = {}): ResolvedProfile {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name: "test",
    checks: checks.map((c) => ({ severity: "error", ...c }) as CheckRef),
    limits: {},
    facts: { allowRepo: true, allowGuards: false },
    ...extra,
  };
}

/** A real temp directory (realpath'd) holding `files`, removed after the test (testkit's tempRepo). */
export async function tempRoot(files: Record<string, string | Uint8Array> = {}): Promise<string> {
  return (await tempRepo(files, { prefix: "axiom-checks-" })).root;
}

/**
 * A temp root (tempRoot) whose trust store `.axiom/trust/keys.json` holds `keys` (a TrustStore as
 * pretty JSON, or raw text); none when `keys` is undefined.
 */
export async function rootWithKeys(keys?: unknown): Promise<string> {
  const root = await tempRoot();
  if (keys !== undefined) {
    const text = typeof keys === "string" ? keys : `${JSON.stringify(keys, null, 2)}\n`;
    await writeTreeOf(layout.trustDir(root), { "keys.json": text });
  }
  return root;
}

export async function writeTree(root: string, rel: string, content: string | Uint8Array): Promise<void> {
  await writeTreeOf(root, { [rel]: content });
}

export async function linkTree(root: string, rel: string, target: string): Promise<void> {
  await writeTreeOf(root, { [rel]: { symlink: target } });
}

export const ids = (report: { findings: { id: string }[] }) => report.findings.map((f) => f.id);

// Bundle checks shared by both `sign` forms (signing.md §3.2 steps 2–3, formats.md §6.3): schema
// (code precedence NOT_CANONICAL > BUNDLE_TOO_LARGE > INVALID_MANIFEST) and the digest recompute.
// The raw JSON object is kept so the written bundle differs from the input only in what sign adds.
import { canonicalDigestRef } from "@codai/axiom-canon";
import {
  axiomError,
  collectIssues,
  type ManifestBundle,
  ManifestBundleSchema,
  RootIdSchema,
  wireIssues,
} from "@codai/axiom-schema";

export function intakeSignInput(input: unknown): { raw: Record<string, unknown>; bundle: ManifestBundle } {
  const result = collectIssues(ManifestBundleSchema, input);
  if (!result.ok) {
    const codes = new Set(result.issues.map((i) => i.code));
    const code = codes.has("ERR_NOT_CANONICAL")
      ? "ERR_NOT_CANONICAL"
      : codes.has("ERR_BUNDLE_TOO_LARGE")
        ? "ERR_BUNDLE_TOO_LARGE"
        : "ERR_INVALID_MANIFEST";
    throw axiomError(code, {
      message: "bundle does not match its schema",
      details: { issues: wireIssues(result.issues) },
    });
  }
  const bundle = result.value;
  const recomputed = canonicalDigestRef(bundle.manifest);
  if (recomputed !== bundle.manifestDigest) {
    throw axiomError("ERR_NOT_CANONICAL", {
      message: "manifestDigest does not match the manifest",
      path: "manifestDigest",
      details: { declared: bundle.manifestDigest, recomputed },
    });
  }
  return { raw: input as Record<string, unknown>, bundle };
}

/** `--root-id` must be a RootId (§3.2 step 6): ERR_INVALID_PROFILE with details.issues. */
export function checkRootId(rootId: string): string {
  const result = collectIssues(RootIdSchema, rootId);
  if (!result.ok) {
    throw axiomError("ERR_INVALID_PROFILE", {
      message: "invalid root id",
      details: { issues: wireIssues(result.issues) },
    });
  }
  return result.value;
}

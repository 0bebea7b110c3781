// Bundle intake (formats.md §6.3 steps 2–3), the one function every surface that accepts a bundle
// calls (check, apply, dry-run, verify, diff, sign, the MCP tools, stored-bundle reads): schema
// (thrown code by precedence NOT_CANONICAL > BUNDLE_TOO_LARGE > INVALID_MANIFEST, every issue in
// details.issues, `total`/`max` beside them for BUNDLE_TOO_LARGE per P-7; a nesting deep enough to
// exhaust the stack is one schema issue, never a RangeError), then the manifestDigest recompute
// (mismatch → NOT_CANONICAL `{declared, recomputed}` with `path: "manifestDigest"`). ARCH-S1.
import { canonicalDigestRef } from "@codai/axiom-canon";
import {
  axiomError,
  collectIssues,
  type FullIssue,
  type ManifestBundle,
  ManifestBundleSchema,
  wireIssues,
} from "@codai/axiom-schema";

/** The thrown code for a set of bundle schema issues (§6.3 precedence). */
export function bundleFailureCode(
  issues: readonly FullIssue[],
): "ERR_NOT_CANONICAL" | "ERR_BUNDLE_TOO_LARGE" | "ERR_INVALID_MANIFEST" {
  if (issues.some((i) => i.code === "ERR_NOT_CANONICAL")) return "ERR_NOT_CANONICAL";
  if (issues.some((i) => i.code === "ERR_BUNDLE_TOO_LARGE")) return "ERR_BUNDLE_TOO_LARGE";
  return "ERR_INVALID_MANIFEST";
}

/** Recomputed `sha256:` digest of a (schema-valid) manifest body. */
export function recomputeManifestDigest(manifest: unknown): string {
  return canonicalDigestRef(manifest);
}

/** Schema issues of a bundle; a stack-exhausting nesting depth is one schema issue. */
export function bundleIssues(input: unknown): ReturnType<typeof collectIssues<typeof ManifestBundleSchema>> {
  try {
    return collectIssues(ManifestBundleSchema, input);
  } catch (err) {
    if (err instanceof RangeError)
      return { ok: false, issues: [{ path: "", message: "document is nested too deeply" }] };
    throw err;
  }
}

/**
 * Bundles this process compiled and checked itself (admitCompiledBundle), deep-frozen so they
 * cannot change afterwards: their intake returns them at once (issue 24: an axiom_write preview's
 * dry run and its confirm's apply take the bundle the preview compiled; the schema pass and the
 * digest recompute over 100 files' blobs cost ≈ 2 ms each time, and the same object keeps the
 * stored bundle's encode cache). Any other object — a copy, a bundle from the wire or a file —
 * takes the whole intake.
 */
const admitted = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/**
 * Registers a bundle this process has just built and checked itself — compilePlan's result, whose
 * candidate passed ManifestBundleSchema and whose manifestDigest compilePlan computed from the
 * manifest — as admitted (deep-frozen, so it stays what was checked). Returns it.
 */
export function admitCompiledBundle(bundle: ManifestBundle): ManifestBundle {
  deepFreeze(bundle);
  admitted.add(bundle);
  return bundle;
}

export function intakeBundle(input: unknown): ManifestBundle {
  if (typeof input === "object" && input !== null && admitted.has(input)) return input as ManifestBundle;
  const result = bundleIssues(input);
  if (!result.ok) {
    const code = bundleFailureCode(result.issues);
    const details: Record<string, unknown> = { issues: wireIssues(result.issues) };
    if (code === "ERR_BUNDLE_TOO_LARGE") {
      const sized = result.issues.find((i) => i.code === "ERR_BUNDLE_TOO_LARGE")?.params;
      if (sized) Object.assign(details, { total: sized.total, max: sized.max });
    }
    throw axiomError(code, { message: "bundle does not match its schema", details });
  }
  const bundle = result.value;
  const recomputed = recomputeManifestDigest(bundle.manifest);
  if (recomputed !== bundle.manifestDigest) {
    throw axiomError("ERR_NOT_CANONICAL", {
      message: "manifestDigest does not match the manifest",
      path: "manifestDigest",
      details: { declared: bundle.manifestDigest, recomputed },
    });
  }
  return bundle;
}

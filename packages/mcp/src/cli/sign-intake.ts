// Bundle checks shared by both `sign` forms (signing.md §3.2 steps 2–3): the common bundle intake
// of formats.md §6.3 (schema with code precedence, then the digest recompute). The raw JSON object
// is kept so the written bundle differs from the input only in what sign adds.

import { axiomError, collectIssues, type ManifestBundle, RootIdSchema, wireIssues } from "@codai/axiom-schema";
import { intakeBundle } from "@codai/axiom-store";

export function intakeSignInput(input: unknown): { raw: Record<string, unknown>; bundle: ManifestBundle } {
  const bundle = intakeBundle(input);
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

// Public surface of @codai/axiom-plan: compile / validate / verify / diff, the CAS, the pre-image
// reader (the store's, with plan's error mapping), the YAML front-end and the emitter registry
// (formats.md §2–§10, sources.md §1–§4). Bundle intake and stored bundles are @codai/axiom-store's.
// Every failure is an AxiomError (verifyBundle and validatePlan report instead of throwing).
import type { Plan } from "@codai/axiom-schema";
import { compilePlan } from "./compile";
import { type PlanValidation, validatePlanWith } from "./validate";

export { casGet, casPath, casPut } from "./cas";
export { BUNDLE_HINT, type CompileOptions, type CompileResult, compilePlan } from "./compile";
export { diffManifests, type ManifestDiff } from "./diff";
export { computePlanDigest, planPrime } from "./plan-digest";
export { preImagePresent, readPreImage, readPreImageBytes, readPreImageFile } from "./preimage";
export type { PreImageReader } from "./sources/context";
export {
  hostAllowed,
  NET_MAX_BYTES,
  NET_TIMEOUT_MS,
  type NetPolicy,
  policyDenial,
  redactUri,
} from "./sources/net-policy";
export { createEmitterRegistry, EMITTER_HINT } from "./sources/template";
export {
  BUILD_TYPE,
  BUILDER_ID,
  buildStatement,
  flattenToolchain,
  type RunMetadata,
  SLSA_PROVENANCE,
  STATEMENT_TYPE,
} from "./statement";
export {
  findDuplicate,
  jsonPointer,
  type PlanValidation,
  type PlanValidationError,
  parsePlan,
  VALIDATE_MAX_ERRORS,
} from "./validate";
export {
  type SignaturesResult,
  type VerifyError,
  type VerifyOptions,
  type VerifyResult,
  verifyBundle,
  withSignatures,
} from "./verify";
export { FORMAT_VERSION, RELEASE_VERSION } from "./version";
export { type PlanTextFormat, parsePlanText, planFormatOf, YAML_MAX_ALIAS_EXPANSIONS } from "./yaml";

/**
 * The axiom_plan_validate result `{ ok, planDigest?, errors[] }` (mcp.md §4): errors carry a code
 * and an RFC 6901 JSON Pointer path; `planDigest` only for all-inline Plans (root-less trial compile).
 */
export function validatePlan(input: unknown): Promise<PlanValidation> {
  return validatePlanWith(input, async (plan: Plan) => {
    const { bundle } = await compilePlan(plan);
    return { planDigest: bundle.manifest.planDigest };
  });
}
export { applyEdits, type TextEdit } from "./edits-apply";
export { type MigrateReport, type MigrateV1Options, type MigrateV1Result, migrateV1 } from "./migrate";
export { applyPatch, splitLines } from "./patch-apply";
export {
  type Hunk,
  type ParsedPatch,
  type PatchFormat,
  parsePatch,
  parseSearchReplace,
  parseUnified,
  parseV4a,
} from "./patch-parse";

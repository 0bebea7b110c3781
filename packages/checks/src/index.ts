// Public surface of @codai/axiom-checks: anything exported here is public API.

export { makeContentReader } from "./content";
export { CEL_ALLOWED_FUNCTIONS, CEL_LIMITS } from "./expr/cel-static";
export type { CedarEngine, CelEngine, EngineLoader } from "./expr/engines";
export {
  isProviderFailure,
  lessSevere,
  providerFailure,
  rawProviderFailure,
  sortFindings,
  verdictOf,
} from "./findings";
export { guardEnv } from "./guard/env";
export { GuardOutputSchema, parseGuardOutput } from "./guard/output";
export { type GuardRun, type GuardSpawn, runGuardProcess, spawnOptions } from "./guard/process";
export { resolveGuardCommand } from "./guard/resolve";
export {
  type KeylessOutcome,
  type KeylessPolicy,
  type KeylessSignOptions,
  type KeylessSignOutcome,
  type KeylessUnavailableReason,
  type KeylessVerifyOptions,
  keylessSignEndpointsFromEnv,
  keylessTokenSource,
  keylessVerifyOptionsFromEnv,
  loadSigstore,
  type SigstoreModule,
  setSigstoreModuleForTests,
  signKeyless,
  sigstoreLoadAttempts,
  verifyKeylessEntries,
} from "./keyless";
export { extOf, factsDigestOf, manifestFactsOf } from "./manifest-facts";
export { guardPoolSize, runPool } from "./pool";
export { makePreChecks, type PreChecks, type PreChecksOptions } from "./pre-checks";
export { CEDAR_BUDGET_MS, CEDAR_MAX_POLICIES, createExprCedar, type ExprCedarOptions } from "./predicates/expr-cedar";
export { createExprCel, type ExprCelOptions } from "./predicates/expr-cel";
export { GUARD_TIMEOUT_MAX, type GuardParams } from "./predicates/guard";
export { createDefaultRegistry } from "./predicates/index";
export { type PreImageDrift, preImageDrifts, readPreImage } from "./preimage";
export { BUILTIN_PROFILE_NAMES, builtinProfile } from "./profiles/builtins";
export { type LoadProfileOptions, loadProfile, mergeProfiles } from "./profiles/load";
export {
  allowedProfiles,
  type McpProfileOptions,
  profileSearchDirs,
  rootProfileNames,
  selectCliProfile,
  selectMcpProfile,
} from "./profiles/select";
export { PredicateRegistry } from "./registry";
export { buildRepoFacts, REPO_INDEX_MAX, readGitHead } from "./repo";
export { reportPath, storeReport } from "./report-store";
export {
  evaluateRequireSigned,
  manifestRequireSigned,
  type RequireSignedParams,
  RequireSignedParamsSchema,
  requiresAntiRollback,
  TRUST_STATE_FILE,
  TRUST_STATE_KEY_FILE,
} from "./require-signed";
export { mergeChecks, type RunChecksInput, runChecks } from "./runner";
export {
  parseTrustStore,
  type SignatureFinding,
  type SignaturesBlock,
  type SignatureVerification,
  type SignedBundleView,
  signaturesBlock,
  type TrustStoreParse,
  trustedKeyProblem,
  validateTrustStore,
  verifyBundleSignatures,
} from "./signature-verify";
export { formatCheckReport } from "./text-report";
export type {
  ContentReader,
  Facts,
  GuardFacts,
  ManifestFacts,
  PredicateContext,
  PredicateDef,
  RawFinding,
  RepoFacts,
} from "./types";

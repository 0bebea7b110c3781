// Public surface of @codai/axiom-checks: anything exported here is public API.
export { runChecks, mergeChecks, type RunChecksInput } from "./runner";
export { PredicateRegistry } from "./registry";
export { createDefaultRegistry } from "./predicates/index";
export { GUARD_TIMEOUT_MAX, type GuardParams } from "./predicates/guard";
export { SECRET_PATTERN_NAMES, PII_PATTERN_NAMES, type SecretPatternName } from "./secrets";
export { compileGlob, compileGlobs, escapeLiteralParens } from "./glob";
export { manifestFactsOf, factsDigestOf, extOf } from "./manifest-facts";
export { makeContentReader } from "./content";
export { buildRepoFacts, readGitHead, REPO_INDEX_MAX } from "./repo";
export { readPreImage, preImageDrifts, type PreImageDrift } from "./preimage";
export { providerFailure, rawProviderFailure, isProviderFailure, sortFindings, verdictOf, lessSevere } from "./findings";
export { loadProfile, mergeProfiles, type LoadProfileOptions } from "./profiles/load";
export { builtinProfile, BUILTIN_PROFILE_NAMES, PROTECTED_HARNESS_PATHS } from "./profiles/builtins";
export {
  allowedProfiles,
  profileSearchDirs,
  rootProfileNames,
  selectCliProfile,
  selectMcpProfile,
  type McpProfileOptions,
} from "./profiles/select";
export { storeReport, reportPath } from "./report-store";
export { makePreChecks, type PreChecks, type PreChecksOptions } from "./pre-checks";
export { formatCheckReport } from "./text-report";
export { guardPoolSize, runPool } from "./pool";
export { runGuardProcess, spawnOptions, type GuardRun, type GuardSpawn } from "./guard/process";
export { guardEnv } from "./guard/env";
export { parseGuardOutput, GuardOutputSchema } from "./guard/output";
export { resolveGuardCommand } from "./guard/resolve";
export type { ContentReader, Facts, GuardFacts, ManifestFacts, PredicateContext, PredicateDef, RawFinding, RepoFacts } from "./types";

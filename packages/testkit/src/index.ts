// @codai/axiom-testkit (private): temp-dir helpers, fast-check arbitraries and golden fixtures
// shared by the test suites of every package.

export { arbArtifact, arbContent, arbInlineSource, arbPlan, arbPlanName, arbRelPath, arbSegment } from "./arbitraries";
export { demoBundle } from "./demo-bundle";
export { EXAMPLE_1 } from "./examples";
export { type CodedError, expectCode } from "./expect-code";
export { GOLDEN_DIR, type GoldenFixture, loadGoldens } from "./golden";
export {
  buildTufRepo,
  mintJwt,
  type SigstoreMockHits,
  type SigstoreMocks,
  seedTufCache,
  startSigstoreMocks,
  TEST_OIDC_ISSUER,
  type TokenClaims,
  type TufRepo,
  tufCacheDirFor,
  verifyJwt,
} from "./sigstore";
export {
  makeTempRoot,
  type ReadTreeOptions,
  readTree,
  type TempRoot,
  type Tree,
  type TreeEntry,
  writeTree,
} from "./temp";
export { type TempRepo, type TempRepoOptions, tempRepo } from "./temp-repo";

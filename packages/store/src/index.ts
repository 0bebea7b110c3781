// Public surface of @codai/axiom-store, the floor plan, checks and apply share (they never import
// each other): the `.axiom/` layout, the fs seam and its durable-write primitives, bundle intake,
// stored bundles, applied markers, the no-follow pre-image reader and the drift rule. Anything
// added here becomes public. The layout alone is also `@codai/axiom-store/layout` (no zod); the fs
// seam's test hook is `@codai/axiom-store/testing` only (src/testing.ts).

export type { StoreBundleOptions } from "./bundles";
export { type NamedBundle, nameBundle, readStoredBundle, storeBundle } from "./bundles";
export { HEX_JSON_NAME, hexJsonNames } from "./digest-names";
export type { Drift, DriftOptions, Expectation } from "./drift";
export { postImageExpectations, postImageOf, preImageExpectations, treeDrift } from "./drift";
export { type FileIdentity, fileIdentity, identityKey, sameFile } from "./file-identity";
export type { BigStats, FsPort } from "./fsx";
// The fs seam; its fault-injection and crash-recording hook is `@codai/axiom-store/testing` (tests only):
export { errnoOf, fsx, O, O_NOFOLLOW } from "./fsx";
export type { Capture, Kind } from "./identity";
export { capture, digestOrAbsent, hashFd, kindOf, nlinkOf, openNoFollow, openSame } from "./identity";
export { admitCompiledBundle, bundleFailureCode, bundleIssues, intakeBundle, recomputeManifestDigest } from "./intake";
export type { StagedWrite, WriteSync } from "./io";
export {
  atomicWrite,
  FSYNC_PARALLEL,
  forgetWritesInProgress,
  fsyncDir,
  fsyncDirs,
  fsyncParallel,
  mkdirp,
  RETRY_MAX,
  RETRY_SLEEP_MS,
  readdirIfExists,
  readJsonIfExists,
  renameRetry,
  rmLeftover,
  rmrf,
  stageAtomicWrite,
  unlinkRetry,
} from "./io";
export {
  AXIOM_DIR,
  AXIOM_GITIGNORE_LINES,
  AXIOM_GLOB,
  AXIOM_REL,
  AXIOM_SELF_GITIGNORE,
  axiomDir,
  backupRel,
  layout,
} from "./layout";
export { KeyedGate } from "./local-gate";
export { isFsMarker } from "./marker-cache";
export { stageAppliedMarker, writeAppliedMarker } from "./markers";
export type { PreImageValue } from "./preimage";
export { type PreImageFile, preImagePresent, readPreImage, readPreImageBytes, readPreImageFile } from "./preimage";
export { markNewAxiomDir } from "./self-ignore";

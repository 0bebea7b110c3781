// Public surface of @codai/axiom-apply: the engine core (part A), concurrency, chain, history and
// status (part B). The fs seam and its test hook are the store's (`@codai/axiom-store`,
// `@codai/axiom-store/testing`), not re-exported here.
export { type ApplyOptions, apply } from "./apply";
export { resolveBlob } from "./blobs";
export {
  appendChainEntry,
  assertChain,
  type ChainAppendInput,
  type ChainEntry,
  type ChainVerify,
  formatChainLine,
  GENESIS,
  readChain,
  readChainBytes,
  verifyChain,
  walkChain,
} from "./chain";
export { containmentWalk, isInside, stripLongPrefix } from "./containment";
export { buildDiff, DIFF_CAP, type DiffEntry, diffEntry } from "./diff";
export type { PreCheckReport, PreChecks } from "./engine";
export { collectGarbage, GC_LOCK_TIMEOUT_MS, type GcKeep, type GcOptions, type GcReport, parseGcDuration } from "./gc";
export {
  DEFAULT_HISTORY_LIMIT,
  formatLogLine,
  formatLogText,
  type HistoryEntry,
  logDocument,
  RESOURCE_HISTORY_LIMIT,
  readHistory,
} from "./history";
export { type IntentHandle, type IntentRecord, listIntents, pathsOverlap, registerIntent } from "./intents";
export { type JournalEntry, listJournals, parseJournal, readJournal } from "./journal";
export {
  acquireLock,
  type LockHandle,
  type LockStatus,
  lockStatus,
  readLockHolder,
} from "./lock";
export { checkRelPaths, resolverIssues } from "./paths";
// PR mode (apply.md §15):
export { branchSyntaxProblem, defaultBranch, defaultCommitMessage } from "./pr/branch";
export { compareUrlFor, parseRemote } from "./pr/compare-url";
export { defaultRunner, GIT_TIMEOUT_MS, type GitRunner, type GitSpawner, gitEnv, runGit } from "./pr/git";
export { recoverIfNeeded } from "./recovery";
export { type RollbackOptions, type RollbackOutput, rollback } from "./rollback";
export {
  repoSnapshot,
  type SnapshotOptions,
  snapshotLimits,
} from "./snapshot";
export { diffSnapshots, parseSnapshot, type SnapshotDiff } from "./snapshot-diff";
export { gitignorePatterns, globToRegExp, validateGlob } from "./snapshot-glob";
export { lockOverview, type StatusDocument, statusDocument, statusSummary } from "./status";
export { formatStatusText } from "./status-text";
export {
  advanceTrustState,
  readTrustState,
  TRUST_STATE_KEY_REL,
  TRUST_STATE_REL,
  type TrustAdvance,
  trustAdvancer,
} from "./trust-state";
export {
  type TreeMismatch,
  type TreePathEntry,
  type VerifyTreeOptions,
  type VerifyTreeResult,
  verifyTree,
} from "./verify-tree";

// Public surface of @codai/axiom-apply.
// Concurrency, chain, history, status (part B):
export { acquireLock, lockStatus, readLockHolder, type LockHandle, type LockStatus } from "./lock";
export { registerIntent, listIntents, pathsOverlap, type IntentHandle, type IntentRecord } from "./intents";
export { appendChainEntry, assertChain, readChain, verifyChain, GENESIS, formatChainLine, walkChain, type ChainEntry, type ChainVerify, type ChainAppendInput } from "./chain";
export { readHistory, logDocument, formatLogText, formatLogLine, DEFAULT_HISTORY_LIMIT, RESOURCE_HISTORY_LIMIT, type HistoryEntry } from "./history";
export { lockOverview, statusDocument, statusSummary, type StatusDocument } from "./status";
export { formatStatusText } from "./status-text";
// Engine core (part A):
export { apply, type ApplyOptions } from "./apply";
export { rollback, type RollbackOptions, type RollbackOutput } from "./rollback";
export { recoverIfNeeded } from "./recovery";
export { readJournal, listJournals, parseJournal, type JournalEntry } from "./journal";
export { containmentWalk, isInside, stripLongPrefix } from "./containment";
export { checkRelPaths, resolverIssues } from "./paths";
export { buildDiff, diffEntry, DIFF_CAP, type DiffEntry } from "./diff";
export { intakeBundle, readStoredBundle, storeBundle, isFsMarker } from "./store";
export { type PreChecks, type PreCheckReport } from "./engine";
export { fsx, installFs, nodeFs, type FsPort } from "./fsx";
export { layout, backupRel } from "./layout";
export { repoSnapshot, snapshotLimits, type SnapshotOptions } from "./snapshot";
export { diffSnapshots, parseSnapshot, type SnapshotDiff } from "./snapshot-diff";
export { globToRegExp, gitignorePatterns, validateGlob } from "./snapshot-glob";
export { collectGarbage, parseGcDuration, GC_LOCK_TIMEOUT_MS, type GcKeep, type GcOptions, type GcReport } from "./gc";
export { advanceTrustState, readTrustState, trustAdvancer, TRUST_STATE_REL, TRUST_STATE_KEY_REL, type TrustAdvance } from "./trust-state";
export { verifyTree, type VerifyTreeOptions, type VerifyTreeResult, type TreePathEntry, type TreeMismatch } from "./verify-tree";
// PR mode (apply.md §15):
export { branchSyntaxProblem, defaultBranch, defaultCommitMessage } from "./pr/branch";
export { compareUrlFor, parseRemote } from "./pr/compare-url";
export { GIT_TIMEOUT_MS, gitEnv, runGit, defaultRunner, type GitRunner, type GitSpawner } from "./pr/git";

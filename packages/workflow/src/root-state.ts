// Read-only documents of a root (apply.md §11.5, §12.4, §13, §17): none takes the lock, none
// writes under the root. `axiom status|log|snapshot` and axiom_status, axiom_repo_snapshot and the
// journal and lock resources read the same documents.
import {
  type HistoryEntry,
  type LockStatus,
  logDocument,
  lockStatus as readLockStatus,
  repoSnapshot,
  type SnapshotOptions,
  type StatusDocument,
  statusDocument,
} from "@codai/axiom-apply";
import type { RepoSnapshot } from "@codai/axiom-schema";

/** The status document (apply.md §13), identical for `axiom status --json` and axiom_status. */
export function status(root: string): Promise<StatusDocument> {
  return statusDocument(root);
}

/** The lock, queue and intents of a root (apply.md §11.5): read-only, never prunes. */
export function lockStatus(root: string): Promise<LockStatus> {
  return readLockStatus(root);
}

/** `{root, entries}`: the last `limit` chain entries, newest first (`axiom log --json`, mcp.md §10.1). */
export interface HistoryDocument {
  root: string;
  entries: HistoryEntry[];
}

export function history(root: string, limit: number): Promise<HistoryDocument> {
  return logDocument(root, limit);
}

/** The RepoSnapshot of a root (apply.md §17); the option defaults are each front end's. */
export function snapshot(root: string, options: SnapshotOptions): Promise<RepoSnapshot> {
  return repoSnapshot(root, options);
}

// The documents' types, the text forms of `axiom status` and `axiom log` (cli.md §9.1) and the log's
// default length.
export type { HistoryEntry, LockStatus, SnapshotOptions, StatusDocument } from "@codai/axiom-apply";
export { DEFAULT_HISTORY_LIMIT, formatLogText, formatStatusText } from "@codai/axiom-apply";

// `axiom snapshot-diff` (apply.md §17.5): two RepoSnapshots by path.
import { diffSnapshots as diffSnapshotBodies, parseSnapshot, type SnapshotDiff } from "@codai/axiom-apply";

export type { SnapshotDiff };

/** A document read from `name` (named in the error of a document that is no RepoSnapshot). */
export interface NamedDocument {
  value: unknown;
  name: string;
}

/** Both sides must be RepoSnapshots, else ERR_INVALID_MANIFEST `details.issues`. */
export function diffSnapshots(a: NamedDocument, b: NamedDocument): SnapshotDiff {
  return diffSnapshotBodies(parseSnapshot(a.value, a.name), parseSnapshot(b.value, b.name));
}

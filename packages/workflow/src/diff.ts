// Diffs: two manifests by path and digest (formats.md §10.2; `axiom diff`, axiom_manifest_diff)
// and two RepoSnapshots (apply.md §17.5, `axiom snapshot-diff`).
import { diffSnapshots as diffSnapshotBodies, parseSnapshot, type SnapshotDiff } from "@codai/axiom-apply";
import { diffManifests as diffBundles, type ManifestDiff } from "@codai/axiom-plan";

/** Both sides pass bundle intake (ERR_INVALID_MANIFEST / ERR_NOT_CANONICAL / ERR_BUNDLE_TOO_LARGE). */
export function diffManifests(a: unknown, b: unknown): ManifestDiff {
  return diffBundles(a, b);
}

/** A document read from `name` (named in the error of a document that is no RepoSnapshot). */
export interface NamedDocument {
  value: unknown;
  name: string;
}

/** Both sides must be RepoSnapshots, else ERR_INVALID_MANIFEST `details.issues`. */
export function diffSnapshots(a: NamedDocument, b: NamedDocument): SnapshotDiff {
  return diffSnapshotBodies(parseSnapshot(a.value, a.name), parseSnapshot(b.value, b.name));
}

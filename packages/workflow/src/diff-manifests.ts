// `axiom diff` and axiom_manifest_diff (formats.md §10.2): two manifests by path and digest.
import { diffManifests as diffBundles, type ManifestDiff } from "@codai/axiom-plan";

export type { ManifestDiff };

/** Both sides pass bundle intake (ERR_INVALID_MANIFEST / ERR_NOT_CANONICAL / ERR_BUNDLE_TOO_LARGE). */
export function diffManifests(a: unknown, b: unknown): ManifestDiff {
  return diffBundles(a, b);
}

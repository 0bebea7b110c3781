// The one meaning of "applied" for a digest (apply.md §3, ARCH-S6): an fs marker
// `applied/<hex>.json` — a PR-mode or failed marker is not one — and the stored bundle it names.
// axiom_write's re-send rule (mcp.md §7.3) reads it, then asks treeHolds of that bundle.
import { readPreImage } from "@codai/axiom-plan";
import { type ManifestBundle, SHA256_HEX_RE } from "@codai/axiom-schema";
import { isFsMarker, postImageExpectations, readStoredBundle, treeDrift } from "@codai/axiom-store";

export interface AppliedState {
  /** `applied/<hex>.json` is an fs marker: the digest was applied to the tree. */
  applied: boolean;
  /** The stored bundle of an applied digest, when `manifests/<hex>.json` reads as that bundle. */
  bundle?: ManifestBundle;
}

const NOT_APPLIED: AppliedState = { applied: false };

/** `digest`: `sha256:<hex>` or the bare hex; anything else names nothing, so it is not applied. */
export async function appliedState(root: string, digest: string): Promise<AppliedState> {
  const hex = digest.startsWith("sha256:") ? digest.slice(7) : digest;
  if (!SHA256_HEX_RE.test(hex)) return NOT_APPLIED;
  // 1. The fs marker (the store's one predicate, with its lstat-first memory).
  if (!(await isFsMarker(root, hex))) return NOT_APPLIED;
  // 2. The stored bundle (the store's one reader); unreadable → applied, with nothing to compare.
  try {
    return { applied: true, bundle: await readStoredBundle(root, hex) };
  } catch {
    return { applied: true };
  }
}

/**
 * verifyTree post mode (signing.md §9.1) through the store's drift rule: true when every path of
 * the bundle reads as its post-image now (the artifact's digest, `absent` for a delete). Stops at
 * the first drifted path; a read error other than the reader's own mapping propagates.
 */
export async function treeHolds(root: string, bundle: ManifestBundle): Promise<boolean> {
  const read = (path: string) => readPreImage(root, path);
  return (await treeDrift(postImageExpectations(bundle.manifest), read, { first: true })).length === 0;
}

// `axiom diff <a> <b>` for a person (issue 21): each side a bundle file or a ref to a stored
// bundle, and the contents compared, not only the digests. The document stays the formats.md
// §10.2 one (`added` = only in b, `removed` = only in a); the unified diff runs from a's bytes of
// each path to b's (a delete or an absent side is empty).
import { buildDiff, type DiffEntry, resolveBlob } from "@codai/axiom-apply";
import type { ManifestBundle } from "@codai/axiom-schema";
import { intakeBundle, readStoredBundle } from "@codai/axiom-store";
import { diffManifests, type ManifestDiff } from "./diff-manifests";
import { resolveRef } from "./ref";

export interface ContentDiff {
  doc: ManifestDiff;
  diff: string;
}

/** The stored bundle a ref names in `root` (ERR_NOT_FOUND when none is stored). */
export async function storedBundleByRef(root: string, ref: string): Promise<ManifestBundle> {
  const { manifestDigest } = await resolveRef(root, ref);
  return readStoredBundle(root, manifestDigest.slice(7));
}

async function bytesOf(bundle: ManifestBundle, path: string, root?: string): Promise<Uint8Array | undefined> {
  const a = bundle.manifest.artifacts.find((x) => x.path === path);
  if (!a || a.op === "delete" || !a.digest) return undefined;
  // Without a root only the bundle's own blobs: never a CAS path relative to the cwd.
  if (root === undefined && bundle.blobs[`sha256:${a.digest.sha256}`] === undefined) return undefined;
  return resolveBlob(bundle, a, root ?? "").catch(() => undefined);
}

/** `root` lets CAS-stored blobs be read; without it only inline blobs are compared. */
export async function diffContents(a: unknown, b: unknown, root?: string): Promise<ContentDiff> {
  const doc = diffManifests(a, b);
  const left = intakeBundle(a);
  const right = intakeBundle(b);
  const paths = [...doc.removed, ...doc.changed.map((c) => c.path), ...doc.added].sort();
  const entries: DiffEntry[] = [];
  for (const path of paths) {
    entries.push({ path, before: await bytesOf(left, path, root), after: await bytesOf(right, path, root) });
  }
  return { doc, diff: buildDiff(entries) };
}

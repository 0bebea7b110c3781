// The two sides of one artifact's diff, each read without following a link (the store's
// pre-image reader) and kept only when its sha256 is the one the manifest names: the bytes before
// (a backup, the tree, the CAS) and after (the inline blob, the CAS, the tree).
import { createHash } from "node:crypto";
import type { ManifestArtifact, ManifestBundle } from "@codai/axiom-schema";
import { layout, readPreImageBytes } from "@codai/axiom-store";

/** Bytes a side may have to be shown; larger sides are named, not read (display cap). */
export const SIDE_MAX_BYTES = 1_048_576;

export type Side = { kind: "bytes"; bytes: Uint8Array } | { kind: "absent" } | { kind: "unknown" };

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function tryRead(root: string, rel: string): Promise<Uint8Array | undefined> {
  try {
    return await readPreImageBytes(root, rel, SIDE_MAX_BYTES);
  } catch {
    return undefined;
  }
}

const casRel = (hex: string) => `${hex.slice(0, 2)}/${hex}`;

/** The first candidate whose bytes hash to `want` (any bytes when `want` is undefined). */
async function firstMatching(candidates: (() => Promise<Uint8Array | undefined>)[], want: string | undefined) {
  for (const read of candidates) {
    const bytes = await read();
    if (bytes !== undefined && (want === undefined || sha256(bytes) === want)) return bytes;
  }
  return undefined;
}

export async function beforeSide(
  root: string,
  bundle: ManifestBundle,
  a: ManifestArtifact,
  applied: boolean,
): Promise<Side> {
  const hex = bundle.manifestDigest.slice(7);
  const pre = bundle.manifest.preImage?.find((p) => p.path === a.path)?.sha256;
  if (pre === "absent" || (pre === undefined && a.op === "create")) return { kind: "absent" };
  const backup = () => tryRead(layout.backup(root, hex), a.path);
  const tree = () => tryRead(root, a.path);
  const cas = () => (pre === undefined ? Promise.resolve(undefined) : tryRead(layout.casRoot(root), casRel(pre)));
  // Without a recorded pre-image only the place that must hold it counts: the backup of an applied
  // change, the tree of a pending one.
  const order = pre === undefined ? [applied ? backup : tree] : applied ? [backup, cas, tree] : [tree, cas, backup];
  const bytes = await firstMatching(order, pre);
  return bytes === undefined ? { kind: "unknown" } : { kind: "bytes", bytes };
}

export async function afterSide(root: string, bundle: ManifestBundle, a: ManifestArtifact): Promise<Side> {
  if (a.op === "delete" || a.digest === undefined) return { kind: "absent" };
  const want = a.digest.sha256;
  const blob = bundle.blobs[`sha256:${want}`];
  const inline = async () =>
    blob === undefined ? undefined : Buffer.from(blob.data, blob.encoding === "utf8" ? "utf8" : "base64");
  const cas = () => tryRead(layout.casRoot(root), casRel(want));
  const tree = () => tryRead(root, a.path);
  const bytes = await firstMatching([inline, cas, tree], want);
  return bytes === undefined ? { kind: "unknown" } : { kind: "bytes", bytes };
}

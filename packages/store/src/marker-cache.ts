// Recovery asks, for every committed journal of the root, whether `applied/<hex>.json` is an fs
// marker (apply.md §7). Reading and schema-checking every marker on every fs apply made each apply
// cost time proportional to the root's history (a 1,000-file apply's marker alone is a 1,000-entry
// ApplyResult), so a process remembers, per marker file, the identity `(dev, ino, size, mtimeNs,
// ctimeNs)` of a file that it has read and found to be an fs marker (APL-17). Markers are only
// ever written by rename of a fresh temp (a new inode) and removed by unlink (manual rollback), and
// any write in place changes size, mtime or ctime (ctime cannot be set back), so one lstat tells
// whether the very file that validated is still there; anything else is read and checked again.
import { type FileIdentity, fileIdentity, sameFile } from "./file-identity";
import { type BigStats, errnoOf, fsx } from "./fsx";
import { layout } from "./layout";
import { readFsMarker } from "./markers";

const seen = new Map<string, FileIdentity>();
const SEEN_MAX = 4096;

async function lstatOrUndefined(file: string): Promise<BigStats | undefined> {
  try {
    return await fsx.lstat(file);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * The fs-marker rule of apply.md §3 for `applied/<hex>.json` (markers.ts), answered by one lstat
 * while the file is the one this process last found valid. The identity is remembered only when it is unchanged across the read
 * (a marker replaced during the read is checked again next time); a failed lstat falls back to
 * the full check, which fails closed.
 */
export async function isFsMarker(root: string, hex: string): Promise<boolean> {
  const file = layout.applied(root, hex);
  let before: BigStats | undefined;
  try {
    before = await lstatOrUndefined(file);
  } catch {
    seen.delete(file);
    return readFsMarker(root, hex);
  }
  if (before === undefined) {
    seen.delete(file);
    return false;
  }
  const hit = seen.get(file);
  if (hit && sameFile(hit, before)) return true;
  seen.delete(file);
  const ok = await readFsMarker(root, hex);
  if (!ok || !before.isFile()) return ok;
  const after = await lstatOrUndefined(file).catch(() => undefined);
  if (after && sameFile(before, after)) {
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(file, fileIdentity(before));
  }
  return ok;
}

/** Test seam: forget every remembered marker (a fresh process). */
export function forgetKnownMarkers(): void {
  seen.clear();
}

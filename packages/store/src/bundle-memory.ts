// What storeBundle remembers about the files it wrote or found intact (ARCH-S3): per
// `manifests/<hex>.json`, the identity `(dev, ino, size, mtimeNs, ctimeNs)` of the file, a key of
// the bundle it holds (sha256 of its stored text) and how far it is durable. One apply stores its
// bundle up to four times (the preview, apply() before its intent, the engine's C0, the MCP/CLI
// store on applied/noop); with this, every store after the first costs one lstat. Stored files are
// replaced only by rename of a fresh temp (a new inode), and any write in place changes size,
// mtime or ctime, so an unchanged identity means the very file that was remembered. Per process,
// at most 4096 entries (emptied when full).

import { type FileIdentity, fileIdentity, sameFile } from "./file-identity";
import type { BigStats } from "./fsx";

export interface Remembered extends FileIdentity {
  /** sha256 hex of the bundle text the file holds (or a JSON-equal copy of it). */
  key: string;
  /** The file's data was fsynced (by this process's write or an in-place fsync). */
  dataSynced: boolean;
  /** The file and its directory entry were fsynced: the atomic durable write of apply.md §3. */
  durable: boolean;
}

const known = new Map<string, Remembered>();
const KNOWN_MAX = 4096;

/** The memory of `file` when it is still the remembered file and holds the bundle of `key`. */
export function recall(file: string, st: BigStats, key: string): Remembered | undefined {
  const hit = known.get(file);
  if (hit === undefined) return undefined;
  if (hit.key === key && sameFile(hit, st)) return hit;
  known.delete(file);
  return undefined;
}

export function remember(
  file: string,
  st: BigStats,
  key: string,
  sync: { dataSynced: boolean; durable: boolean },
): Remembered {
  if (known.size >= KNOWN_MAX) known.clear();
  const entry: Remembered = { ...fileIdentity(st), key, ...sync };
  known.set(file, entry);
  return entry;
}

export function forget(file: string): void {
  known.delete(file);
}

/** Test seam: forget every stored bundle (a fresh process). */
export function forgetStoredBundles(): void {
  known.clear();
}

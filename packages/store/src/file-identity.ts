// A file's identity for the per-process caches that skip re-reading a file they already read
// (stored bundles, applied markers, final journals, the chain's head, a preview's targets): device,
// inode, size, and the mtime and ctime in ns. The files AXIOM writes are replaced only by the rename
// of a fresh temp (a new inode), and any write in place changes the size, the mtime or the ctime —
// ctime cannot be set back (utimes sets it to now) — so an unchanged identity means the very file,
// with the very bytes, that was read. One definition, so every cache asks the same question.
import type { BigStats } from "./fsx";

export type FileIdentity = Pick<BigStats, "dev" | "ino" | "size" | "mtimeNs" | "ctimeNs">;

/** The identity fields of `st`, copied (a cache keeps them, not the whole stats object). */
export function fileIdentity(st: FileIdentity): FileIdentity {
  const { dev, ino, size, mtimeNs, ctimeNs } = st;
  return { dev, ino, size, mtimeNs, ctimeNs };
}

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** The identity as a string, for caches keyed or compared by text. */
export function identityKey(st: FileIdentity): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

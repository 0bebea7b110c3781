// The chain's count and head as this process last left them (issue 24: an append O(1) in the
// chain's length). An append needs the entry count and the head hash, which takes the whole walk of
// §12.2 step 1 — unless the file is exactly as this process's own last append left it: the same
// file identity (the store's, file-identity.ts). Kept in memory only: a chain another process
// appended to, or anyone rewrote, no longer matches and is walked again; `axiom verify` walks always.
import type { BigStats, FileIdentity } from "@codai/axiom-store";
import { errnoOf, fileIdentity, fsx, sameFile } from "@codai/axiom-store";

export interface KnownHead {
  /** Count of good entries. */
  count: number;
  head: string;
  /** The file's size: an append that fails truncates back to it. */
  size: number;
}

interface Known {
  head: Omit<KnownHead, "size">;
  file: FileIdentity;
}

const known = new Map<string, Known>();

/** What this process last appended, when `file` is still exactly that file; else undefined. */
export async function knownHead(file: string): Promise<KnownHead | undefined> {
  const k = known.get(file);
  if (k === undefined) return undefined;
  let st: BigStats;
  try {
    st = await fsx.lstat(file);
  } catch (err) {
    if (errnoOf(err) !== "ENOENT") throw err;
    known.delete(file);
    return undefined;
  }
  if (st.isFile() && sameFile(st, k.file)) return { ...k.head, size: Number(k.file.size) };
  known.delete(file);
  return undefined;
}

/** Records the chain as this append left it (`st`: the fstat of its descriptor after the fsync). */
export function rememberHead(file: string, st: BigStats, head: Omit<KnownHead, "size">): void {
  known.set(file, { head, file: fileIdentity(st) });
}

export function forgetHead(file: string): void {
  known.delete(file);
}

/** The in-process crash simulation: a "killed" process keeps nothing but its files. */
export function forgetKnownHeads(): void {
  known.clear();
}

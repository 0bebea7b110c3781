// The timeline's index of `journal/chain.jsonl`: every line parsed once (not verified: the chain's
// health comes from the workflow's status document, and rows stop before its first bad entry),
// with the rollback relations a row shows ("undone by #n", "undid #m"). Cached per file identity
// (size, mtime, inode), so paging through 100k entries parses the file once.
// Should move to @codai/axiom-workflow next to `history` (a page of the chain with an offset).
import { errnoOf, fsx, layout } from "@codai/axiom-store";

export type ChainState = "committed" | "rolled-back" | "failed";

export interface IndexedEntry {
  seq: number;
  manifestDigest: string;
  state: ChainState;
  at: string;
  files: number;
  code?: string;
}

export interface ChainIndex {
  /** Entries in file order (seq 1..n), up to the first line that does not parse. */
  entries: IndexedEntry[];
  /** undoneBy[seq] = seq of the rolled-back entry that undid this committed entry (0: none). */
  undoneBy: Int32Array;
  /** undid[seq] = seq of the committed entry this rolled-back entry undid (0: none). */
  undid: Int32Array;
}

const STATES = new Set<string>(["committed", "rolled-back", "failed"]);

function parseLine(line: string): IndexedEntry | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.seq !== "number" || typeof o.manifestDigest !== "string" || typeof o.at !== "string") return undefined;
  if (typeof o.state !== "string" || !STATES.has(o.state) || typeof o.files !== "number") return undefined;
  const e: IndexedEntry = {
    seq: o.seq,
    manifestDigest: o.manifestDigest,
    state: o.state as ChainState,
    at: o.at,
    files: o.files,
  };
  if (typeof o.code === "string") e.code = o.code;
  return e;
}

/** Pure: the index of chain text (one JSON object per `\n`-terminated line). */
export function indexChain(text: string): ChainIndex {
  const entries: IndexedEntry[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    if (end === -1) break; // a torn last line is not an entry
    const e = parseLine(text.slice(start, end));
    if (e === undefined || e.seq !== entries.length + 1) break;
    entries.push(e);
    start = end + 1;
  }
  const undoneBy = new Int32Array(entries.length + 1);
  const undid = new Int32Array(entries.length + 1);
  // A rollback undoes the latest committed, not yet undone entry of the same digest.
  const open = new Map<string, number>();
  for (const e of entries) {
    if (e.state === "committed") open.set(e.manifestDigest, e.seq);
    else if (e.state === "rolled-back") {
      const target = open.get(e.manifestDigest);
      if (target === undefined) continue;
      undoneBy[target] = e.seq;
      undid[e.seq] = target;
      open.delete(e.manifestDigest);
    }
  }
  return { entries, undoneBy, undid };
}

const EMPTY: ChainIndex = { entries: [], undoneBy: new Int32Array(1), undid: new Int32Array(1) };
const cache = new Map<string, { key: string; index: ChainIndex }>();

/** The chain file's identity ("absent" when there is none): what every per-chain cache keys on. */
export async function chainKey(root: string): Promise<string> {
  try {
    const st = await fsx.lstat(layout.chain(root));
    return `${st.size}:${st.mtimeNs}:${st.ino}`;
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return "absent";
    throw err;
  }
}

/** The index of a root's chain, re-read only when the file changed. */
export async function chainIndex(root: string): Promise<ChainIndex> {
  const key = await chainKey(root);
  if (key === "absent") return EMPTY;
  const hit = cache.get(root);
  if (hit?.key === key) return hit.index;
  const index = indexChain((await fsx.readFile(layout.chain(root))).toString("utf8"));
  cache.set(root, { key, index });
  return index;
}

// The paged index of `journal/chain.jsonl` (issue 18): the chain's good entries as apply's verify
// walk reads them (no second parser), what each one means now (linkChain: still applied, undone by
// #n, the undo of #m) and, when the chain is broken, the first entry it cannot vouch for and how
// many lines from there on nobody is shown. `axiom log` and the review page's timeline, change view
// and pending list read it. Cached per chain file identity (the store's identityKey): paging through
// 100k entries walks the file once.
import { type ChainEntry, readChainBytes, walkChain } from "@codai/axiom-apply";
import { errnoOf, fsx, identityKey, layout } from "@codai/axiom-store";
import { type ChangeLink, type ChangeState, linkChain } from "./change-states";

export type { ChainEntry, ChangeLink, ChangeState };

export interface ChainBreak {
  /** The first entry the chain cannot vouch for, and why. */
  seq: number;
  reason: string;
  /** Chain lines from that entry to the end of the file (a torn last line included): none is shown. */
  hidden: number;
}

export interface ChainIndex {
  /** The chain file's identity when it was read (`chainKey`). */
  key: string;
  /** The good entries in file order (seq 1..n): everything before the first bad line. */
  entries: readonly ChainEntry[];
  /** One link per good entry, keyed by seq. */
  links: ReadonlyMap<number, ChangeLink>;
  broken?: ChainBreak;
}

export interface ChainPage {
  /** Up to `limit` good entries with seq < `before`, newest first. */
  entries: ChainEntry[];
  /** The cursor of the next (older) page; absent on the last. */
  next?: number;
}

/** The chain file's identity ("absent" when there is none): what every per-chain cache keys on. */
export async function chainKey(root: string): Promise<string> {
  try {
    return identityKey(await fsx.lstat(layout.chain(root)));
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return "absent";
    throw err;
  }
}

/** Lines in the chain bytes, a torn last line included. */
function lineCount(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) n++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? n + 1 : n;
}

/** Pure: the index of chain bytes read under identity `key`. */
function indexChain(bytes: Uint8Array, key: string): ChainIndex {
  const walk = walkChain(bytes);
  const index: ChainIndex = { key, entries: walk.entries, links: linkChain(walk.entries) };
  if (walk.firstBad) {
    const hidden = lineCount(bytes) - walk.entries.length;
    index.broken = { seq: walk.firstBad.seq, reason: walk.firstBad.reason, hidden };
  }
  return index;
}

const cache = new Map<string, ChainIndex>();

/** The index of a root's chain, walked again only when the file changed. */
export async function chainIndex(root: string): Promise<ChainIndex> {
  const key = await chainKey(root);
  const hit = cache.get(root);
  if (hit?.key === key) return hit;
  // Read after the key: a file appended in between is cached under the older key and re-read next time.
  const index = indexChain(key === "absent" ? new Uint8Array(0) : await readChainBytes(root), key);
  cache.set(root, index);
  return index;
}

/** A page of the index: a cursor (`before`, a seq), so page n costs what page 1 costs. */
export function chainPage(index: ChainIndex, before: number | undefined, limit: number): ChainPage {
  const good = index.entries.length;
  const top = Math.min(good, before === undefined ? good : Math.max(0, before - 1));
  const from = Math.max(0, top - Math.max(0, limit));
  const page: ChainPage = { entries: index.entries.slice(from, top).reverse() };
  if (from > 0) page.next = from + 1;
  return page;
}

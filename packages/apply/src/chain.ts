// The journal hash chain file `journal/chain.jsonl` (apply.md §12): read, verify, append.
import { axiomError } from "@codai/axiom-schema";
import {
  type ChainBadReason,
  type ChainEntry,
  type ChainState,
  type ChainWalk,
  formatChainLine,
  GENESIS,
  walkChain,
} from "./chain-walk";
import { errnoOf, fsx, O } from "./fsx";
import { layout } from "./layout";
import { fsyncDir, mkdirp } from "./lock-fs";

export { type ChainBadReason, type ChainEntry, type ChainState, type ChainWalk, formatChainLine, GENESIS, walkChain };

export interface ChainVerify {
  ok: boolean;
  /** Count of good entries. */
  entries: number;
  head: string;
  firstBad?: { seq: number; reason: ChainBadReason };
  /** Manifest digests of good entries whose `journal/<hex>.json` no longer exists (first-seen order, unique). */
  missing: string[];
}

async function readChainBytes(root: string): Promise<Buffer> {
  try {
    return await fsx.readFile(layout.chain(root));
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return Buffer.alloc(0);
    throw err;
  }
}

/** Reads and walks the chain; a missing file is an empty, intact chain. */
export async function readChain(root: string): Promise<ChainWalk> {
  return walkChain(await readChainBytes(root));
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsx.lstat(file);
    return true;
  } catch (err) {
    return errnoOf(err) !== "ENOENT";
  }
}

/**
 * Journals named by good entries that are gone (deleting journals by hand is allowed). One readdir
 * of `journal/` answers for every name it lists; only digests it does not list are lstat'ed (a race,
 * a case-insensitive file system), so a 100k-entry chain costs one directory read, not 100k lstats.
 */
export async function missingJournals(root: string, entries: readonly ChainEntry[]): Promise<string[]> {
  let listed: Set<string>;
  try {
    listed = new Set(await fsx.readdir(layout.journalDir(root)));
  } catch {
    listed = new Set();
  }
  // One pass, one Set lookup per listed entry; unlisted digests stay unique, in first-seen order.
  const unlisted: string[] = [];
  const seen = new Set<string>();
  for (const { manifestDigest: d } of entries) {
    if (listed.has(`${d.slice(7)}.json`) || seen.has(d)) continue;
    seen.add(d);
    unlisted.push(d);
  }
  const present = await Promise.all(unlisted.map((d) => exists(layout.journal(root, d.slice(7)))));
  return unlisted.filter((_, i) => !present[i]);
}

/** verifyChain (apply.md §12.3): `{ok, entries, head, firstBad?, missing[]}`. */
export async function verifyChain(root: string): Promise<ChainVerify> {
  const walk = await readChain(root);
  const out: ChainVerify = {
    ok: walk.firstBad === undefined,
    entries: walk.entries.length,
    head: walk.head,
    missing: [],
  };
  if (walk.firstBad) out.firstBad = walk.firstBad;
  out.missing = await missingJournals(root, walk.entries);
  return out;
}

/** Throws ERR_JOURNAL_CHAIN `{seq, reason, entries, file}` when the chain is broken. */
export async function assertChain(root: string): Promise<ChainVerify> {
  const result = await verifyChain(root);
  if (result.firstBad) {
    throw axiomError("ERR_JOURNAL_CHAIN", {
      message: `journal chain broken at #${result.firstBad.seq} (${result.firstBad.reason})`,
      details: {
        seq: result.firstBad.seq,
        reason: result.firstBad.reason,
        entries: result.entries,
        file: layout.chain(root),
      },
    });
  }
  return result;
}

export interface ChainAppendInput {
  manifestDigest: string;
  state: ChainState;
  /** The journal's step count. */
  files: number;
  code?: string;
}

/**
 * Appends one entry (apply.md §12.2; the caller holds the root lock). A broken chain (torn tail
 * included) refuses with ERR_JOURNAL_CHAIN `{seq, reason, file}`. The line goes out in a single
 * write on an append-mode handle, then fsync; `journal/` is fsynced when the file was new or empty.
 * A failed write truncates the file back to its old length (threats.md §4.2) and rethrows.
 * Apply and rollback swallow the error; status and `verify --journal` report the damage.
 */
export async function appendChainEntry(root: string, input: ChainAppendInput): Promise<ChainEntry> {
  const file = layout.chain(root);
  const before = await readChainBytes(root);
  const walk = walkChain(before);
  if (walk.firstBad) {
    throw axiomError("ERR_JOURNAL_CHAIN", {
      message: `journal chain broken at #${walk.firstBad.seq} (${walk.firstBad.reason}); not appending`,
      details: { seq: walk.firstBad.seq, reason: walk.firstBad.reason, file },
    });
  }
  const entry: ChainEntry = {
    seq: walk.entries.length + 1,
    manifestDigest: input.manifestDigest,
    state: input.state,
    at: new Date().toISOString(),
    prev: walk.head,
    files: input.files,
  };
  if (input.code !== undefined) entry.code = input.code;
  await mkdirp(layout.journalDir(root));
  const fd = await fsx.open(file, O.O_WRONLY | O.O_APPEND | O.O_CREAT, 0o644);
  try {
    await fsx.write(fd, Buffer.from(`${formatChainLine(entry)}\n`, "utf8"));
    await fsx.fsync(fd);
  } catch (err) {
    await fsx.ftruncate(fd, before.length).catch(() => undefined);
    await fsx.close(fd).catch(() => undefined);
    throw err;
  }
  await fsx.close(fd);
  if (before.length === 0) await fsyncDir(layout.journalDir(root));
  return entry;
}

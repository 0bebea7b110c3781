// The journal hash chain file `journal/chain.jsonl` (apply.md §12): read, verify, append.
import { axiomError } from "@codai/axiom-schema";
import { errnoOf, fsx, layout, O } from "@codai/axiom-store";
import { forgetHead, type KnownHead, knownHead, rememberHead } from "./chain-head";
import {
  type ChainBadReason,
  type ChainEntry,
  type ChainState,
  type ChainTally,
  type ChainWalk,
  formatChainLine,
  GENESIS,
  lineDigest,
  tallyChain,
  walkChain,
} from "./chain-walk";
import { fsyncDir, mkdirp } from "./lock-fs";

export {
  type ChainBadReason,
  type ChainEntry,
  type ChainState,
  type ChainTally,
  type ChainWalk,
  formatChainLine,
  GENESIS,
  tallyChain,
  walkChain,
};

export interface ChainVerify {
  ok: boolean;
  /** Count of good entries. */
  entries: number;
  head: string;
  firstBad?: { seq: number; reason: ChainBadReason };
  /** Manifest digests of good entries whose `journal/<hex>.json` no longer exists (first-seen order, unique). */
  missing: string[];
}

/** The chain file's bytes; a missing file reads as empty. */
export async function readChainBytes(root: string): Promise<Buffer> {
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

/** The names in `journal/` (none when it cannot be listed). Never rejects. */
async function journalFileNames(root: string): Promise<Set<string>> {
  try {
    return new Set(await fsx.readdir(layout.journalDir(root)));
  } catch {
    return new Set();
  }
}

/**
 * Of `digests` (manifest digests in chain order), those whose `journal/<hex>.json` is gone, unique,
 * first-seen order. One readdir (`listed`) answers for every name it lists; only digests it does
 * not list are lstat'ed (a race, a case-insensitive file system), so a 100k-entry chain costs one
 * directory read, not 100k lstats.
 */
async function unlistedMissing(root: string, listed: Set<string>, digests: Iterable<string>): Promise<string[]> {
  const unlisted: string[] = [];
  const seen = new Set<string>();
  for (const d of digests) {
    if (listed.has(`${d.slice(7)}.json`) || seen.has(d)) continue;
    seen.add(d);
    unlisted.push(d);
  }
  const present = await Promise.all(unlisted.map((d) => exists(layout.journal(root, d.slice(7)))));
  return unlisted.filter((_, i) => !present[i]);
}

/** Journals named by good entries that are gone (deleting journals by hand is allowed). */
export async function missingJournals(root: string, entries: readonly ChainEntry[]): Promise<string[]> {
  return unlistedMissing(
    root,
    await journalFileNames(root),
    entries.map((e) => e.manifestDigest),
  );
}

/** verifyChain (apply.md §12.3): `{ok, entries, head, firstBad?, missing[]}`. */
export async function verifyChain(root: string): Promise<ChainVerify> {
  // Only the good entries' manifest digests outlive the walk (slices of the decoded chain text).
  const digests: string[] = [];
  const tally = tallyChain(await readChainBytes(root), (e) => digests.push(e.manifestDigest));
  const out: ChainVerify = { ok: tally.firstBad === undefined, entries: tally.count, head: tally.head, missing: [] };
  if (tally.firstBad) out.firstBad = tally.firstBad;
  out.missing = await unlistedMissing(root, await journalFileNames(root), digests);
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
 * included) refuses with ERR_JOURNAL_CHAIN `{seq, reason, file}`; the walk is skipped when the file
 * is exactly as this process's last append left it (chain-head.ts). The line goes out in a single
 * write on an append-mode handle, then fsync; `journal/` is fsynced when the file was new or empty.
 * A failed write truncates the file back to its old length (threats.md §4.2) and rethrows.
 * Apply and rollback swallow the error; status and `verify --journal` report the damage.
 */
export async function appendChainEntry(root: string, input: ChainAppendInput): Promise<ChainEntry> {
  const file = layout.chain(root);
  const before = (await knownHead(file)) ?? (await walkedHead(root, file));
  const entry: ChainEntry = {
    seq: before.count + 1,
    manifestDigest: input.manifestDigest,
    state: input.state,
    at: new Date().toISOString(),
    prev: before.head,
    files: input.files,
  };
  if (input.code !== undefined) entry.code = input.code;
  const line = Buffer.from(`${formatChainLine(entry)}\n`, "utf8");
  await mkdirp(layout.journalDir(root));
  const fd = await fsx.open(file, O.O_WRONLY | O.O_APPEND | O.O_CREAT, 0o644);
  try {
    await fsx.write(fd, line);
    await fsx.fsync(fd);
  } catch (err) {
    forgetHead(file);
    await fsx.ftruncate(fd, before.size).catch(() => undefined);
    await fsx.close(fd).catch(() => undefined);
    throw err;
  }
  await fsx
    .fstat(fd)
    .then((st) => rememberHead(file, st, { count: entry.seq, head: lineDigest(line.subarray(0, -1)) }))
    .catch(() => forgetHead(file));
  await fsx.close(fd);
  if (before.size === 0) await fsyncDir(layout.journalDir(root));
  return entry;
}

/** The whole walk (§12.2 step 1), keeping no entries: only the count and the head are needed. */
async function walkedHead(root: string, file: string): Promise<KnownHead> {
  const bytes = await readChainBytes(root);
  const tally = tallyChain(bytes);
  if (tally.firstBad) {
    throw axiomError("ERR_JOURNAL_CHAIN", {
      message: `journal chain broken at #${tally.firstBad.seq} (${tally.firstBad.reason}); not appending`,
      details: { seq: tally.firstBad.seq, reason: tally.firstBad.reason, file },
    });
  }
  return { count: tally.count, head: tally.head, size: bytes.length };
}

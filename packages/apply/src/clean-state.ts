// What recovery (§7) and the dry-run gate (§5.1) would find is a function of the entries of five
// directories: journal/ (pending or corrupt journals; each committed one's completion), applied/
// (the markers that completion checks), staging/, tmp/ and backup/ (the leftovers it removes), and
// of the journals' bytes. Listing them costs a parse-cache check per journal and per marker ever
// written (journals are kept forever, §4.1) plus the leftover listings, on every apply and dry-run.
// Every writer of those entries (apply, rollback, recovery, gc, under the lock) creates, renames or
// unlinks them, which moves the directory's mtime and ctime (ctime cannot be set back); a journal
// changed in place (a disk error, an edit) changes its own identity. So when this process has seen
// the root clean — nothing to recover, nothing left over — and each directory and each journal
// still has the identity it had then, the gate skips the listing (decisions SPEED-10): one lstat
// per journal instead, and a corrupt journal is still never skipped (D28). Kept in memory only,
// like the chain head (SPEED-2): a fresh process lists.
import * as path from "node:path";
import { fsx, identityKey, layout } from "@codai/axiom-store";

const DIRS = [layout.journalDir, layout.appliedDir, layout.stagingRoot, layout.tmp, layout.backupRoot];
const JOURNAL_FILE = /^[0-9a-f]{64}\.json$/;

interface CleanState {
  /** The five directories' identities ("-" for an absent one). */
  dirs: string;
  /** Each journal file's identity, by name. */
  journals: Map<string, string>;
}

const seenClean = new Map<string, CleanState>();
const ROOTS_MAX = 64;

async function keyOf(file: string): Promise<string> {
  const st = await fsx.lstat(file).catch(() => undefined);
  return st === undefined ? "-" : identityKey(st);
}

async function dirKeys(tree: string): Promise<string> {
  const keys: string[] = [];
  for (const dir of DIRS) keys.push(await keyOf(dir(tree)));
  return keys.join("|");
}

/** True when `tree`'s directories and journals are exactly as this process last saw them clean. */
export async function stillClean(tree: string): Promise<boolean> {
  const seen = seenClean.get(tree);
  if (seen === undefined || seen.dirs !== (await dirKeys(tree))) return false;
  // Same directory identity: the same names. Each journal's bytes: its own identity.
  for (const [name, key] of seen.journals)
    if ((await keyOf(path.join(layout.journalDir(tree), name))) !== key) return false;
  return true;
}

/**
 * Records `tree` as clean now. Caller holds the lock and has just proven it clean (recovery) or
 * kept it so (`own`: the one journal a successful run added to a root its gate found clean; the
 * other journals keep the identities that gate verified, so a change since is still seen).
 */
export async function rememberClean(tree: string, own?: string): Promise<void> {
  const dir = layout.journalDir(tree);
  const before = seenClean.get(tree);
  let journals: Map<string, string>;
  if (own !== undefined && before !== undefined) {
    journals = new Map(before.journals);
    journals.set(`${own}.json`, await keyOf(path.join(dir, `${own}.json`)));
  } else {
    journals = new Map();
    const names = await fsx.readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (JOURNAL_FILE.test(name)) journals.set(name, await keyOf(path.join(dir, name)));
  }
  if (!seenClean.has(tree) && seenClean.size >= ROOTS_MAX) seenClean.clear();
  seenClean.set(tree, { dirs: await dirKeys(tree), journals });
}

/** Test hook: forget every root (what a fresh process knows). */
export function forgetCleanState(): void {
  seenClean.clear();
}

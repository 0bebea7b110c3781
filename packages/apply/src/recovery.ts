// Crash recovery (apply.md §7, D7, D28). Caller holds the lock. A corrupt journal blocks
// everything (nothing is acted on); every other journal is driven to a terminal state.
import * as path from "node:path";
import { type ApplyFileResult, axiomError, type Journal } from "@codai/axiom-schema";
import {
  fsyncDir,
  isFsMarker,
  layout,
  readdirIfExists,
  readStoredBundle,
  rmrf,
  writeAppliedMarker,
} from "@codai/axiom-store";
import { appendChainEntry, readChain } from "./chain";
import { repairTornChainTail } from "./chain-repair";
import { rememberClean, stillClean } from "./clean-state";
import { deleteJournal, listJournals } from "./journal";
import { type RollbackHooks, rollbackRoutine } from "./rollback-routine";
import { sweepOrphanTempsThrottled } from "./temp-sweep";

export class RecoveryError extends Error {
  constructor(
    readonly digest: string,
    override readonly cause: unknown,
    readonly rollbackFailed: boolean,
  ) {
    super(`recovery of ${digest} failed`);
  }
}

/** Files of a completed commit, per §7 (ops and digests from the stored manifest when valid). */
async function completedFiles(tree: string, j: Journal): Promise<ApplyFileResult[]> {
  const hex = j.manifestDigest.slice(7);
  const bundle = await readStoredBundle(tree, hex).catch(() => undefined);
  const byPath = new Map(bundle?.manifest.artifacts.map((a) => [a.path, a]) ?? []);
  return j.steps.map((s) => {
    const a = byPath.get(s.path);
    const op = a?.op ?? s.op;
    const status = s.op === "delete" ? (s.backup !== undefined ? "deleted" : "skipped") : "written";
    const out: ApplyFileResult = { path: s.path, op, status };
    if (a?.digest) out.digest = { sha256: a.digest.sha256 };
    return out;
  });
}

/** §7 "committed, no fs marker": ensure a committed chain entry, write the marker, drop staging. */
export async function completeCommit(tree: string, j: Journal, hooks: RollbackHooks): Promise<void> {
  const hex = j.manifestDigest.slice(7);
  try {
    const walk = await readChain(tree);
    const newest = [...walk.entries].reverse().find((e) => e.manifestDigest === j.manifestDigest);
    if (newest?.state !== "committed") {
      await appendChainEntry(tree, { manifestDigest: j.manifestDigest, state: "committed", files: j.steps.length });
    }
  } catch (err) {
    hooks.onWarn?.("chain append failed", { manifestDigest: j.manifestDigest, error: String((err as Error).message) });
  }
  const marker = {
    apiVersion: "axiom.dev/v2",
    kind: "ApplyResult",
    manifestDigest: j.manifestDigest,
    mode: "fs",
    status: "applied",
    root: tree,
    files: await completedFiles(tree, j),
    journal: layout.journal(tree, hex),
  };
  await writeAppliedMarker(tree, hex, marker);
  await rmrf(layout.staging(tree, hex));
}

/** Throws ERR_JOURNAL_CORRUPT {files} when any journal is corrupt (checked before any action). */
export async function assertNoCorruptJournal(tree: string): Promise<Awaited<ReturnType<typeof listJournals>>> {
  const all = await listJournals(tree);
  const bad = all.filter((e) => e.corrupt).map((e) => e.file);
  if (bad.length > 0) {
    throw axiomError("ERR_JOURNAL_CORRUPT", {
      message: `corrupt journal(s) block this root: ${bad.join(", ")}`,
      details: { files: bad },
    });
  }
  return all;
}

/**
 * The entries of `staging/` and `backup/` when recovery starts (APL-17). Both are written only under
 * the lock, which recovery holds, and each journal's action removes only its own `<hex>`, so a
 * name missing here is missing for the whole pass: the leftover rm -rf of a final-phase journal
 * (a recursive rm is a thread-pool round trip even for an absent path) runs only for names listed.
 */
export interface Leftovers {
  staging: ReadonlySet<string>;
  backup: ReadonlySet<string>;
}

async function rmIfListed(names: ReadonlySet<string> | undefined, dir: string, hex: string): Promise<void> {
  if (names === undefined || names.has(hex)) await rmrf(path.join(dir, hex));
}

/** Recovers one parsed journal by phase (§7 table); `leftovers` = what recoverIfNeeded listed. */
export async function recoverJournal(
  tree: string,
  j: Journal,
  hooks: RollbackHooks,
  leftovers?: Leftovers,
): Promise<boolean> {
  const hex = j.manifestDigest.slice(7);
  switch (j.phase) {
    case "staged":
      await rmrf(layout.staging(tree, hex));
      await deleteJournal(tree, hex);
      await fsyncDir(layout.journalDir(tree));
      return true;
    case "committing":
    case "rolling-back":
      try {
        await rollbackRoutine(tree, j, false, { ...hooks, phase: "recovery" });
      } catch (err) {
        throw new RecoveryError(j.manifestDigest, err, true);
      }
      return true;
    case "committed":
      if (await isFsMarker(tree, hex)) {
        await rmIfListed(leftovers?.staging, layout.stagingRoot(tree), hex);
        return false;
      }
      await completeCommit(tree, j, hooks);
      return true;
    case "rolled-back":
      await rmIfListed(leftovers?.staging, layout.stagingRoot(tree), hex);
      await rmIfListed(leftovers?.backup, layout.backupRoot(tree), hex);
      return false;
  }
}

/**
 * Deletes leftover `journal/*.tmp-*` and `applied/*.tmp-*` (apply.md §7): both are written only under
 * the lock, so whoever holds it knows each one is a dead writer's. Recovery and manual rollback
 * (APL-24) call it; a manual rollback is often the first thing run after a cut.
 */
export async function removeLockedTemps(tree: string): Promise<void> {
  for (const dir of [layout.journalDir(tree), layout.appliedDir(tree)]) {
    for (const name of await readdirIfExists(dir)) if (name.includes(".tmp-")) await rmrf(path.join(dir, name));
  }
}

/** recoverIfNeeded(tree): returns the digests it recovered. */
export async function recoverIfNeeded(tree: string, hooks: RollbackHooks = {}): Promise<string[]> {
  if (await stillClean(tree)) {
    // Nothing to recover and nothing left over since this process last saw the root clean (SPEED-10).
    await repairTornChainTail(tree, hooks.onWarn);
    await sweepOrphanTempsThrottled(tree, hooks.onWarn);
    return [];
  }
  const all = await assertNoCorruptJournal(tree);
  // before any journal is driven: completing a commit appends to the chain (APL-25)
  await repairTornChainTail(tree, hooks.onWarn);
  const recovered: string[] = [];
  const leftovers: Leftovers = {
    staging: new Set(await readdirIfExists(layout.stagingRoot(tree))),
    backup: new Set(await readdirIfExists(layout.backupRoot(tree))),
  };
  for (const e of all) {
    const j = e.journal as Journal;
    try {
      if (await recoverJournal(tree, j, hooks, leftovers)) recovered.push(j.manifestDigest);
    } catch (err) {
      if (err instanceof RecoveryError) throw err;
      throw new RecoveryError(j.manifestDigest, err, false);
    }
  }
  // "Remove every staging/* directory not belonging to a journal still in committing or
  // rolling-back": the loop above drove every such journal to rolled-back (or threw), and under
  // the lock no other writer makes one, so none is left to keep (no second journal listing).
  for (const name of await readdirIfExists(layout.stagingRoot(tree)))
    await rmrf(path.join(layout.stagingRoot(tree), name));
  for (const name of await readdirIfExists(layout.tmp(tree))) await rmrf(path.join(layout.tmp(tree), name));
  await removeLockedTemps(tree);
  // Temp files of writers outside the lock (the bundle store before the intent, ...): APL-12.
  await sweepOrphanTempsThrottled(tree, hooks.onWarn);
  await rememberClean(tree);
  return recovered;
}

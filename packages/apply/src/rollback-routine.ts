// The scoped rollback routine (apply.md §6), shared by an in-process commit failure, crash
// recovery and manual rollback. Only the journal's paths are touched, each resolved through the
// containment walk first; backups are read only at `backup/<hex>/<path>` (threats.md I23).
import * as path from "node:path";
import { axiomError, type ErrorCode, isAxiomError } from "@codai/axiom-schema";
import {
  backupRel,
  errnoOf,
  fsx,
  fsyncDir,
  fsyncDirs,
  hashFd,
  layout,
  mkdirp,
  openNoFollow,
  renameRetry,
  rmrf,
  unlinkRetry,
} from "@codai/axiom-store";
import { appendChainEntry } from "./chain";
import { containmentWalk } from "./containment";
import { type EscapePhase, pin, unpin, verifyRenamed, verifyUnlinked } from "./escape-guard";
import { type Journal, writeJournal } from "./journal";

export interface RollbackHooks {
  /** Warn-level notices (chain append failures); errors there are swallowed. */
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  /** Who runs the routine, named by an escape it detects (default "rollback"). */
  phase?: EscapePhase;
  /** The commit this routine undoes detected an escape: its chain entry is `failed` with this code. */
  failedCode?: ErrorCode;
}

async function lstatOrUndefined(p: string) {
  try {
    return await fsx.lstat(p);
  } catch (err) {
    const c = errnoOf(err);
    if (c === "ENOENT" || c === "ENOTDIR") return undefined;
    throw err;
  }
}

/**
 * `backup/<hex>/<rel>` when every ancestor below `backup/<hex>` is a real directory inside it, else
 * undefined: a journal's path may name a link planted inside the backup set, and a backup is never
 * read, renamed or removed through one (threats.md I23).
 */
async function containedBackupFile(tree: string, hex: string, rel: string): Promise<string | undefined> {
  const base = layout.backup(tree, hex);
  try {
    await containmentWalk(base, rel);
  } catch (err) {
    if (isAxiomError(err)) return undefined;
    throw err;
  }
  return layout.backupFile(tree, hex, rel);
}

async function unlinkIfPresent(p: string): Promise<boolean> {
  try {
    await unlinkRetry(p);
    return true;
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return false;
    throw err;
  }
}

/**
 * `rmdir` of the directory `rel` when it is a real, empty directory inside the root; anything else
 * (gone, not empty, a file, behind a link) is left alone: it is no longer only this apply's.
 */
async function removeIfEmpty(tree: string, rel: string): Promise<boolean> {
  try {
    await containmentWalk(tree, `${rel}/.`);
    const st = await lstatOrUndefined(layout.target(tree, rel));
    if (!st?.isDirectory()) return false;
    await fsx.rmdir(layout.target(tree, rel));
    return true;
  } catch (err) {
    if (isAxiomError(err)) return false;
    const c = errnoOf(err);
    if (c === "ENOTEMPTY" || c === "EEXIST" || c === "ENOENT" || c === "ENOTDIR") return false;
    throw err;
  }
}

/** Removes target `T` of `rel`, then checks the name removed was the one inside the root. */
async function unlinkTarget(tree: string, rel: string, T: string, phase: EscapePhase): Promise<boolean> {
  const p = pin(T);
  try {
    const gone = await unlinkIfPresent(T);
    if (gone && p) verifyUnlinked(tree, rel, T, p, phase);
    return gone;
  } finally {
    unpin(p);
  }
}

/**
 * Throws ERR_DIGEST_MISMATCH unless backup `B` still holds the pre-image `expected` (SEC-37): a
 * backup is a hard link, and bytes written through another name of the inode would be restored.
 */
export async function verifyBackup(rel: string, B: string, expected: string | undefined): Promise<void> {
  if (expected === undefined) return; // a journal from before the field: nothing to compare with
  const fd = await openNoFollow(B);
  let actual: string;
  try {
    actual = (await hashFd(fd)).hex;
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
  if (actual !== expected) {
    throw axiomError("ERR_DIGEST_MISMATCH", {
      message: `the backup of ${rel} no longer holds its pre-image`,
      path: rel,
      details: { expected, actual, backup: true },
    });
  }
}

/** Restores backup `B` to target `T` of `rel`, then checks where the backup's inode landed. */
async function restoreBackup(tree: string, rel: string, B: string, T: string, phase: EscapePhase): Promise<void> {
  const p = pin(B);
  try {
    await renameRetry(B, T);
    if (p) verifyRenamed(tree, rel, T, p, phase, "keep");
  } finally {
    unpin(p);
  }
}

/** Runs R0–R6 on `j` (phase committing, committed or rolling-back). Returns the final journal. */
export async function rollbackRoutine(
  tree: string,
  j: Journal,
  manual: boolean,
  hooks: RollbackHooks = {},
): Promise<Journal> {
  const hex = j.manifestDigest.slice(7);
  const phase = hooks.phase ?? "rollback";
  // R0: only a manual rollback of a committed journal removes the applied marker.
  if (manual && j.phase === "committed") {
    await unlinkIfPresent(layout.applied(tree, hex));
    await fsyncDir(layout.appliedDir(tree)).catch((err) => {
      if (errnoOf(err) !== "ENOENT") throw err;
    });
  }
  // R1: settle each step's backup field, then make `rolling-back` durable.
  let journal = j;
  if (j.phase !== "rolling-back") {
    const steps = [];
    for (const s of j.steps) {
      let has: boolean;
      if (j.phase === "committed") has = s.backup !== undefined;
      else {
        const B = await containedBackupFile(tree, hex, s.path);
        has = B !== undefined && (await lstatOrUndefined(B))?.isFile() === true;
      }
      const { backup: _drop, ...rest } = s;
      steps.push(has ? { ...rest, backup: backupRel(hex, s.path) } : rest);
    }
    journal = { ...j, phase: "rolling-back", steps };
    await writeJournal(tree, journal);
  }
  // R2: reverse replay.
  const touched = new Set<string>();
  for (let i = journal.steps.length - 1; i >= 0; i--) {
    const s = journal.steps[i]!;
    const T = layout.target(tree, s.path);
    const S = layout.stagedFile(tree, hex, s.path);
    const hasBackup = s.backup !== undefined;
    let performed: boolean;
    if (s.op === "delete") {
      performed = s.done || (await lstatOrUndefined(T)) === undefined;
    } else if (s.done) {
      performed = true;
    } else {
      const ss = await lstatOrUndefined(S);
      if (ss === undefined) performed = true;
      else {
        const ts = await lstatOrUndefined(T);
        performed = ts !== undefined && ts.dev === ss.dev && ts.ino === ss.ino;
      }
    }
    // Only a step that acts on T resolves T through the walk first; a failing walk ends the
    // routine (→ ERR_ROLLBACK), so nothing is ever written through a swapped-in link.
    if (s.op === "create" || (!hasBackup && s.op === "overwrite")) {
      if (performed) {
        await containmentWalk(tree, s.path);
        if (await unlinkTarget(tree, s.path, T, phase)) touched.add(path.dirname(T));
      }
      continue;
    }
    if (!hasBackup) continue; // delete without backup: nothing to restore
    const B = await containedBackupFile(tree, hex, s.path);
    if (B === undefined) continue; // a backup behind a planted link is never touched
    if (performed) {
      if ((await lstatOrUndefined(B)) !== undefined) {
        await verifyBackup(s.path, B, s.pre);
        await containmentWalk(tree, s.path);
        for (const d of await mkdirp(path.dirname(T))) touched.add(path.dirname(d));
        await restoreBackup(tree, s.path, B, T, phase);
        touched.add(path.dirname(T));
        touched.add(path.dirname(B));
      }
    } else if (await unlinkIfPresent(B)) {
      touched.add(path.dirname(B));
    }
  }
  // R2a (SEC-35): the directories this apply's creates needed, deepest first, each removed when empty
  for (const d of journal.dirs ?? []) {
    if (!(await removeIfEmpty(tree, d))) continue;
    const abs = layout.target(tree, d);
    touched.delete(abs); // gone: its parent's fsync makes the removal durable
    touched.add(path.dirname(abs));
  }
  // R3–R4
  await fsyncDirs(touched);
  journal = { ...journal, phase: "rolled-back" };
  await writeJournal(tree, journal);
  // R5–R6
  await rmrf(layout.staging(tree, hex));
  await rmrf(layout.backup(tree, hex));
  try {
    await appendChainEntry(tree, {
      manifestDigest: journal.manifestDigest,
      files: journal.steps.length,
      ...(hooks.failedCode ? { state: "failed", code: hooks.failedCode } : { state: "rolled-back" }),
    });
  } catch (err) {
    hooks.onWarn?.("chain append failed", {
      manifestDigest: journal.manifestDigest,
      error: String((err as Error).message),
    });
  }
  return journal;
}

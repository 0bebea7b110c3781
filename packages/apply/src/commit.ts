// Commit (apply.md §5.7 C3–C6) with the durability order of D12: the caller has made the journal
// `committing` durable (C0–C2, SPEED-16) → backups durable → per-target re-check + rename → touched
// directories fsynced → `committed`. The caller maps failures (§5.9).

import { createHash, randomBytes } from "node:crypto";
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import {
  backupRel,
  capture,
  digestOrAbsent,
  errnoOf,
  fsx,
  fsyncDirs,
  hashFd,
  layout,
  mkdirp,
  nlinkOf,
  O,
  openNoFollow,
  renameRetry,
  rmLeftover,
  unlinkRetry,
} from "@codai/axiom-store";
import { containmentWalk } from "./containment";
import { pin, unpin, verifyMadeDirs, verifyRenamed, verifyUnlinked } from "./escape-guard";
import { type Journal, writeJournal } from "./journal";
import type { PlannedStep } from "./prepare";

export const JOURNAL_REWRITE_EVERY = 32;

function changed(rel: string, expected: string, actual: string): Error {
  return axiomError("ERR_PREIMAGE_CHANGED", {
    message: `${rel} changed between prepare and commit`,
    path: rel,
    details: { expected, actual },
  });
}

/** Opens the captured regular file again and checks type, identity and link count. */
async function reopenCaptured(s: PlannedStep, maxLinks: bigint): Promise<number> {
  if (s.pre.kind !== "file") throw new Error("reopenCaptured on a non-file");
  let fd: number;
  try {
    fd = await openNoFollow(s.abs);
  } catch (err) {
    const c = errnoOf(err);
    if (c === "ELOOP" || c === "ENOENT" || c === "ENOTDIR") {
      throw changed(s.rel, s.pre.hex, digestOrAbsent(await capture(s.abs).catch(() => ({ kind: "absent" as const }))));
    }
    throw err;
  }
  try {
    const st = await fsx.fstat(fd);
    if (!st.isFile() || st.dev !== s.pre.dev || st.ino !== s.pre.ino) {
      throw changed(s.rel, s.pre.hex, st.isFile() ? (await hashFd(fd)).hex : "non-file:other");
    }
    const n = nlinkOf(st);
    if (n === undefined || n < 1n || n > maxLinks) {
      throw axiomError("ERR_TARGET_TYPE", {
        message: `${s.rel} gained a hard link`,
        path: s.rel,
        details: { kind: "hardlink" },
      });
    }
    return fd;
  } catch (err) {
    await fsx.close(fd).catch(() => undefined);
    throw err;
  }
}

/** Copy fallback of pass 1: copies from the open fd into a temp beside B, hashing as it goes. */
async function copyBackup(s: PlannedStep, fd: number, B: string): Promise<void> {
  if (s.pre.kind !== "file") return;
  const tmp = path.join(path.dirname(B), `.axiom-tmp-${randomBytes(8).toString("hex")}`);
  const out = await fsx.open(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o600);
  try {
    const h = createHash("sha256");
    const buf = Buffer.allocUnsafe(1 << 20);
    let pos = 0;
    for (;;) {
      const n = await fsx.read(fd, buf, 0, buf.length, pos);
      if (n <= 0) break;
      h.update(buf.subarray(0, n));
      await fsx.write(out, buf.subarray(0, n));
      pos += n;
    }
    const hex = h.digest("hex");
    if (hex !== s.pre.hex) throw changed(s.rel, s.pre.hex, hex);
    if (process.platform !== "win32") {
      await fsx.fchmod(out, s.pre.mode & 0o777);
      await fsx.fchown(out, s.pre.uid, s.pre.gid).catch((err) => {
        const c = errnoOf(err);
        if (c !== "EPERM" && c !== "EINVAL") throw err;
      });
    }
    await fsx.fsync(out);
  } catch (err) {
    await fsx.close(out).catch(() => undefined);
    await fsx.unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fsx.close(out);
  await renameRetry(tmp, B);
}

/**
 * link(2) takes the target by its path, so a path swapped after the re-open (a directory for a
 * symlink, another file renamed over it) links something else (SEC-40): the backup must be the
 * captured inode itself, else it is removed again and the step refused as the pre-image changed.
 */
async function checkLinkedBackup(s: PlannedStep, B: string): Promise<void> {
  if (s.pre.kind !== "file") return;
  const st = await fsx.lstat(B);
  if (st.isFile() && st.dev === s.pre.dev && st.ino === s.pre.ino) return;
  await fsx.unlink(B).catch(() => undefined);
  throw changed(s.rel, s.pre.hex, digestOrAbsent(await capture(s.abs).catch(() => ({ kind: "absent" as const }))));
}

/** C3: pass 1, backups of every captured regular file, durable before any rename. */
async function passBackups(tree: string, hex: string, steps: PlannedStep[], journal: Journal): Promise<Journal> {
  await rmLeftover(layout.backup(tree, hex));
  const gained = new Set<string>();
  const out = journal.steps.map((st) => ({ ...st }));
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.pre.kind !== "file") continue;
    const B = layout.backupFile(tree, hex, s.rel);
    await containmentWalk(tree, s.rel);
    const fd = await reopenCaptured(s, 1n);
    try {
      for (const d of await mkdirp(path.dirname(B))) gained.add(path.dirname(d));
      gained.add(path.dirname(B));
      let linked = false;
      try {
        await fsx.link(s.abs, B);
        linked = true;
      } catch (err) {
        if (errnoOf(err) === "EEXIST") throw err;
        await copyBackup(s, fd, B);
      }
      if (linked) await checkLinkedBackup(s, B);
    } finally {
      await fsx.close(fd).catch(() => undefined);
    }
    out[i]!.backup = backupRel(hex, s.rel);
  }
  // No pre-image was a regular file (a change set of creates): the rewrite would repeat the C2
  // journal byte for byte, so its two fsyncs are skipped.
  if (!out.some((st) => st.backup !== undefined)) return journal;
  await fsyncDirs(gained);
  const next: Journal = { ...journal, steps: out };
  await writeJournal(tree, next);
  return next;
}

/** C4 (b): the commit-time re-check of one target against its capture. */
async function recheck(s: PlannedStep, hasLinkBackup: boolean): Promise<void> {
  if (s.pre.kind === "absent") {
    const now = await capture(s.abs).catch(() => undefined);
    if (now && now.kind !== "absent") throw changed(s.rel, "absent", digestOrAbsent(now));
    if (!now) throw changed(s.rel, "absent", "unreadable");
    return;
  }
  if (s.pre.kind !== "file") throw new Error("unreachable: non-file pre-image");
  const fd = await reopenCaptured(s, hasLinkBackup ? 2n : 1n);
  try {
    const { hex } = await hashFd(fd);
    if (hex !== s.pre.hex) throw changed(s.rel, s.pre.hex, hex);
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
}

export interface CommitState {
  journal: Journal;
}

/**
 * C3–C6, from the durable `committing` journal in `state`. `state.journal` always holds the latest
 * journal written, so the caller's rollback (§5.9) starts from what is on disk. Touched directories
 * are fsynced before `committed`.
 */
export async function commitSteps(tree: string, hex: string, steps: PlannedStep[], state: CommitState): Promise<void> {
  if (state.journal.phase !== "committing") throw new Error("unreachable: commit without a committing journal");
  state.journal = await passBackups(tree, hex, steps, state.journal);
  const touched = new Set<string>();
  let sinceRewrite = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    try {
      await commitOne(tree, hex, s, i, state, touched);
    } catch (err) {
      tagStep(err, s.rel);
      throw err;
    }
    if (++sinceRewrite === JOURNAL_REWRITE_EVERY) {
      sinceRewrite = 0;
      await writeJournal(tree, state.journal);
    }
  }
  await fsyncDirs(touched);
  state.journal = { ...state.journal, phase: "committed" };
  await writeJournal(tree, state.journal);
}

/** Remembers which step a raw IO error came from, so the result can name the path. */
export function tagStep(err: unknown, rel: string): void {
  if (err && typeof err === "object" && !("stepPath" in err)) (err as { stepPath?: string }).stepPath = rel;
}

async function commitOne(
  tree: string,
  hex: string,
  s: PlannedStep,
  i: number,
  state: CommitState,
  touched: Set<string>,
): Promise<void> {
  {
    const walk = await containmentWalk(tree, s.rel);
    let linkBackup = false;
    if (s.pre.kind === "file") {
      const b = await fsx.lstat(layout.backupFile(tree, hex, s.rel)).catch(() => undefined);
      linkBackup = b !== undefined && b.ino === s.pre.ino && b.dev === s.pre.dev;
    }
    await recheck(s, linkBackup);
    if (s.op === "delete") {
      if (s.pre.kind !== "absent") {
        const p = pin(s.abs);
        try {
          // no pin (the guard reads the real path, not the fs seam's view): recheck's identity stands
          if (p && s.pre.kind === "file" && (p.dev !== s.pre.dev || p.ino !== s.pre.ino)) {
            throw changed(s.rel, digestOrAbsent(s.pre), "replaced before removal");
          }
          await unlinkRetry(s.abs);
          touched.add(path.dirname(s.abs));
          if (p) verifyUnlinked(tree, s.rel, s.abs, p, "commit");
        } finally {
          unpin(p);
        }
      }
    } else {
      // the walk has just lstat'ed every ancestor: an existing parent needs no mkdir -p
      if (!walk.parentExists) {
        const made = await mkdirp(path.dirname(s.abs));
        verifyMadeDirs(tree, s.rel, made, "commit");
        for (const d of made) touched.add(path.dirname(d));
      }
      touched.add(path.dirname(s.abs));
      // the identity recorded at staging (the rename keeps the inode), else lstat now (win32)
      const staged = s.stagedId ?? (await fsx.lstat(s.staged as string));
      const p = pin(s.staged as string);
      try {
        await renameRetry(s.staged as string, s.abs);
        state.journal.steps[i]!.done = true;
        // the walk below is one look a swap-back defeats; the pinned inode says where it landed
        if (p) verifyRenamed(tree, s.rel, s.abs, p, "commit", "remove");
      } finally {
        unpin(p);
      }
      const after = await fsx.lstat(s.abs).catch(() => undefined);
      if (!after || after.dev !== staged.dev || after.ino !== staged.ino) {
        throw axiomError("ERR_DIGEST_MISMATCH", {
          message: `${s.rel} is not the staged file after rename`,
          path: s.rel,
        });
      }
      const fd = await openNoFollow(s.abs);
      try {
        const { hex: got } = await hashFd(fd);
        if (got !== s.artifact.digest?.sha256) {
          throw axiomError("ERR_DIGEST_MISMATCH", {
            message: `${s.rel} differs after rename`,
            path: s.rel,
            details: { expected: s.artifact.digest?.sha256, actual: got },
          });
        }
      } finally {
        await fsx.close(fd).catch(() => undefined);
      }
      await containmentWalk(tree, s.rel);
    }
    state.journal.steps[i]!.done = true;
  }
}

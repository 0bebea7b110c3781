// Staging (apply.md §5.3 step 4): every non-delete step's bytes written to `staging/<hex>/<path>`
// (an exclusive create in the fresh staging tree), fsynced and re-hashed; the staging directories
// are fsynced with the last batch's files (SPEED-20). No temp and rename per file (SPEED-7):
// nothing reads a staged name before the whole tree is staged, and a crash before `committing` is
// durable leaves staging to recovery, which removes it. Files go in batches: each file keeps the
// order of step 4 (write → fchown/fchmod → fsync → close → re-hash), while the fsyncs of a batch
// are in flight together (APL-13).
import * as path from "node:path";
import { eachLimit } from "@codai/axiom-canon";
import { axiomError } from "@codai/axiom-schema";
import {
  errnoOf,
  FSYNC_PARALLEL,
  fsx,
  fsyncDir,
  fsyncDirs,
  hashFd,
  mkdirp,
  O,
  openNoFollow,
  rmLeftover,
} from "@codai/axiom-store";
import type { PlannedStep } from "./prepare";

const IS_WIN = process.platform === "win32";

/** Staged files open at once (bounds the fds held; each batch's fsyncs overlap). */
export const STAGE_BATCH = 64;

interface OpenStaged {
  s: PlannedStep;
  fd: number;
  dest: string;
}

/** Steps 4.1–4.5 for one file; it stays open for its fsync. */
async function writeStaged(stagingDir: string, s: PlannedStep, gained: Set<string>): Promise<OpenStaged> {
  const dest = path.join(stagingDir, ...s.rel.split("/"));
  const parent = path.dirname(dest);
  // `gained` holds every staging directory made or written into so far: the staging tree is fresh
  // (rm -rf before the first file), so a parent already in it exists and needs no mkdir -p.
  if (!gained.has(parent)) {
    for (const d of await mkdirp(parent)) gained.add(path.dirname(d));
    gained.add(parent);
  }
  const fd = await fsx.open(dest, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o600);
  try {
    if (!IS_WIN) {
      const st = await fsx.fstat(fd);
      if (!st.isFile())
        throw axiomError("ERR_TARGET_TYPE", {
          message: `staged file is not a regular file`,
          path: s.rel,
          details: { kind: "other" },
        });
      await fsx.write(fd, s.bytes as Uint8Array);
      if (s.pre.kind === "file" && (Number(st.uid) !== s.pre.uid || Number(st.gid) !== s.pre.gid)) {
        try {
          await fsx.fchown(fd, s.pre.uid, s.pre.gid);
        } catch (err) {
          const c = errnoOf(err);
          if (c !== "EPERM" && c !== "EINVAL") throw err;
        }
      }
      await fsx.fchmod(fd, s.artifact.mode === "0755" ? 0o755 : 0o644);
      s.stagedId = { dev: st.dev, ino: st.ino };
    } else {
      await fsx.write(fd, s.bytes as Uint8Array);
    }
  } catch (err) {
    await fsx.close(fd).catch(() => undefined);
    throw err;
  }
  return { s, fd, dest };
}

/** Step 4.7 (re-open, re-hash, after the fsync and close); returns the staging path. */
async function verifyStaged(t: OpenStaged): Promise<string> {
  const { s, dest } = t;
  const check = await openNoFollow(dest);
  try {
    const { hex } = await hashFd(check);
    // resolveBlob checked that sha256(bytes) is the artifact's digest
    if (hex !== s.artifact.digest?.sha256) {
      throw axiomError("ERR_DIGEST_MISMATCH", {
        message: `staged ${s.rel} does not match`,
        path: s.rel,
        details: { expected: s.artifact.digest?.sha256, actual: hex },
      });
    }
  } finally {
    await fsx.close(check).catch(() => undefined);
  }
  return dest;
}

/** §5.3 step 4: rm -rf staging, recreate it, stage every non-delete step; durable = the fsyncs of 4.6 and after it. */
export async function stageSteps(stagingDir: string, steps: PlannedStep[], durable: boolean): Promise<void> {
  await rmLeftover(stagingDir);
  const gained = new Set<string>();
  for (const d of await mkdirp(stagingDir)) gained.add(path.dirname(d));
  const files = steps.filter((s) => s.bytes);
  for (let i = 0; i < files.length; i += STAGE_BATCH) {
    const open: OpenStaged[] = [];
    try {
      for (const s of files.slice(i, i + STAGE_BATCH)) open.push(await writeStaged(stagingDir, s, gained));
      if (durable) {
        // The last batch's files and every staging directory in one round (SPEED-20): once its
        // files are created every staged name exists, and step 4.6 orders both before the
        // journal, not one before the other.
        const syncs: (() => Promise<void>)[] = open.map((t) => () => fsx.fsync(t.fd));
        if (i + STAGE_BATCH >= files.length) for (const d of gained) syncs.push(() => fsyncDir(d));
        await eachLimit(syncs, FSYNC_PARALLEL, (sync) => sync());
      }
    } finally {
      for (const t of open) await fsx.close(t.fd).catch(() => undefined);
    }
    for (const t of open) t.s.staged = await verifyStaged(t);
  }
  if (durable && files.length === 0) await fsyncDirs(gained);
}

// Small durable-fs helpers on top of the seam: directory fsync, atomic (durable) writes, mkdir -p
// that reports what it created, and the rename/unlink retry policy of apply.md §5.10. Every layer's
// write under `.axiom/` that must survive a crash is one of these calls (issue 23 records them).
import * as path from "node:path";
import { eachLimit } from "@codai/axiom-canon";
import { axiomError } from "@codai/axiom-schema";
import { errnoOf, fsx, O } from "./fsx";
import { KeyedGate } from "./local-gate";
import { markNewAxiomDir } from "./self-ignore";

const IS_WIN = process.platform === "win32";

/** fsync a directory; EINVAL/ENOTSUP (no directory sync on this fs) are ignored; skipped on win32. */
export async function fsyncDir(dir: string): Promise<void> {
  if (IS_WIN) return;
  const fd = await fsx.open(dir, O.O_RDONLY);
  try {
    await fsx.fsync(fd);
  } catch (err) {
    const code = errnoOf(err);
    if (code !== "EINVAL" && code !== "ENOTSUP") throw err;
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
}

/**
 * fsyncs in flight at once. Each fsync is one libuv pool job; the file system commits its journal
 * once for every fsync waiting on it (group commit), so a set of fsyncs whose relative order no
 * rule fixes (the staged files, the directories of one step of the durability order) costs about
 * one journal commit per batch instead of one each. One per pool thread (APL-19): 4 by default,
 * or the process's UV_THREADPOOL_SIZE (capped at 64) when the entry point sized the pool up.
 */
export const FSYNC_PARALLEL = fsyncParallel(process.env.UV_THREADPOOL_SIZE);

export function fsyncParallel(poolSize: string | undefined): number {
  const n = Number(poolSize);
  return Number.isInteger(n) && n > 4 ? Math.min(n, 64) : 4;
}

/** fsyncs each distinct directory once (FSYNC_PARALLEL in flight; no order among them is required). */
export async function fsyncDirs(dirs: Iterable<string>): Promise<void> {
  await eachLimit([...new Set(dirs)], FSYNC_PARALLEL, fsyncDir);
}

/**
 * mkdir -p; returns the directories it created (shallowest first). Durability is the caller's:
 * a directory is an entry of its parent, durable once the parent is fsynced (installTemp, F2, F6,
 * F9 and R-c fsync the parents of what they created).
 */
export async function mkdirp(dir: string): Promise<string[]> {
  const missing: string[] = [];
  let cur = dir;
  for (;;) {
    try {
      const st = await fsx.lstat(cur);
      if (!st.isDirectory())
        throw axiomError("ERR_TARGET_TYPE", { message: `not a directory: ${cur}`, details: { kind: "other" } });
      break;
    } catch (err) {
      if (errnoOf(err) !== "ENOENT") throw err;
      missing.push(cur);
      const up = path.dirname(cur);
      if (up === cur) break;
      cur = up;
    }
  }
  const created: string[] = [];
  for (const d of missing.reverse()) {
    try {
      await fsx.mkdir(d);
      created.push(d);
      await markNewAxiomDir(d);
    } catch (err) {
      if (errnoOf(err) !== "EEXIST") throw err;
    }
  }
  return created;
}

/**
 * O_EXCL create of a temp whose name may be left over from an earlier process with this pid:
 * removed and created again only then (the usual case makes no rm, a pool round trip).
 */
async function openExclusive(tmp: string): Promise<number> {
  const flags = O.O_CREAT | O.O_EXCL | O.O_WRONLY;
  try {
    return await fsx.open(tmp, flags, 0o644);
  } catch (err) {
    if (errnoOf(err) !== "EEXIST") throw err;
  }
  await fsx.rm(tmp);
  return fsx.open(tmp, flags, 0o644);
}

/**
 * Turns per target file in this process. The temp name `<file>.tmp-<pid>` (apply.md §3) is the same
 * for every writer of one process, so two concurrent stores of one bundle (two calls in the MCP
 * server) would remove or rename each other's half-written temp: they take turns instead.
 */
const writeTurns = new KeyedGate();

/**
 * How much of an atomic write is fsynced: `true` = the "atomic durable write" of apply.md §3 (the
 * file before its rename, then its directory); `"data"` = the file only, so the name, should it
 * survive a crash, never holds torn bytes (a stored bundle outside the apply, P-1); `false` = none.
 */
export type WriteSync = boolean | "data";

/**
 * Writes `data` to a fresh file (O_EXCL) then renames it onto `file`, fsyncing per `sync`; every
 * directory it had to create is fsynced into its parent whatever `sync` is (APL-20).
 */
export async function atomicWrite(file: string, data: Uint8Array | string, sync: WriteSync): Promise<void> {
  await (await stageAtomicWrite(file, data, sync)).install();
}

/** An atomic write whose temp is written (and fsynced per its `sync`) but not yet renamed. */
export interface StagedWrite {
  /** Renames the temp onto the file and finishes the write's fsyncs; a failure removes the temp. */
  install(): Promise<void>;
}

/**
 * `atomicWrite` in two halves, so that a caller can let the temp's fsync run while another durable
 * step runs, and still name the file only after that step (decisions SPEED-19). The file's turn
 * (the temp name is shared) is held from here until `install` has returned.
 */
export async function stageAtomicWrite(file: string, data: Uint8Array | string, sync: WriteSync): Promise<StagedWrite> {
  const leave = await writeTurns.enter(file, Number.POSITIVE_INFINITY);
  let temp: WrittenTemp;
  try {
    temp = await writeTemp(file, data, sync);
  } catch (err) {
    leave?.();
    throw err;
  }
  return {
    install: async () => {
      try {
        await installTemp(file, temp, sync);
      } finally {
        leave?.();
      }
    },
  };
}

/** For the in-process crash simulation: a frozen ("killed") write no longer holds later writers. */
export function forgetWritesInProgress(): void {
  writeTurns.clear();
}

interface WrittenTemp {
  tmp: string;
  /** Directories mkdir -p made for the file, made durable once it is named. */
  created: string[];
}

async function writeTemp(file: string, data: Uint8Array | string, sync: WriteSync): Promise<WrittenTemp> {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const created = await mkdirp(path.dirname(file));
  const tmp = `${file}.tmp-${process.pid}`;
  let fd: number | undefined;
  try {
    fd = await openExclusive(tmp);
    await fsx.write(fd, bytes);
    if (sync !== false) await fsx.fsync(fd);
    await fsx.close(fd);
  } catch (err) {
    if (fd !== undefined) await fsx.close(fd).catch(() => undefined);
    await fsx.rm(tmp).catch(() => undefined);
    throw err;
  }
  return { tmp, created };
}

async function installTemp(file: string, { tmp, created }: WrittenTemp, sync: WriteSync): Promise<void> {
  try {
    await renameRetry(tmp, file);
  } catch (err) {
    await fsx.rm(tmp).catch(() => undefined);
    throw err;
  }
  if (sync === true) await fsyncDir(path.dirname(file));
  // A name is durable only once every directory on its path is (APL-20). A directory made here is
  // made durable in its parent at once, whatever this write's own level: a later durable write
  // into it (the journal into `journal/`, a confirm into the `.axiom/` its preview made) must not
  // depend on an entry no fsync covers. Directories are made once per root, so this is rare.
  await fsyncDirs(created.map((d) => path.dirname(d)));
}

export async function rmrf(target: string): Promise<void> {
  await fsx.rm(target);
}

/**
 * rm -rf of leftovers that are usually absent (an earlier attempt's staging or backup set): a path
 * that lstat reports missing costs no recursive rm, which is a pool round trip.
 */
export async function rmLeftover(target: string): Promise<void> {
  try {
    await fsx.lstat(target);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return;
  }
  await fsx.rm(target);
}

/** A directory's entry names; an absent directory has none (any other error is thrown). */
export async function readdirIfExists(dir: string): Promise<string[]> {
  try {
    return await fsx.readdir(dir);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return [];
    throw err;
  }
}

export async function readJsonIfExists(file: string): Promise<{ found: false } | { found: true; text: string }> {
  try {
    const buf = await fsx.readFile(file);
    return { found: true, text: buf.toString("utf8") };
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return { found: false };
    throw err;
  }
}

const RETRYABLE = new Set(["EBUSY", "EPERM", "EACCES"]);
export const RETRY_SLEEP_MS = 50;
export const RETRY_MAX = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetry(run: () => Promise<void>, onExhausted: () => Error): Promise<void> {
  for (let n = 0; ; n++) {
    try {
      await run();
      return;
    } catch (err) {
      if (!RETRYABLE.has(errnoOf(err) ?? "")) throw err;
      if (n >= RETRY_MAX) throw onExhausted();
      await sleep(RETRY_SLEEP_MS * (n + 1));
    }
  }
}

/** rename with 5 retries on EBUSY/EPERM/EACCES (50 ms × n); exhausted → ERR_EBUSY {from, to}. */
export function renameRetry(from: string, to: string): Promise<void> {
  return withRetry(
    () => fsx.rename(from, to),
    () => axiomError("ERR_EBUSY", { message: `rename kept failing: ${from} → ${to}`, details: { from, to } }),
  );
}

/** unlink with the same policy; exhausted → ERR_EBUSY {target}. ENOENT propagates. */
export function unlinkRetry(target: string): Promise<void> {
  return withRetry(
    () => fsx.unlink(target),
    () => axiomError("ERR_EBUSY", { message: `unlink kept failing: ${target}`, details: { target } }),
  );
}

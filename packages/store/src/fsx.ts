// The fs seam (threats.md §4.3): every fs call the apply engine makes, every durable write under
// `.axiom/` the store makes for any layer (stored bundles, applied markers, journals) and the
// no-follow pre-image read go through `fsx`, so a test can make any single call fail (or run a hook
// just before it, or record it: the crash suites do). Production code installs nothing;
// `installFs` swaps methods and returns a restore function.
import * as fs from "node:fs";
import * as os from "node:os";
import { promisify } from "node:util";

export type BigStats = fs.BigIntStats;

export interface FsPort {
  open(path: string, flags: number, mode?: number): Promise<number>;
  close(fd: number): Promise<void>;
  /** Writes the whole buffer. */
  write(fd: number, data: Uint8Array): Promise<void>;
  read(fd: number, buf: Uint8Array, offset: number, length: number, position: number | null): Promise<number>;
  fsync(fd: number): Promise<void>;
  fstat(fd: number): Promise<BigStats>;
  fchown(fd: number, uid: number, gid: number): Promise<void>;
  fchmod(fd: number, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, newPath: string): Promise<void>;
  unlink(path: string): Promise<void>;
  rm(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  lstat(path: string): Promise<BigStats>;
  stat(path: string): Promise<BigStats>;
  readdir(path: string): Promise<string[]>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<Buffer>;
  ftruncate(fd: number, len: number): Promise<void>;
}

// Only fsync (and the recursive rm) go through the libuv thread pool. Every other call is a local
// metadata or page-cache operation of a few µs, while its promise round trip (pool thread wake-up,
// completion, event-loop turn) costs 40–70 µs idle and far more on a loaded machine; a 1,000-file
// apply makes ~60 such calls per file, so they run synchronously inside the async port (the port's
// contract, the order of calls and every error code are unchanged). The event loop still gets a
// turn at every fsync and at least every YIELD_EVERY calls, so timers and other requests (HTTP
// sessions, a lock waiter's poll) never wait behind a long run of metadata calls.
const p = {
  fsync: promisify(fs.fsync),
};

const YIELD_EVERY = 32;
let sinceYield = 0;

/** Runs a synchronous call, after giving the event loop a turn every YIELD_EVERY calls. */
async function sync<T>(call: () => T): Promise<T> {
  if (++sinceYield >= YIELD_EVERY) {
    sinceYield = 0;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return call();
}

/**
 * lstat of a missing path without Node's thrown exception (≈ 13 µs of stack capture and message
 * formatting, against ≈ 2 µs for the lookup): apply probes many absent targets (a new file's
 * capture, drift and re-checks). The rejection keeps Node's code, errno, syscall, path and message.
 */
function lstatBig(path: string): fs.BigIntStats {
  const st = fs.lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (st !== undefined) return st;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const err = new Error(`ENOENT: no such file or directory, lstat '${path}'`) as NodeJS.ErrnoException;
  Error.stackTraceLimit = limit;
  Object.assign(err, { errno: -(os.constants.errno.ENOENT ?? 2), code: "ENOENT", syscall: "lstat", path });
  throw err;
}

function writeAll(fd: number, data: Uint8Array): void {
  let off = 0;
  while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off, null);
}

export const nodeFs: FsPort = {
  open: (path, flags, mode) => sync(() => fs.openSync(path, flags, mode ?? 0o666)),
  close: (fd) => sync(() => fs.closeSync(fd)),
  write: (fd, data) => sync(() => writeAll(fd, data)),
  read: (fd, buf, offset, length, position) => sync(() => fs.readSync(fd, buf, offset, length, position)),
  fsync: (fd) => p.fsync(fd),
  fstat: (fd) => sync(() => fs.fstatSync(fd, { bigint: true })),
  fchown: (fd, uid, gid) => sync(() => fs.fchownSync(fd, uid, gid)),
  fchmod: (fd, mode) => sync(() => fs.fchmodSync(fd, mode)),
  rename: (a, b) => sync(() => fs.renameSync(a, b)),
  link: (a, b) => sync(() => fs.linkSync(a, b)),
  unlink: (a) => sync(() => fs.unlinkSync(a)),
  rm: (a) => fs.promises.rm(a, { recursive: true, force: true }),
  mkdir: (a) =>
    sync(() => {
      fs.mkdirSync(a);
    }),
  rmdir: (a) => sync(() => fs.rmdirSync(a)),
  lstat: (a) => sync(() => lstatBig(a)),
  stat: (a) => sync(() => fs.statSync(a, { bigint: true })),
  readdir: (a) => sync(() => fs.readdirSync(a)),
  realpath: (a) => sync(() => fs.realpathSync.native(a)),
  readFile: (a) => sync(() => fs.readFileSync(a)),
  ftruncate: (fd, len) => sync(() => fs.ftruncateSync(fd, len)),
};

/** The live port. Engine modules call `fsx.<op>(…)` at call time, so a swap takes effect at once. */
export const fsx: FsPort = { ...nodeFs };

/** Replaces some methods of the live port; returns a function that restores the previous ones. */
export function installFs(overrides: Partial<FsPort>): () => void {
  const saved: Partial<FsPort> = {};
  for (const key of Object.keys(overrides) as (keyof FsPort)[]) {
    (saved as Record<string, unknown>)[key] = fsx[key];
    (fsx as unknown as Record<string, unknown>)[key] = overrides[key];
  }
  return () => Object.assign(fsx, saved);
}

export const O = fs.constants;
/** O_NOFOLLOW where the platform has it (0 on win32: there the caller lstats first). */
export const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

export function errnoOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

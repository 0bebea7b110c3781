// The fs seam (threats.md §4.3): every fs call the apply engine makes goes through `fsx`, so a
// test can make any single call fail (or run a hook just before it). Production code installs
// nothing; `installFs` swaps methods and returns a restore function.
import * as fs from "node:fs";
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

const p = {
  open: promisify(fs.open),
  close: promisify(fs.close),
  write: promisify(fs.write),
  read: promisify(fs.read),
  fsync: promisify(fs.fsync),
  fchown: promisify(fs.fchown),
  fchmod: promisify(fs.fchmod),
  ftruncate: promisify(fs.ftruncate),
};

async function writeAll(fd: number, data: Uint8Array): Promise<void> {
  let off = 0;
  while (off < data.length) {
    const res = (await p.write(fd, data, off, data.length - off, null)) as unknown;
    off += typeof res === "number" ? res : (res as { bytesWritten: number }).bytesWritten;
  }
}

export const nodeFs: FsPort = {
  open: (path, flags, mode) => p.open(path, flags, mode ?? 0o666),
  close: (fd) => p.close(fd),
  write: (fd, data) => writeAll(fd, data),
  read: async (fd, buf, offset, length, position) => {
    const res = (await p.read(fd, buf, offset, length, position)) as unknown;
    return typeof res === "number" ? res : (res as { bytesRead: number }).bytesRead;
  },
  fsync: (fd) => p.fsync(fd),
  fstat: (fd) =>
    new Promise((resolve, reject) => fs.fstat(fd, { bigint: true }, (e, s) => (e ? reject(e) : resolve(s)))),
  fchown: (fd, uid, gid) => p.fchown(fd, uid, gid),
  fchmod: (fd, mode) => p.fchmod(fd, mode),
  rename: (a, b) => fs.promises.rename(a, b),
  link: (a, b) => fs.promises.link(a, b),
  unlink: (a) => fs.promises.unlink(a),
  rm: (a) => fs.promises.rm(a, { recursive: true, force: true }),
  mkdir: async (a) => {
    await fs.promises.mkdir(a);
  },
  rmdir: (a) => fs.promises.rmdir(a),
  lstat: (a) => fs.promises.lstat(a, { bigint: true }),
  stat: (a) => fs.promises.stat(a, { bigint: true }),
  readdir: (a) => fs.promises.readdir(a),
  realpath: (a) => fs.promises.realpath(a),
  readFile: (a) => fs.promises.readFile(a),
  ftruncate: (fd, len) => p.ftruncate(fd, len),
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

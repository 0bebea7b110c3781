// What a path holds right now, read without following links (apply.md §2 "digest-or-absent"):
// lstat first, then an O_NOFOLLOW open whose fstat must match the lstat. `openSame` is that core,
// shared by apply's strict capture and the lenient pre-image reader of formats.md §7.1
// (preimage.ts): a link swapped in between the lstat and the open is never followed (ELOOP), and
// another file swapped in is never hashed under the first one's name.
import { createHash } from "node:crypto";
import { axiomError } from "@codai/axiom-schema";
import { type BigStats, errnoOf, fsx, O, O_NOFOLLOW } from "./fsx";

export type Kind = "symlink" | "dir" | "other";

export type Capture =
  | { kind: "absent" }
  | { kind: "nonfile"; nonfile: Kind }
  | {
      kind: "file";
      hex: string;
      dev: bigint;
      ino: bigint;
      nlink: bigint | undefined;
      uid: number;
      gid: number;
      mode: number;
    };

export function kindOf(st: BigStats): Kind | "file" {
  if (st.isSymbolicLink()) return "symlink";
  if (st.isDirectory()) return "dir";
  if (st.isFile()) return "file";
  return "other";
}

/** `absent` | 64 hex | `non-file:<kind>` */
export function digestOrAbsent(c: Capture): string {
  if (c.kind === "absent") return "absent";
  if (c.kind === "nonfile") return `non-file:${c.nonfile}`;
  return c.hex;
}

const CHUNK = 1 << 20;

// Read buffers are reused: a fresh 1 MiB buffer per hash (several hashes per file of an apply) made
// the garbage collector the largest CPU item of a 1,000-file apply. A buffer is owned by one hashFd
// call at a time (taken, then given back), so concurrent hashes never share one.
const spare: Buffer[] = [];
const SPARE_MAX = 4;

/** Hashes an open fd from offset 0; optionally keeps the bytes. */
export async function hashFd(fd: number, keep = false): Promise<{ hex: string; bytes?: Buffer }> {
  const h = createHash("sha256");
  const parts: Buffer[] = [];
  const buf = spare.pop() ?? Buffer.allocUnsafe(CHUNK);
  try {
    let pos = 0;
    for (;;) {
      const n = await fsx.read(fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      h.update(buf.subarray(0, n));
      if (keep) parts.push(Buffer.from(buf.subarray(0, n)));
      pos += n;
    }
  } finally {
    if (spare.length < SPARE_MAX) spare.push(buf);
  }
  return keep ? { hex: h.digest("hex"), bytes: Buffer.concat(parts) } : { hex: h.digest("hex") };
}

/** Opens a regular file without following a link; ELOOP/ENOENT propagate. */
export async function openNoFollow(file: string): Promise<number> {
  if (O_NOFOLLOW === 0) {
    const st = await fsx.lstat(file);
    if (!st.isFile()) {
      const e = new Error(`not a regular file: ${file}`) as NodeJS.ErrnoException;
      e.code = "ELOOP";
      throw e;
    }
  }
  return fsx.open(file, O.O_RDONLY | O_NOFOLLOW);
}

/**
 * Opens the regular file an lstat (`st`) just saw at `abs`, without following a link, and checks
 * that the open file is that very file `(dev, ino)`. ELOOP (a link swapped in) and ENOENT
 * propagate; another file in its place → ERR_PREIMAGE_CHANGED (nothing is read from it).
 */
export async function openSame(abs: string, st: BigStats): Promise<{ fd: number; fst: BigStats }> {
  const fd = await openNoFollow(abs);
  try {
    const fst = await fsx.fstat(fd);
    if (!fst.isFile() || fst.dev !== st.dev || fst.ino !== st.ino) {
      throw axiomError("ERR_PREIMAGE_CHANGED", { message: `target changed while being read: ${abs}` });
    }
    return { fd, fst };
  } catch (err) {
    await fsx.close(fd).catch(() => undefined);
    throw err;
  }
}

function nlinkOf(st: BigStats): bigint | undefined {
  const n = (st as unknown as { nlink?: unknown }).nlink;
  return typeof n === "bigint" ? n : typeof n === "number" ? BigInt(n) : undefined;
}

/** Captures the current state of `abs` (never follows a link). */
export async function capture(abs: string, keepBytes = false): Promise<Capture & { bytes?: Buffer }> {
  let st: BigStats;
  try {
    st = await fsx.lstat(abs);
  } catch (err) {
    const code = errnoOf(err);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    throw err;
  }
  const k = kindOf(st);
  if (k !== "file") return { kind: "nonfile", nonfile: k };
  let opened: { fd: number; fst: BigStats };
  try {
    opened = await openSame(abs, st);
  } catch (err) {
    // swapped for a link between lstat and open
    if (errnoOf(err) === "ELOOP") return { kind: "nonfile", nonfile: "symlink" };
    if (errnoOf(err) === "ENOENT") return { kind: "absent" };
    throw err;
  }
  const { fd, fst } = opened;
  try {
    const { hex, bytes } = await hashFd(fd, keepBytes);
    const out: Capture & { bytes?: Buffer } = {
      kind: "file",
      hex,
      dev: fst.dev,
      ino: fst.ino,
      nlink: nlinkOf(st) === undefined ? undefined : nlinkOf(fst),
      uid: Number(fst.uid),
      gid: Number(fst.gid),
      mode: Number(fst.mode) & 0o7777,
    };
    if (bytes) out.bytes = bytes;
    return out;
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
}

export { nlinkOf };

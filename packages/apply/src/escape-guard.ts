// Escape detection after every rename and unlink (threats.md T04.7, R4; issue 20 Medium 3).
// Node.js has no renameat/unlinkat, so a same-uid process can swap an ancestor for a link between
// the containment walk and the syscall, and swap it back before a second walk looks. A walk after
// the call proves nothing; the inode does: before the call the moved (or removed) file is opened
// read-only, and after it the kernel says where that inode now lives (/proc/self/fd on Linux).
// Elsewhere the identity at the intended path stands in, with the outside path unknown.
// The guard fd is opened with node:fs, not through the store's fs seam: it writes nothing, and
// keeping it out of the seam leaves every fault-injection and crash trace unchanged.
import * as fs from "node:fs";
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import { errnoOf } from "@codai/axiom-store";
import { isInside } from "./containment";

const PROC_FD = process.platform === "linux" && fs.existsSync("/proc/self/fd") ? "/proc/self/fd" : undefined;
const DELETED = " (deleted)";

export type EscapePhase = "commit" | "rollback" | "recovery";

/** An open read-only handle on the inode a rename or unlink is about to move or remove. */
export interface Pin {
  fd: number | undefined;
  dev: bigint;
  ino: bigint;
}

/** Opens `abs` without following a leaf link; undefined when there is nothing (or no file) to pin. */
export function pin(abs: string): Pin | undefined {
  let st: fs.BigIntStats;
  try {
    st = fs.lstatSync(abs, { bigint: true });
  } catch {
    return undefined;
  }
  // not Linux: no kernel view to ask, and on win32 an open handle can make the rename fail: identity only
  if (PROC_FD === undefined) return { fd: undefined, dev: st.dev, ino: st.ino };
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO planted at the path must not hang the open
    fd = fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
    const now = fs.fstatSync(fd, { bigint: true });
    if (now.dev !== st.dev || now.ino !== st.ino) {
      fs.closeSync(fd);
      fd = undefined;
    }
  } catch {
    fd = undefined; // a link, or unreadable: the identity check below still runs
  }
  return { fd, dev: st.dev, ino: st.ino };
}

export function unpin(p: Pin | undefined): void {
  if (p?.fd !== undefined) fs.closeSync(p.fd);
}

/** Where the pinned inode's name is now, per the kernel; `deleted` when that name was unlinked. */
function whereNow(p: Pin): { at: string; deleted: boolean } | undefined {
  if (PROC_FD === undefined || p.fd === undefined) return undefined;
  try {
    const at = fs.readlinkSync(`${PROC_FD}/${p.fd}`);
    if (!path.isAbsolute(at)) return undefined; // pipe:, anon_inode:, ...
    return at.endsWith(DELETED) ? { at: at.slice(0, -DELETED.length), deleted: true } : { at, deleted: false };
  } catch {
    return undefined;
  }
}

function escapeError(rel: string, phase: EscapePhase, op: string, outside: string | null, removed: boolean): Error {
  return axiomError("ERR_ESCAPE_DETECTED", {
    message: `${op} of ${rel} reached ${outside ?? "a location"} outside the root (${phase})`,
    path: rel,
    details: { outside, phase, op, removed },
  });
}

/**
 * Removes the file this process just renamed to `at` outside the root, only when `at` still names
 * the pinned inode: AXIOM's own bytes, never a file it did not put there.
 */
function removeStray(at: string, p: Pin): boolean {
  try {
    const st = fs.lstatSync(at, { bigint: true });
    if (st.dev !== p.dev || st.ino !== p.ino) return false;
    fs.unlinkSync(at);
    return true;
  } catch {
    return false;
  }
}

/**
 * After `rename(…, abs)`: the pinned inode must be at `abs`, inside `rootReal`; else an escape.
 * `stray: "remove"` for a staged file (the bundle's bytes, reproducible); a restored backup is the
 * only copy of the pre-image and stays where it landed, named in the error.
 */
export function verifyRenamed(
  rootReal: string,
  rel: string,
  abs: string,
  p: Pin,
  phase: EscapePhase,
  stray: "remove" | "keep",
): void {
  const where = whereNow(p);
  if (where && !isInside(rootReal, where.at)) {
    throw escapeError(rel, phase, "rename", where.at, stray === "remove" && removeStray(where.at, p));
  }
  let st: fs.BigIntStats | undefined;
  try {
    st = fs.lstatSync(abs, { bigint: true });
  } catch (err) {
    if (errnoOf(err) !== "ENOENT" && errnoOf(err) !== "ENOTDIR") throw err;
  }
  if (where === undefined && (st === undefined || st.dev !== p.dev || st.ino !== p.ino)) {
    // no kernel view (not Linux): the moved file is not where it was renamed to, place unknown
    throw escapeError(rel, phase, "rename", null, false);
  }
}

/**
 * After `mkdir -p` made `made` (absolute, root side first) for `rel` (SEC-41): each directory must
 * be where it was asked for, inside `rootReal`. One that the kernel places outside (an ancestor
 * swapped for a link during the call and still swapped) is removed again when empty, deepest first,
 * and named; one missing at its path right after its mkdir was made somewhere else while the swap
 * lasted (place unknown). Both answer ERR_ESCAPE_DETECTED before anything is renamed into them.
 */
export function verifyMadeDirs(rootReal: string, rel: string, made: readonly string[], phase: EscapePhase): void {
  const outside: string[] = [];
  let lost = false;
  for (const dir of made) {
    const p = pin(dir);
    if (p === undefined) {
      lost = true;
      continue;
    }
    try {
      const where = whereNow(p);
      if (where && !isInside(rootReal, where.at)) outside.push(where.at);
    } finally {
      unpin(p);
    }
  }
  if (outside.length === 0 && !lost) return;
  let removed = outside.length > 0;
  for (const at of [...outside].reverse()) {
    try {
      fs.rmdirSync(at);
    } catch {
      removed = false;
    }
  }
  throw escapeError(rel, phase, "mkdir", outside[0] ?? null, removed);
}

/**
 * After `unlink(abs)`: the pinned inode's name must be the one removed, inside `rootReal`. A pin
 * still linked means the call removed some other file (the path resolved elsewhere).
 */
export function verifyUnlinked(rootReal: string, rel: string, abs: string, p: Pin, phase: EscapePhase): void {
  const where = whereNow(p);
  if (where === undefined) return; // no kernel view: the containment walks bound what is known
  if (where.deleted && isInside(rootReal, where.at)) return;
  if (where.deleted) throw escapeError(rel, phase, "unlink", where.at, false);
  let parentReal: string;
  try {
    parentReal = fs.realpathSync(path.dirname(abs));
  } catch {
    parentReal = path.dirname(abs);
  }
  const hit = path.join(parentReal, path.basename(abs));
  if (!isInside(rootReal, hit)) throw escapeError(rel, phase, "unlink", hit, false);
  throw axiomError("ERR_PREIMAGE_CHANGED", {
    message: `${rel} was replaced while it was being removed`,
    path: rel,
    details: { expected: "the verified file", actual: "another file" },
  });
}

export function isEscape(err: unknown): boolean {
  return (err as { code?: unknown } | undefined)?.code === "ERR_ESCAPE_DETECTED";
}

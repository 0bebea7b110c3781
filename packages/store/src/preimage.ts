// The pre-image reader of formats.md §7.1, one rule for compile, patch sources, check and the MCP
// re-send test: `<root>/<path>` reads as its bytes only when every existing ancestor between the
// root and the file is a real directory and the final component, examined with lstat, is a regular
// file; anything else (missing, ENOTDIR, a directory, a symlink, a symlinked ancestor, another file
// type) is "absent". The file is opened with O_NOFOLLOW and must be the inode the lstat saw
// (identity.ts `openSame`), so a link swapped in between is never followed and nothing outside
// the root is read. Every call goes through the fs seam. Errors other than "not there" propagate
// raw (errno intact): each caller maps them for its surface (plan → ERR_INTERNAL, checks → a
// provider finding with the errno as `reason`).
import * as path from "node:path";
import { relPathIssues } from "@codai/axiom-rules";
import { axiomError } from "@codai/axiom-schema";
import { type BigStats, errnoOf, fsx } from "./fsx";
import { hashFd, openSame } from "./identity";
import { layout } from "./layout";

/** 64 lowercase hex | "absent" */
export type PreImageValue = string;

const NOT_THERE = new Set(["ENOENT", "ENOTDIR", "ELOOP"]);

async function lstatOrUndefined(abs: string): Promise<BigStats | undefined> {
  try {
    return await fsx.lstat(abs);
  } catch (err) {
    if (NOT_THERE.has(errnoOf(err) ?? "")) return undefined;
    throw err;
  }
}

/** Opens `<root>/<relPath>` by the §7.1 rule; undefined = "absent". A non-RelPath → its ERR_PATH_* code. */
async function openPreImage(root: string, relPath: string): Promise<{ fd: number; fst: BigStats } | undefined> {
  const issues = relPathIssues(relPath);
  if (issues.length > 0)
    throw axiomError(issues[0] ?? "ERR_PATH_SEGMENT", { path: relPath, message: "pre-image path is not a RelPath" });
  const segments = relPath.split("/");
  let current = root;
  for (const segment of segments.slice(0, -1)) {
    current = path.join(current, segment);
    const st = await lstatOrUndefined(current);
    if (!st?.isDirectory()) return undefined; // missing, symlink, junction or file as an ancestor
  }
  const target = layout.target(root, relPath);
  const st = await lstatOrUndefined(target);
  if (!st?.isFile()) return undefined;
  try {
    return await openSame(target, st);
  } catch (err) {
    if (NOT_THERE.has(errnoOf(err) ?? "")) return undefined; // removed, or a link swapped in
    throw err;
  }
}

/** sha256 hex of `<root>/<relPath>`, or "absent". */
export async function readPreImage(root: string, relPath: string): Promise<PreImageValue> {
  const opened = await openPreImage(root, relPath);
  if (!opened) return "absent";
  try {
    return (await hashFd(opened.fd)).hex;
  } finally {
    await fsx.close(opened.fd).catch(() => undefined);
  }
}

/** Whether `<root>/<relPath>` reads as present under the same rule (opened, never read). */
export async function preImagePresent(root: string, relPath: string): Promise<boolean> {
  const opened = await openPreImage(root, relPath);
  if (!opened) return false;
  await fsx.close(opened.fd).catch(() => undefined);
  return true;
}

/** Reads an open fd from offset 0 to its end (it may have grown since the fstat); stops past `max`. */
async function readAll(fd: number, size: number, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.max(size - total, 65_536));
    const n = await fsx.read(fd, buf, 0, buf.length, total);
    if (n <= 0) break;
    parts.push(buf.subarray(0, n));
    total += n;
    if (total > max) break;
  }
  return Buffer.concat(parts, total);
}

/** A present pre-image: its bytes, and whether its mode has an execute bit (the 0755 of a Plan). */
export interface PreImageFile {
  bytes: Uint8Array;
  executable: boolean;
}

/**
 * The bytes of `<root>/<relPath>` under the same rule, or undefined for "absent". Above `max`
 * bytes → ERR_BLOB_TOO_LARGE `{bytes, max}` (the 32 MiB read cap of patch sources).
 */
export async function readPreImageBytes(root: string, relPath: string, max: number): Promise<Uint8Array | undefined> {
  return (await readPreImageFile(root, relPath, max))?.bytes;
}

/** readPreImageBytes with the mode of the very inode read (axiom_write edits keep a script's 0755). */
export async function readPreImageFile(root: string, relPath: string, max: number): Promise<PreImageFile | undefined> {
  const opened = await openPreImage(root, relPath);
  if (!opened) return undefined;
  const tooLarge = (bytes: number) => axiomError("ERR_BLOB_TOO_LARGE", { path: relPath, details: { bytes, max } });
  try {
    const size = Number(opened.fst.size);
    if (size > max) throw tooLarge(size);
    const got = await readAll(opened.fd, size, max);
    if (got.length > max) throw tooLarge(got.length);
    const bytes = new Uint8Array(got.buffer, got.byteOffset, got.length);
    return { bytes, executable: (opened.fst.mode & 0o111n) !== 0n };
  } finally {
    await fsx.close(opened.fd).catch(() => undefined);
  }
}

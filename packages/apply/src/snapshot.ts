// The repository snapshot (apply.md §17): a sorted inventory of the root's files. Never writes,
// never spawns a process, never takes the lock.
import { createHash } from "node:crypto";
import * as path from "node:path";
import { canonicalDigestRef } from "@codai/axiom-canon";
import {
  isRelPath,
  SNAPSHOT_DEFAULT_MAX_BYTES,
  SNAPSHOT_DEFAULT_MAX_FILES,
  SNAPSHOT_MAX_FILES_CAP,
} from "@codai/axiom-rules";
import { axiomError, compareUtf8, type RepoSnapshot, type SnapshotBody, type SnapshotEntry } from "@codai/axiom-schema";
import { AXIOM_DIR, errnoOf, fsx, O, O_NOFOLLOW } from "@codai/axiom-store";
import { gitignorePatterns, globsMatcher, type PathMatcher, validateGlob } from "./snapshot-glob";

export interface SnapshotOptions {
  maxFiles?: number;
  maxBytes?: number;
  respectGitignore?: boolean;
  withContentDigest?: boolean;
  followSymlinks?: boolean;
  include?: readonly string[];
  exclude?: readonly string[];
  /** Called after each added entry (the CLI's TTY progress line). */
  onProgress?: (files: number, bytes: number) => void;
}

interface Resolved {
  maxFiles: number;
  maxBytes: number;
  digests: boolean;
  include?: PathMatcher;
  exclude?: PathMatcher;
  ignored?: PathMatcher;
  onProgress?: (files: number, bytes: number) => void;
}

const SKIP_NAMES = new Set([".git", AXIOM_DIR]);
const IS_WIN = process.platform === "win32";

function invalid(message: string, details: Record<string, unknown>): Error {
  return axiomError("ERR_INVALID_PLAN", { message, details });
}

/** The §17.2 limits: followSymlinks refused, maxFiles ≥ 1 clamped to 50 000, maxBytes ≥ 0. */
export function snapshotLimits(o: SnapshotOptions): { maxFiles: number; maxBytes: number } {
  if (o.followSymlinks === true) {
    throw axiomError("ERR_UNSUPPORTED_OP", {
      message: "followSymlinks is not supported: snapshots never follow links",
      details: { option: "followSymlinks" },
    });
  }
  const maxFiles = o.maxFiles ?? SNAPSHOT_DEFAULT_MAX_FILES;
  if (!Number.isSafeInteger(maxFiles) || maxFiles < 1) throw invalid("maxFiles must be an integer ≥ 1", { maxFiles });
  const maxBytes = o.maxBytes ?? SNAPSHOT_DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw invalid("maxBytes must be an integer ≥ 0", { maxBytes });
  return { maxFiles: Math.min(maxFiles, SNAPSHOT_MAX_FILES_CAP), maxBytes };
}

async function resolveOptions(rootReal: string, o: SnapshotOptions): Promise<Resolved> {
  const { maxFiles, maxBytes } = snapshotLimits(o);
  for (const g of [...(o.include ?? []), ...(o.exclude ?? [])]) validateGlob(g);
  const r: Resolved = { maxFiles, maxBytes, digests: o.withContentDigest !== false };
  if (o.include && o.include.length > 0) r.include = globsMatcher(o.include);
  if (o.exclude && o.exclude.length > 0) r.exclude = globsMatcher(o.exclude);
  if (o.respectGitignore !== false) {
    try {
      const patterns = gitignorePatterns((await fsx.readFile(path.join(rootReal, ".gitignore"))).toString("utf8"));
      if (patterns.length > 0) r.ignored = globsMatcher(patterns);
    } catch {
      // unreadable or absent .gitignore = nothing ignored
    }
  }
  if (o.onProgress) r.onProgress = o.onProgress;
  return r;
}

async function hashFile(file: string): Promise<string> {
  const fd = await fsx.open(file, O.O_RDONLY | O_NOFOLLOW);
  try {
    const h = createHash("sha256");
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = await fsx.read(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
    }
    return h.digest("hex");
  } finally {
    await fsx.close(fd);
  }
}

function modeOf(mode: bigint): "0644" | "0755" {
  return !IS_WIN && (mode & 0o100n) !== 0n ? "0755" : "0644";
}

function inside(child: string, parent: string): boolean {
  const c = IS_WIN ? child.toLowerCase() : child;
  const p = IS_WIN ? parent.toLowerCase() : parent;
  return c === p || c.startsWith(p.endsWith(path.sep) ? p : p + path.sep);
}

async function fileEntry(
  abs: string,
  rel: string,
  size: bigint,
  mode: bigint,
  digests: boolean,
): Promise<SnapshotEntry | undefined> {
  const entry: SnapshotEntry = { path: rel, bytes: Number(size), mode: modeOf(mode), kind: "file" };
  if (!digests) return entry;
  try {
    entry.sha256 = await hashFile(abs);
    return entry;
  } catch {
    return undefined; // a read failure drops the entry
  }
}

async function symlinkEntry(abs: string, rel: string, rootReal: string, digests: boolean): Promise<SnapshotEntry> {
  const entry: SnapshotEntry = { path: rel, bytes: 0, mode: "0644", kind: "symlink" };
  let target: string;
  try {
    target = (await fsx.realpath(abs)).replace(/^\\\\\?\\/, "");
  } catch {
    return entry; // dangling
  }
  if (!inside(target, rootReal)) return entry;
  let st: Awaited<ReturnType<typeof fsx.stat>>;
  try {
    st = await fsx.lstat(target);
  } catch {
    return entry;
  }
  if (!st.isFile()) return entry;
  entry.bytes = Number(st.size);
  entry.mode = modeOf(st.mode);
  if (digests) {
    try {
      entry.sha256 = await hashFile(target);
    } catch {
      entry.bytes = 0;
    }
  }
  return entry;
}

class Truncated extends Error {}

async function walk(
  rootReal: string,
  opts: Resolved,
): Promise<{ files: SnapshotEntry[]; bytes: number; truncated: boolean }> {
  const files: SnapshotEntry[] = [];
  let bytes = 0;
  const add = (e: SnapshotEntry) => {
    if (files.length >= opts.maxFiles || bytes + e.bytes > opts.maxBytes) throw new Truncated();
    files.push(e);
    bytes += e.bytes;
    opts.onProgress?.(files.length, bytes);
  };
  const visit = async (dirAbs: string, dirRel: string): Promise<void> => {
    let names: string[];
    try {
      names = await fsx.readdir(dirAbs);
    } catch {
      return; // an unreadable directory is silently skipped
    }
    const items: { name: string; rel: string; abs: string; st: Awaited<ReturnType<typeof fsx.lstat>>; key: string }[] =
      [];
    for (const name of names) {
      if (SKIP_NAMES.has(name)) continue;
      const rel = dirRel === "" ? name : `${dirRel}/${name}`;
      if (!isRelPath(rel)) continue;
      const abs = path.join(dirAbs, name);
      let st: Awaited<ReturnType<typeof fsx.lstat>>;
      try {
        st = await fsx.lstat(abs);
      } catch {
        continue;
      }
      items.push({ name, rel, abs, st, key: st.isDirectory() ? `${name}/` : name });
    }
    items.sort((a, b) => compareUtf8(a.key, b.key));
    for (const it of items) {
      if (opts.exclude?.(it.rel) || opts.ignored?.(it.rel)) continue;
      if (it.st.isDirectory()) {
        await visit(it.abs, it.rel);
        continue;
      }
      if (opts.include && !opts.include(it.rel)) continue;
      let entry: SnapshotEntry | undefined;
      if (it.st.isSymbolicLink()) entry = await symlinkEntry(it.abs, it.rel, rootReal, opts.digests);
      else if (it.st.isFile()) entry = await fileEntry(it.abs, it.rel, it.st.size, it.st.mode, opts.digests);
      if (entry) add(entry);
    }
  };
  try {
    await visit(rootReal, "");
    return { files, bytes, truncated: false };
  } catch (err) {
    if (err instanceof Truncated) return { files, bytes, truncated: true };
    throw err;
  }
}

/** The native realpath of a root directory, `\\?\` stripped; ERR_ROOT_NOT_DIR `{root}` otherwise. */
async function realRoot(root: string): Promise<string> {
  try {
    const real = (await fsx.realpath(root)).replace(/^\\\\\?\\/, "");
    if ((await fsx.stat(real)).isDirectory()) return real;
  } catch (err) {
    if (errnoOf(err) === undefined) throw err;
  }
  throw axiomError("ERR_ROOT_NOT_DIR", { message: `root is not a directory: ${root}`, details: { root } });
}

/** snapshot(root, options) → RepoSnapshot (apply.md §17.1). */
export async function repoSnapshot(root: string, options: SnapshotOptions = {}): Promise<RepoSnapshot> {
  const rootReal = await realRoot(root);
  const opts = await resolveOptions(rootReal, options);
  const { files, bytes, truncated } = await walk(rootReal, opts);
  files.sort((a, b) => compareUtf8(a.path, b.path));
  const body: SnapshotBody = { files, truncated, counts: { files: files.length, bytes } };
  return {
    apiVersion: "axiom.dev/v2",
    kind: "RepoSnapshot",
    root: { kind: "relative" },
    snapshotDigest: canonicalDigestRef(body),
    body,
  };
}

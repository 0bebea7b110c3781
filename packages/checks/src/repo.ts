// The repo facts provider (checks.md §5): offline, read-only, never spawns a process.
import { lstat, open, readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { compileGlob, isRelPath } from "@codai/axiom-rules";
import { compareUtf8, type JsonValue } from "@codai/axiom-schema";
import { AXIOM_DIR } from "@codai/axiom-store";
import { type IgnoreRules, parseGitignore } from "./gitignore";
import type { RepoFacts } from "./types";

export const REPO_INDEX_MAX = 200_000;
const SKIPPED_DIRS = new Set([".git", "node_modules", "dist", AXIOM_DIR]);
const SMALL_FILE_MAX = 1_048_576;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

async function readSmall(path: string): Promise<string | undefined> {
  try {
    const st = await lstat(path);
    if (!st.isFile() || st.size > SMALL_FILE_MAX) return undefined;
    return await readFile(path, "utf8");
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** HEAD commit from .git/HEAD, a loose ref, or packed-refs; a `.git` file's gitdir is followed. */
export async function readGitHead(root: string): Promise<string | undefined> {
  let gitDir = join(root, ".git");
  const dotGit = await lstat(gitDir).catch(() => undefined);
  if (!dotGit) return undefined;
  if (dotGit.isFile()) {
    const text = (await readSmall(gitDir)) ?? "";
    const m = /^gitdir:\s*(.+)$/m.exec(text);
    if (!m) return undefined;
    gitDir = resolve(root, (m[1] as string).trim());
  }
  const head = (await readSmall(join(gitDir, "HEAD")))?.trim();
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || ref.split("/").includes("..")) return undefined;
  // A linked worktree keeps shared refs in its commondir.
  const common = (await readSmall(join(gitDir, "commondir")))?.trim();
  const dirs = common ? [gitDir, resolve(gitDir, common)] : [gitDir];
  for (const dir of dirs) {
    const loose = (await readSmall(join(dir, ref)))?.trim();
    if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  }
  for (const dir of dirs) {
    const packed = await readSmall(join(dir, "packed-refs"));
    if (!packed) continue;
    for (const line of packed.split(/\r?\n/)) {
      const [sha, name] = line.split(" ");
      if (name === ref && sha && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
    }
  }
  return undefined;
}

async function walkIndex(root: string, rules: IgnoreRules): Promise<string[]> {
  const out: string[] = [];
  const pending: string[] = [""];
  while (pending.length > 0 && out.length < REPO_INDEX_MAX) {
    const dir = pending.pop() as string;
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || rules.ignores(rel, true)) continue;
        pending.push(rel);
      } else if (!rules.ignores(rel, false)) {
        out.push(rel);
        if (out.length >= REPO_INDEX_MAX) break;
      }
    }
  }
  return out.sort(compareUtf8);
}

export async function buildRepoFacts(root: string): Promise<RepoFacts> {
  const st = await lstat(root);
  if (!st.isDirectory()) throw new Error(`root is not a directory: ${root}`);
  const gitignore = (await readSmall(join(root, ".gitignore"))) ?? "";
  const rules = parseGitignore(gitignore);
  let packageJson: JsonValue | undefined;
  try {
    const text = await readSmall(join(root, "package.json"));
    packageJson = text === undefined ? undefined : (JSON.parse(text) as JsonValue);
  } catch {
    packageJson = undefined;
  }
  const gitHead = await readGitHead(root).catch(() => undefined);
  let indexPromise: Promise<string[]> | undefined;
  const index = () => {
    indexPromise ??= walkIndex(root, rules);
    return indexPromise;
  };
  return Object.freeze({
    root,
    async exists(path: string) {
      if (!isRelPath(path)) return false;
      try {
        await lstat(join(root, path));
        return true;
      } catch {
        return false;
      }
    },
    async read(path: string, max?: number) {
      if (!isRelPath(path)) return undefined;
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      try {
        const full = join(root, path);
        const lst = await lstat(full);
        if (!lst.isFile()) return undefined;
        handle = await open(full, "r");
        const fst = await handle.stat();
        if (max !== undefined && fst.size > max) throw new Error(`${path} is larger than ${max} bytes`);
        return new Uint8Array(await handle.readFile());
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      } finally {
        await handle?.close().catch(() => undefined);
      }
    },
    async glob(pattern: string) {
      const match = compileGlob(pattern);
      return (await index()).filter((p) => match(p));
    },
    index,
    packageJson,
    gitHead,
    gitDirty: undefined,
  });
}

// Whether git would ignore a path, judged as git does (gitignore(5)) from the files git reads,
// without running git: doctor must not run a program a repository's config can redirect. Read:
// every `.gitignore` from the work tree's top down to the path's directory, and
// `.git/info/exclude` (when `.git` is a directory; a linked worktree's `.git` file is not
// followed). Not read: `core.excludesFile` (a user's global excludes), so a rule that lives only
// there is reported as "not ignored" — a warning too many, never a false "ok".
// The rules: the deepest `.gitignore` that has a matching pattern decides, within a file the last
// matching pattern wins, `!` re-includes, a trailing `/` matches directories only, a pattern with
// a `/` before its end is anchored to its file's directory, and a path under an ignored directory
// is ignored whatever deeper files say (git never reads them).
import { readFile, stat } from "node:fs/promises";
import * as path from "node:path";
import { compileGlob, type Matcher } from "@codai/axiom-rules";

interface Pattern {
  match: Matcher;
  negate: boolean;
  dirOnly: boolean;
  /** Matched against the path relative to the file's directory; else against the last segment. */
  anchored: boolean;
}

/** One ignore file: the directory its patterns are relative to (POSIX, "" = the top), its patterns. */
interface IgnoreFile {
  base: string;
  file: string;
  patterns: Pattern[];
}

export function parseIgnoreLines(text: string): Pattern[] {
  const out: Pattern[] = [];
  for (const raw of text.split(/\r?\n/)) {
    // Trailing spaces are dropped unless escaped; a leading `\` escapes `#` and `!`.
    let line = raw.replace(/(?<!\\)\s+$/, "");
    if (line === "" || line.startsWith("#")) continue;
    const negate = line.startsWith("!");
    if (negate) line = line.slice(1);
    if (line.startsWith("\\#") || line.startsWith("\\!")) line = line.slice(1);
    const dirOnly = line.endsWith("/");
    line = line.replace(/\/+$/, "");
    if (line === "") continue;
    const anchored = line.includes("/");
    out.push({ match: compileGlob(line.replace(/^\/+/, "")), negate, dirOnly, anchored });
  }
  return out;
}

/** The last pattern of `file` that matches `rel`: true = ignored, false = re-included, undefined = silent. */
function verdict(file: IgnoreFile, rel: string, isDir: boolean): boolean | undefined {
  if (file.base !== "" && !rel.startsWith(`${file.base}/`)) return undefined;
  const sub = file.base === "" ? rel : rel.slice(file.base.length + 1);
  const name = sub.slice(sub.lastIndexOf("/") + 1);
  for (let i = file.patterns.length - 1; i >= 0; i--) {
    const p = file.patterns[i] as Pattern;
    if (p.dirOnly && !isDir) continue;
    if (p.match(p.anchored ? sub : name)) return !p.negate;
  }
  return undefined;
}

/** Deepest file first, `info/exclude` last: the order in which git lets a file decide. */
function decide(files: readonly IgnoreFile[], rel: string, isDir: boolean): IgnoreFile | undefined {
  for (const f of files) {
    const v = verdict(f, rel, isDir);
    if (v !== undefined) return v ? f : undefined;
  }
  return undefined;
}

export interface IgnoreJudge {
  /** The ignore file that makes git ignore `rel` (POSIX, relative to `root`), or undefined if git would not. */
  ignoredBy(rel: string, isDir: boolean): Promise<string | undefined>;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The work tree's top: the nearest directory at or above `root` holding `.git`; `root` when none does. */
async function workTreeTop(root: string): Promise<string> {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (await exists(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return root;
  }
}

/** Reads the ignore files that bear on paths under `root` (each once) and judges paths as git would. */
export async function gitIgnoreJudge(root: string): Promise<IgnoreJudge> {
  const top = await workTreeTop(root);
  const prefix = path.relative(top, root).split(path.sep).filter(Boolean).join("/");
  const cache = new Map<string, IgnoreFile | null>();
  const load = async (base: string): Promise<IgnoreFile | null> => {
    if (!cache.has(base)) {
      const file = path.join(top, ...base.split("/").filter(Boolean), ".gitignore");
      const text = await readText(file);
      cache.set(base, text === undefined ? null : { base, file, patterns: parseIgnoreLines(text) });
    }
    return cache.get(base) ?? null;
  };
  const excludeFile = path.join(top, ".git", "info", "exclude");
  const excludeText = await readText(excludeFile);
  const exclude: IgnoreFile[] =
    excludeText === undefined ? [] : [{ base: "", file: excludeFile, patterns: parseIgnoreLines(excludeText) }];

  return {
    async ignoredBy(relUnderRoot, isDir) {
      const rel = prefix === "" ? relUnderRoot : `${prefix}/${relUnderRoot}`;
      const segments = rel.split("/");
      // Each leading directory first: once one is ignored, git does not look inside it.
      for (let i = 1; i <= segments.length; i++) {
        const sub = segments.slice(0, i).join("/");
        const dirs = ["", ...segments.slice(0, i - 1).map((_, j) => segments.slice(0, j + 1).join("/"))];
        const files = (await Promise.all(dirs.map(load))).filter((f): f is IgnoreFile => f !== null).reverse();
        const hit = decide([...files, ...exclude], sub, i < segments.length || isDir);
        if (hit !== undefined) return path.relative(root, hit.file).split(path.sep).join("/") || hit.file;
      }
      return undefined;
    },
  };
}

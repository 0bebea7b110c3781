// Target resolution (hooks-doctor.md §2.8): cwd-relative text → RelPath under the root, with the
// RelPath rules and the containment walk of apply.md (links in the ancestry, escapes).
// Synchronous fs calls, as in root.ts; realpathSync.native is realpath(3), like fs/promises.realpath.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import * as path from "node:path";
import { relPathIssues } from "@codai/axiom-rules";

const IS_WIN = process.platform === "win32";
const REL_CODES = [
  "ERR_PATH_NOT_RELATIVE_POSIX",
  "ERR_PATH_SEGMENT",
  "ERR_PATH_NOT_NFC",
  "ERR_PATH_RESERVED_NAME",
  "ERR_PATH_INVALID_CHAR",
] as const;

export type Resolution = { ok: true; path: string } | { ok: false; code: string; message: string; path: string };

const fold = (p: string) => (IS_WIN ? p.toLowerCase() : p);

function inside(parent: string, child: string): boolean {
  const a = fold(parent);
  const b = fold(child);
  if (a === b) return true;
  return b.startsWith(a.endsWith(path.sep) ? a : a + path.sep);
}

/** Realpath of the deepest existing ancestor, with the missing tail appended. */
async function canonical(abs: string): Promise<string> {
  const tail: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      return path.join(realpathSync.native(cur), ...tail.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return abs;
      tail.push(path.basename(cur));
      cur = parent;
    }
  }
}

export async function resolveTarget(raw: string, cwd: string, root: string): Promise<Resolution> {
  const text = raw.replace(/\\/g, "/");
  const abs =
    path.isAbsolute(text) || (IS_WIN && /^[A-Za-z]:/.test(text))
      ? await canonical(path.resolve(text))
      : path.resolve(cwd, text);
  let rel = path.relative(root, abs);
  if (IS_WIN) rel = rel.replace(/\\/g, "/");
  if (rel === "" || rel === ".." || rel.startsWith("../") || path.isAbsolute(rel)) {
    return { ok: false, code: "ERR_CONTAINMENT", message: "path resolves outside the root", path: raw };
  }
  let issues = relPathIssues(rel) as string[];
  // After steps 1–3 the text is relative and slash-separated: a leading `x:` flagged as a drive
  // letter is just a colon here, so ERR_PATH_INVALID_CHAR names it (acceptance 30).
  if (!rel.startsWith("/") && !rel.includes("\\")) issues = issues.filter((c) => c !== "ERR_PATH_NOT_RELATIVE_POSIX");
  if (issues.length > 0) {
    const code = issues.find((c) => (REL_CODES as readonly string[]).includes(c)) ?? "ERR_PATH_SEGMENT";
    return { ok: false, code, message: "path is not a valid RelPath", path: rel };
  }
  return walk(root, rel);
}

/** apply.md §2 step 7a: lstat every ancestor segment; realpath must stay inside; a link at the leaf must land inside. */
async function walk(root: string, rel: string): Promise<Resolution> {
  const segs = rel.split("/");
  let cur = root;
  for (let i = 0; i < segs.length - 1; i++) {
    const next = path.join(cur, segs[i] as string);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(next);
    } catch {
      break;
    }
    const prefix = segs.slice(0, i + 1).join("/");
    if (st.isSymbolicLink())
      return { ok: false, code: "ERR_SYMLINK_IN_PATH", message: `symlink in path: ${prefix}`, path: rel };
    if (!st.isDirectory())
      return { ok: false, code: "ERR_TARGET_TYPE", message: `not a directory: ${prefix}`, path: rel };
    cur = next;
  }
  let real: string;
  try {
    real = realpathSync.native(cur);
  } catch {
    return { ok: false, code: "ERR_CONTAINMENT", message: "path cannot be resolved", path: rel };
  }
  if (!inside(root, real))
    return { ok: false, code: "ERR_CONTAINMENT", message: "path resolves outside the root", path: rel };
  // The leaf itself (SEC-42): a write through a symbolic link writes where the link leads, so a
  // link at the target (dangling, or through more links) must land inside the root too.
  const leaf = path.join(root, ...segs);
  if (isLink(leaf) && !inside(root, landing(leaf)))
    return {
      ok: false,
      code: "ERR_CONTAINMENT",
      message: "the path is a symbolic link that leads outside the root",
      path: rel,
    };
  return { ok: true, path: rel };
}

function isLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Realpath through every link, the leaf and dangling links included (a write creates their target). */
function landing(abs: string): string {
  let cur = abs;
  for (let hops = 0; hops < 40; hops++) {
    try {
      return realpathSync.native(cur);
    } catch {
      // find the deepest entry that exists (lstat: a dangling link exists)
    }
    const tail: string[] = [];
    let at = cur;
    for (;;) {
      try {
        lstatSync(at);
        break;
      } catch {
        const parent = path.dirname(at);
        if (parent === at) return cur;
        tail.unshift(path.basename(at));
        at = parent;
      }
    }
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(at);
    } catch {
      return cur;
    }
    if (!st.isSymbolicLink()) {
      try {
        return path.join(realpathSync.native(at), ...tail);
      } catch {
        return cur;
      }
    }
    cur = path.resolve(path.dirname(at), readlinkSync(at), ...tail);
  }
  return cur;
}

/**
 * The other root-relative names one target has (decisions SEC-6): its lexical path under the root
 * when it was given absolute (resolution canonicalises it), and where it lands through in-root
 * symbolic links (the leaf, dangling links and links in the ancestry included). Names outside the
 * root are left out (containment is resolveTarget's).
 */
export function aliasPaths(raw: string, cwd: string, root: string): string[] {
  const text = raw.replace(/\\/g, "/");
  const abs = path.resolve(cwd, text);
  const out: string[] = [];
  const add = (p: string) => {
    let rel = path.relative(root, p);
    if (IS_WIN) rel = rel.replace(/\\/g, "/");
    if (rel === "" || rel === ".." || rel.startsWith("../") || path.isAbsolute(rel)) return;
    if (!out.includes(rel)) out.push(rel);
  };
  add(abs);
  add(landing(abs));
  return out;
}

// The containment walk (apply.md §2 step 7a; threats.md T02/T03): lstat every ancestor segment
// of a target (never the leaf), refuse links and non-directories, then realpath the deepest
// existing ancestor and require it to lie inside the root (parent + separator, never a raw prefix).
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import { type BigStats, errnoOf, fsx } from "@codai/axiom-store";

const IS_WIN = process.platform === "win32";

export function stripLongPrefix(p: string): string {
  return p.startsWith("\\\\?\\") ? p.slice(4) : p;
}

/** `child` equals `parent` or lies inside it (case-folded on win32 only). */
export function isInside(parent: string, child: string): boolean {
  const norm = (p: string) => {
    let s = path.normalize(p);
    while (s.length > 1 && (s.endsWith("/") || s.endsWith("\\")) && !/^[A-Za-z]:\\$/.test(s)) s = s.slice(0, -1);
    return IS_WIN ? s.toLowerCase() : s;
  };
  const a = norm(parent);
  const b = norm(child);
  if (a === b) return true;
  const sep = a.endsWith(path.sep) ? a : a + path.sep;
  return b.startsWith(sep);
}

export interface WalkResult {
  /** Absolute path of the deepest existing ancestor directory. */
  deepest: string;
  /** True when every ancestor exists (the parent directory is present). */
  parentExists: boolean;
}

/** Walks the ancestors of `rel` under `rootReal`. Throws the §2 7a codes with `path = rel`. */
export async function containmentWalk(rootReal: string, rel: string): Promise<WalkResult> {
  const segs = rel.split("/");
  let cur = rootReal;
  let parentExists = true;
  for (let i = 0; i < segs.length - 1; i++) {
    const next = path.join(cur, segs[i] as string);
    const prefix = segs.slice(0, i + 1).join("/");
    let st: BigStats;
    try {
      st = await fsx.lstat(next);
    } catch (err) {
      if (errnoOf(err) === "ENOENT") {
        parentExists = false;
        break;
      }
      throw err;
    }
    if (st.isSymbolicLink()) {
      throw axiomError("ERR_SYMLINK_IN_PATH", {
        message: `symlink in path: ${prefix}`,
        path: rel,
        details: { segment: prefix },
      });
    }
    if (!st.isDirectory()) {
      throw axiomError("ERR_TARGET_TYPE", {
        message: `not a directory: ${prefix}`,
        path: rel,
        details: { segment: prefix },
      });
    }
    cur = next;
  }
  let real: string;
  try {
    real = stripLongPrefix(await fsx.realpath(cur));
  } catch (err) {
    throw axiomError("ERR_CONTAINMENT", {
      message: `cannot resolve ${cur}: ${errnoOf(err) ?? "error"}`,
      path: rel,
      details: { parentReal: null },
    });
  }
  if (!isInside(rootReal, real)) {
    throw axiomError("ERR_CONTAINMENT", {
      message: `${rel} resolves outside the root`,
      path: rel,
      details: { parentReal: real },
    });
  }
  if (IS_WIN && real.toLowerCase() !== cur.toLowerCase()) {
    // an 8.3 short name (or other alias) spells a different directory than the lexical path
    throw axiomError("ERR_CONTAINMENT", {
      message: `${rel} goes through an alias`,
      path: rel,
      details: { parentReal: real },
    });
  }
  return { deepest: cur, parentExists };
}

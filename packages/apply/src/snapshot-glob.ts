// Snapshot globs and the root `.gitignore` (apply.md §17.3). Pure.
import { isRelPath } from "@codai/axiom-rules";
import { axiomError } from "@codai/axiom-schema";

export type PathMatcher = (relPath: string) => boolean;

/** Throws ERR_CONTAINMENT `{glob}` unless the glob, wildcards substituted, is a contained RelPath. */
export function validateGlob(glob: string): void {
  const probe = glob.replace(/\*+/g, "x").replace(/\?/g, "x").replace(/\/+$/, "");
  if (probe === "" || !isRelPath(probe)) {
    throw axiomError("ERR_CONTAINMENT", {
      message: `glob is not a contained relative path: ${glob}`,
      details: { glob },
    });
  }
}

const META = /[\\^$.|+()[\]{}]/;

/**
 * The dialect, as an anchored regex: `**\/` = zero or more whole directories, `**` elsewhere =
 * anything, `*` = a run without `/`, `?` = one non-`/` char, everything else literal. A trailing
 * `/` is dropped (a directory pattern then also matches a file of that name).
 */
export function globToRegExp(glob: string): RegExp {
  const g = glob.replace(/\/+$/, "");
  let re = "";
  for (let i = 0; i < g.length; ) {
    if (g.startsWith("**/", i)) {
      re += "(?:[^/]+/)*";
      i += 3;
    } else if (g.startsWith("**", i)) {
      re += ".*";
      i += 2;
    } else if (g[i] === "*") {
      re += "[^/]*";
      i += 1;
    } else if (g[i] === "?") {
      re += "[^/]";
      i += 1;
    } else {
      const ch = g[i] as string;
      re += META.test(ch) ? `\\${ch}` : ch;
      i += 1;
    }
  }
  return new RegExp(`^${re}$`, "s");
}

export function globsMatcher(globs: readonly string[]): PathMatcher {
  const res = globs.map(globToRegExp);
  return (p) => res.some((r) => r.test(p));
}

/**
 * `.gitignore` lines → patterns: blank lines, `#` comments and `!` negations are skipped; a leading
 * `/` is stripped and anchors; a trailing `/` is dropped; a pattern still containing `/` is
 * anchored, any other gets a `**\/` prefix; each is registered as itself and with `/**` appended.
 */
export function gitignorePatterns(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    let anchored = false;
    if (line.startsWith("/")) {
      anchored = true;
      line = line.replace(/^\/+/, "");
    }
    line = line.replace(/\/+$/, "");
    if (line === "") continue;
    if (line.includes("/")) anchored = true;
    const pattern = anchored ? line : `**/${line}`;
    out.push(pattern, `${pattern}/**`);
  }
  return out;
}

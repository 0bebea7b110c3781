// The root .gitignore, translated roughly (checks.md §5): negations ignored, a bare name matches
// at any depth, a trailing "/" means that directory and everything under it, a "/" elsewhere
// anchors the pattern at the root.
import { compileGlob, type Matcher } from "@codai/axiom-rules";

export interface IgnoreRules {
  /** True when the entry (file or directory) at `relPath` is ignored. */
  ignores(relPath: string, isDir: boolean): boolean;
}

interface Rule {
  match: Matcher;
  dirOnly: boolean;
}

export function parseGitignore(text: string): IgnoreRules {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    const dirOnly = line.endsWith("/");
    if (dirOnly) line = line.replace(/\/+$/, "");
    if (line === "") continue;
    const anchored = line.includes("/");
    const pattern = anchored ? line.replace(/^\/+/, "") : `**/${line}`;
    rules.push({ match: compileGlob(pattern), dirOnly });
  }
  return {
    ignores(relPath, isDir) {
      return rules.some((r) => (isDir || !r.dirOnly) && r.match(relPath));
    },
  };
}

// Pattern form, the one spelling of a path the shell judgement works in (decisions SEC-3): a glob
// character that was quoted or escaped carries a backslash, the others are live. Words, globs and
// brace expansion all read and write this form, so these three helpers are its whole definition.

/** True when the pattern holds an unescaped glob character (`*`, `?`, `[`), or an extglob group. */
export function hasGlob(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "*" || c === "?" || c === "[") return true;
  }
  return false;
}

/** Removes pattern-form escapes: the literal text a glob-free pattern names. */
export function unescapePattern(pattern: string): string {
  return pattern.replace(/\\(.)/gs, "$1");
}

/** Escapes every character that pattern form (and brace expansion) treats as special. */
export function escapePattern(text: string): string {
  return text.replace(/[\\*?[\]{},]/g, "\\$&");
}

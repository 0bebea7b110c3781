// Regex safety for CEL `matches` (checks.md §4.9): the pattern must be a string literal, compile as
// a JavaScript RegExp (the engine runs `new RegExp(p)`), and contain no lookaround and no
// backreference. Catastrophic backtracking is bounded by the evaluation budget instead.

/** Returns a reason when the pattern is unsafe or invalid, undefined when it is acceptable. */
export function unsafeRegexReason(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
  } catch {
    return "invalid regular expression";
  }
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      // \1..\9 is a backreference outside a class (an octal escape inside one): refuse both,
      // the distinction is not worth the risk. \k<name> is a named backreference.
      if (/[1-9]/.test(next)) return "backreference";
      if (next === "k") return "backreference";
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      continue;
    }
    if (ch === "[") {
      inClass = true;
      // A `]` right after `[` or `[^` is literal in some dialects; JS treats `[]` as empty, fine.
      continue;
    }
    if (ch === "(" && pattern[i + 1] === "?") {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith("=") || rest.startsWith("!")) return "lookahead";
      if (rest === "<=" || rest === "<!") return "lookbehind";
    }
  }
  return undefined;
}

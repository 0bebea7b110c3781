// The diff excerpt of the elicitation message (mcp.md §8.4, issue 19): the unified diff's hunk lines
// of each file, under a `=== <path>` line, as plain text a client can render. File content is
// written by the model, so every line is treated like a path: control and format code points are
// escaped (a TAB is kept), a line is clipped to EXCERPT_LINE_MAX characters, and a line the secret
// scanner flags is never printed (HUM-2): it is replaced by the name of the pattern it matched.
import { activePatterns, detect, type SecretPatternName } from "@codai/axiom-rules";
import type { FileChange } from "@codai/axiom-workflow";

/** Characters of one shown line (a path, the root, a diff line), "…" included. */
export const EXCERPT_LINE_MAX = 160;

const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** `text` split in code points, each Cc/Cf/Zl/Zp one escaped as `\u{XXXX}` (uppercase hex, ≥ 4 digits). */
function pieces(text: string, keepTab: boolean): string[] {
  const out: string[] = [];
  for (const ch of text) {
    const hidden = HIDDEN.test(ch) && !(keepTab && ch === "\t");
    out.push(hidden ? `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}}` : ch);
  }
  return out;
}

/** Every Cc/Cf/Zl/Zp code point as `\u{XXXX}` (uppercase hex, ≥ 4 digits). */
export function escapeForHuman(text: string): string {
  return pieces(text, false).join("");
}

const width = (ps: readonly string[]) => ps.reduce((n, p) => n + [...p].length, 0);

/** `text` escaped; above `max` characters its end is cut (never inside an escape) and "…" marks it. */
export function clipEnd(text: string, max = EXCERPT_LINE_MAX, keepTab = false): string {
  const ps = pieces(text, keepTab);
  if (width(ps) <= max) return ps.join("");
  let out = "";
  let used = 0;
  for (const p of ps) {
    const w = [...p].length;
    if (used + w > max - 1) break;
    out += p;
    used += w;
  }
  return `${out}…`;
}

/** `text` escaped; above `max` characters its middle is cut, so both the start and the file name stay. */
export function clipMiddle(text: string, max = EXCERPT_LINE_MAX): string {
  const ps = pieces(text, false);
  if (width(ps) <= max) return ps.join("");
  const take = (list: readonly string[], budget: number) => {
    const kept: string[] = [];
    let used = 0;
    for (const p of list) {
      const w = [...p].length;
      if (used + w > budget) break;
      kept.push(p);
      used += w;
    }
    return kept;
  };
  const headBudget = Math.floor((max - 1) / 2);
  const head = take(ps, headBudget);
  const tail = take([...ps].reverse(), max - 1 - headBudget).reverse();
  return `${head.join("")}…${tail.join("")}`;
}

// Every pattern, PII included, whatever the profile disables: the message leaves the server (HUM-2).
const PATTERNS: readonly SecretPatternName[] = activePatterns({ pii: true, disable: [] });

/** The first pattern the scanner flags in `text`, or undefined. */
export function flaggedPattern(text: string): SecretPatternName | undefined {
  return PATTERNS.find((p) => detect(p, text));
}

/** One diff line as shown: its sign kept, its text masked when flagged, escaped and clipped. */
function shownLine(line: string): string {
  const sign = line.slice(0, 1);
  const flagged = sign === "@" || sign === "\\" ? undefined : flaggedPattern(line.slice(1));
  if (flagged !== undefined) return `${sign}[line hidden: matches secret pattern ${flagged}]`;
  return clipEnd(line, EXCERPT_LINE_MAX, true);
}

export interface Excerpt {
  /** The first `limit` excerpt lines, rendered. */
  lines: string[];
  /** Every excerpt line of the change set, shown or not. */
  total: number;
}

/**
 * The excerpt lines of the change set, in the op lines' order: for each file with hunks its
 * `=== <path>` line, then its hunk lines. A file whose diff holds a private key shows one line
 * instead of its hunks, since a key's body lines do not match the scanner one by one. Only the
 * first `limit` lines are rendered (scanned, escaped); the rest are counted.
 */
export function excerpt(changes: readonly FileChange[], limit: number): Excerpt {
  const lines: string[] = [];
  let total = 0;
  const push = (render: () => string) => {
    if (total++ < limit) lines.push(render());
  };
  for (const c of changes) {
    if (c.kind !== "text" || c.lines.length === 0) continue;
    push(() => `=== ${clipMiddle(c.path)}`);
    if (detect("privateKey", c.lines.join("\n"))) {
      push(() => "[diff hidden: matches secret pattern privateKey]");
      continue;
    }
    for (const l of c.lines) push(() => shownLine(l));
  }
  return { lines, total };
}

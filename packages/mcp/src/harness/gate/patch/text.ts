// Line and whitespace rules shared by the patch parsers. Harnesses apply patches with different
// code (Codex: Rust `str::trim`, `str::lines`; Copilot CLI: JavaScript), so the gate trims with the
// union of both whitespace sets when it recognises a marker, and judges the path under each
// harness's own trim (decisions HOOK-22): a character one of them strips (U+0085 for Rust, U+FEFF
// for JavaScript) cannot hide a protected path from the other.

/** Rust's `char::is_whitespace` (Unicode White_Space) plus JavaScript's `String.prototype.trim` set. */
const WS = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const RUST_WS = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGE = new RegExp(`^[${WS}]+|[${WS}]+$`, "g");
const RUST_EDGE = new RegExp(`^[${RUST_WS}]+|[${RUST_WS}]+$`, "g");

/** Trim with every whitespace character either harness strips (for recognising markers). */
export const trimAll = (s: string): string => s.replace(EDGE, "");
/** Rust's `str::trim` (Codex). */
export const trimRust = (s: string): string => s.replace(RUST_EDGE, "");

/** Rust's `str::lines`: split on LF, one trailing CR per line removed, no element after a final LF. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

/** The path after `marker` in a header line, under each harness's trim (deduplicated, non-empty). */
export function headerPaths(line: string, marker: string, untrimmed = false): string[] {
  const out = new Set<string>();
  for (const t of [trimAll(line), trimRust(line), line.trim()]) {
    if (t.startsWith(marker)) out.add(t.slice(marker.length));
  }
  // Codex reads `*** Move to: ` from the untrimmed line (trailing whitespace stays in the path).
  if (untrimmed && line.startsWith(marker)) out.add(line.slice(marker.length));
  return [...out].filter((p) => trimAll(p) !== "");
}

/** A line of the patch quoted in an error message, bounded (the text is the model's). */
export function quote(line: string): string {
  return `'${line.length > 120 ? `${line.slice(0, 120)}…` : line}'`;
}

// The exact patch applier (sources.md §1.5, §1.9): LF-split lines, byte-exact matching, hunks in
// file order, no fuzz; the pre-image's final-newline state is kept. Pure.
import { axiomError } from "@codai/axiom-schema";
import type { Hunk, ParsedPatch } from "./patch-parse";

/** `"a\nb\n"` → [a, b]; `""` → []. A CR stays part of its line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function noMatch(details: Record<string, unknown>) {
  return axiomError("ERR_PATCH_NO_MATCH", { message: "patch does not apply exactly", details });
}

function matchesAt(lines: string[], block: string[], at: number): boolean {
  for (let k = 0; k < block.length; k++) if (lines[at + k] !== block[k]) return false;
  return true;
}

function applyHunks(text: string, hunks: Hunk[]): string[] {
  const lines = splitLines(text);
  let cursor = 0;
  for (const [index, h] of hunks.entries()) {
    const hunk = index + 1;
    const block = [...h.before, ...h.removed, ...h.after];
    const replacement = [...h.before, ...h.added, ...h.after];
    if (h.anchor !== undefined) {
      const found: number[] = [];
      for (let i = cursor; i < lines.length; i++) if (lines[i] === h.anchor) found.push(i);
      if (found.length !== 1)
        throw noMatch({ hunk, anchor: h.anchor, matches: found.length, searchedFromLine: cursor + 1 });
      cursor = (found[0] as number) + 1;
    }
    if (block.length === 0) {
      let at: number;
      if (h.anchor !== undefined) at = cursor;
      else if (h.atEof) at = lines.length;
      else if (lines.length === 0) at = 0;
      else throw noMatch({ hunk });
      lines.splice(at, 0, ...replacement);
      cursor = at + replacement.length;
      continue;
    }
    let found: number[] = [];
    for (let i = cursor; i + block.length <= lines.length; i++) if (matchesAt(lines, block, i)) found.push(i);
    if (h.atEof) found = found.filter((i) => i + block.length === lines.length);
    if (found.length > 1 && h.hintLine !== undefined) {
      const target = h.hintLine - 1;
      const best = Math.min(...found.map((i) => Math.abs(i - target)));
      const closest = found.filter((i) => Math.abs(i - target) === best);
      if (closest.length === 1) found = closest;
    }
    if (found.length !== 1) {
      throw noMatch({ hunk, matches: found.length, searchedFromLine: cursor + 1, block: block.slice(0, 8) });
    }
    const at = found[0] as number;
    lines.splice(at, block.length, ...replacement);
    cursor = at + replacement.length;
  }
  return lines;
}

/** Applies a parsed patch to the pre-image text (BOM already removed); returns the result text. */
export function applyPatch(text: string, patch: ParsedPatch): string {
  if (patch.kind === "delete") throw noMatch({});
  if (patch.kind === "add") {
    if (text !== "") throw noMatch({ existingBytes: Buffer.byteLength(text, "utf8") });
    return patch.content;
  }
  const lines = applyHunks(text, patch.hunks);
  const finalNewline = text === "" || text.endsWith("\n");
  return lines.join("\n") + (finalNewline && lines.length > 0 ? "\n" : "");
}

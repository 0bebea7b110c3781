// String edits (axiom_write `edits`, issue 19 item 6): `{oldText, newText, replaceAll?}` applied in
// order, each against the result of the previous, on the text a patch source would see (BOM
// removed). Exact substring matching, no normalisation. An oldText must occur exactly once unless
// replaceAll (then at least once), and no match may touch text an earlier edit wrote: either
// failure is ERR_PATCH_NO_MATCH `{path, index, matches}` (+ `overlaps` for the second). Pure.
import { axiomError } from "@codai/axiom-schema";

export interface TextEdit {
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/** A span of the current text that an earlier edit wrote, [start, end) in UTF-16 units. */
interface Span {
  start: number;
  end: number;
  edit: number;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** Applies `edits` to `text`; `path` only labels the errors. */
export function applyEdits(text: string, edits: readonly TextEdit[], path: string): string {
  let current = text;
  let written: Span[] = [];
  for (const [index, e] of edits.entries()) {
    const found = e.oldText === "" ? [] : occurrences(current, e.oldText);
    if (found.length === 0 || (found.length > 1 && !e.replaceAll)) {
      throw axiomError("ERR_PATCH_NO_MATCH", {
        message: `edits[${index}].oldText occurs ${found.length} times in ${path}; it must occur exactly once (or set replaceAll)`,
        path,
        details: { path, index, matches: found.length },
      });
    }
    const len = e.oldText.length;
    // A match that starts, ends or lies inside an earlier edit's newText overlaps it.
    for (const at of found) {
      const hit = written.find((s) => at < s.end && s.start < at + len);
      if (hit) {
        throw axiomError("ERR_PATCH_NO_MATCH", {
          message: `edits[${index}].oldText overlaps the text edits[${hit.edit}] wrote in ${path}`,
          path,
          details: { path, index, matches: found.length, overlaps: hit.edit },
        });
      }
    }
    const delta = e.newText.length - len;
    const next: Span[] = [];
    let out = "";
    let from = 0;
    for (const [k, at] of found.entries()) {
      out += current.slice(from, at) + e.newText;
      from = at + len;
      const start = at + k * delta;
      next.push({ start, end: start + e.newText.length, edit: index });
    }
    out += current.slice(from);
    // Earlier spans move by the growth of every match before them.
    written = written.map((s) => {
      const shift = found.filter((at) => at < s.start).length * delta;
      return { ...s, start: s.start + shift, end: s.end + shift };
    });
    written.push(...next);
    current = out;
  }
  return current;
}

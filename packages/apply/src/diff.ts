// The dry-run unified diff (apply.md §16): one entry per artifact in manifest order, text via the
// `diff` package's createTwoFilesPatch (context 3, no headers), binary as a fixed two-line entry,
// the whole capped at 1 MiB of UTF-8.

import { decodeUtf8Strict } from "@codai/axiom-canon";
import { createTwoFilesPatch } from "diff";

export const DIFF_CAP = 1_048_576;
export const TRUNCATION_NOTE = "\n[diff truncated at 1 MiB]\n";

export interface DiffEntry {
  path: string;
  /** Current bytes when the target is a regular file; undefined = absent. */
  before?: Uint8Array;
  /** New bytes; undefined for a delete. */
  after?: Uint8Array;
}

function asText(bytes: Uint8Array | undefined): string | undefined | null {
  if (bytes === undefined) return "";
  if (bytes.includes(0)) return null;
  const s = decodeUtf8Strict(bytes);
  return s === undefined ? null : s;
}

const SEPARATOR = "=".repeat(67);

/**
 * createTwoFilesPatch's exact output when one side is empty (a create, a delete, an empty file):
 * one hunk adding or removing every line of the other side, written directly instead of running
 * the line diff (APL-18; most previews create files). Lines split on "\n" only (a "\r" stays in
 * its line), and a last line without "\n" gets the "\ No newline at end of file" marker.
 */
function oneSidedPatch(oldName: string, newName: string, text: string, sign: "+" | "-"): string {
  let out = `${SEPARATOR}\n--- ${oldName}\n+++ ${newName}\n`;
  if (text === "") return out;
  const lines = text.split("\n");
  const endsWithNewline = lines[lines.length - 1] === "";
  if (endsWithNewline) lines.pop();
  out += sign === "+" ? `@@ -0,0 +1,${lines.length} @@\n` : `@@ -1,${lines.length} +0,0 @@\n`;
  out += `${sign}${lines.join(`\n${sign}`)}\n`;
  if (!endsWithNewline) out += "\\ No newline at end of file\n";
  return out;
}

export function diffEntry(e: DiffEntry): string {
  const oldText = asText(e.before);
  const newText = asText(e.after);
  if (oldText === null || newText === null) return `diff --axiom a/${e.path} b/${e.path}\nBinary files differ\n`;
  const oldName = e.before === undefined ? "/dev/null" : `a/${e.path}`;
  const newName = e.after === undefined ? "/dev/null" : `b/${e.path}`;
  if (oldText === "") return oneSidedPatch(oldName, newName, newText as string, "+");
  if (newText === "") return oneSidedPatch(oldName, newName, oldText as string, "-");
  return createTwoFilesPatch(oldName, newName, oldText as string, newText as string, undefined, undefined, {
    context: 3,
  });
}

/** Concatenates entries under the 1 MiB cap (a cut character decodes as U+FFFD). */
export function buildDiff(entries: readonly DiffEntry[]): string {
  let out = "";
  let used = 0;
  for (const e of entries) {
    const text = diffEntry(e);
    const size = Buffer.byteLength(text, "utf8");
    if (used + size > DIFF_CAP) {
      const budget = DIFF_CAP - used;
      const cut = Buffer.from(text, "utf8").subarray(0, budget);
      return out + new TextDecoder("utf-8").decode(cut) + TRUNCATION_NOTE;
    }
    out += text;
    used += size;
  }
  return out;
}

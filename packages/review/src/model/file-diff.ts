// One artifact's unified diff (the `diff` package, context 3) in the form diff2html parses, with
// its +/− counts. Binary or unreadable sides are named instead of diffed.
import { createTwoFilesPatch } from "diff";
import type { Side } from "./bytes";

export interface FileDiff {
  /** Unified diff text (`--- a/…`/`+++ b/…` and hunks); empty when `note` explains why not. */
  unified: string;
  added: number;
  removed: number;
  /** "binary", "unknown-before", "unknown-after" when the text cannot be shown. */
  note?: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function textOf(side: Side): string | null | undefined {
  if (side.kind === "absent") return "";
  if (side.kind === "unknown") return undefined;
  if (side.bytes.includes(0)) return null;
  try {
    return utf8.decode(side.bytes);
  } catch {
    return null;
  }
}

export function fileDiff(path: string, before: Side, after: Side): FileDiff {
  const oldText = textOf(before);
  const newText = textOf(after);
  if (oldText === undefined) return { unified: "", added: 0, removed: 0, note: "unknown-before" };
  if (newText === undefined) return { unified: "", added: 0, removed: 0, note: "unknown-after" };
  if (oldText === null || newText === null) return { unified: "", added: 0, removed: 0, note: "binary" };
  const oldName = before.kind === "absent" ? "/dev/null" : `a/${path}`;
  const newName = after.kind === "absent" ? "/dev/null" : `b/${path}`;
  const patch = createTwoFilesPatch(oldName, newName, oldText, newText, undefined, undefined, { context: 3 });
  // createTwoFilesPatch opens with an "Index"/"====" banner diff2html does not need.
  const body = patch.slice(patch.indexOf("--- "));
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const line of body.split("\n")) {
    if (line.startsWith("@@")) inHunk = true;
    else if (inHunk && line.startsWith("+")) added++;
    else if (inHunk && line.startsWith("-")) removed++;
  }
  return { unified: body, added, removed };
}

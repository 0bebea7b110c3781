// V4A (`apply_patch`) patch text → the files it changes. A mirror of Codex's parser
// (codex-rs/apply-patch/src/parser.rs, lenient mode, the one Codex applies with): `*** Begin Patch`
// … `*** End Patch` (optionally inside a `<<EOF` heredoc), then Add / Delete / Update hunks, an
// Update optionally followed by `*** Move to:`. What Codex refuses, the gate refuses (malformed →
// deny); what Codex applies, the gate judges, header by header.
import { headerPaths, quote, splitLines, trimAll } from "./text";
import type { PatchFile, PatchParse } from "./types";

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const ADD = "*** Add File: ";
const DELETE = "*** Delete File: ";
const UPDATE = "*** Update File: ";
const MOVE = "*** Move to: ";
const EOF_MARK = "*** End of File";
export const V4A_MARKERS = [ADD, DELETE, UPDATE, MOVE];

class Malformed extends Error {}
const fail = (why: string): never => {
  throw new Malformed(why);
};

/** The hunk lines between the boundary markers (Codex's strict check, then its heredoc leniency). */
function hunkLines(lines: string[]): string[] {
  const strict = (ls: string[]) => {
    if (ls.length === 0 || trimAll(ls[0] as string) !== BEGIN) fail(`the first line must be '${BEGIN}'`);
    if (ls.length < 2 || trimAll(ls.at(-1) as string) !== END) fail(`the last line must be '${END}'`);
    return ls.slice(1, -1);
  };
  try {
    return strict(lines);
  } catch (err) {
    const first = lines[0];
    const heredoc = first === "<<EOF" || first === "<<'EOF'" || first === '<<"EOF"';
    if (heredoc && lines.length >= 4 && (lines.at(-1) as string).endsWith("EOF")) return strict(lines.slice(1, -1));
    throw err;
  }
}

/** One Update chunk from `at`; returns the index after it. */
function chunk(lines: string[], at: number, first: boolean, added: string[]): number {
  const head = lines[at] as string;
  let i = at;
  if (head === "@@" || head.startsWith("@@ ")) i++;
  else if (!first) fail(`expected an '@@' context marker, got ${quote(head)}`);
  if (i >= lines.length) fail("an update hunk has no lines");
  let parsed = 0;
  for (; i < lines.length; i++, parsed++) {
    const line = lines[i] as string;
    if (line === EOF_MARK) {
      if (parsed === 0) fail("an update hunk has no lines");
      return i + 1;
    }
    const tag = line[0];
    if (tag === "+") added.push(line.slice(1));
    else if (tag !== undefined && tag !== " " && tag !== "-") {
      if (parsed === 0) fail(`unexpected line in an update hunk: ${quote(line)}`);
      break;
    }
  }
  return i;
}

/** One hunk from `at`: the file it names and the index after it. */
function hunk(lines: string[], at: number): { file: PatchFile; next: number } {
  const line = lines[at] as string;
  const t = trimAll(line);
  const paths = (marker: string) => headerPaths(line, marker);
  if (t.startsWith(ADD)) {
    const added: string[] = [];
    let i = at + 1;
    for (; i < lines.length && (lines[i] as string).startsWith("+"); i++) added.push((lines[i] as string).slice(1));
    return { file: { format: "v4a", paths: paths(ADD), op: "create", added, body: lines.slice(at + 1, i) }, next: i };
  }
  if (t.startsWith(DELETE))
    return { file: { format: "v4a", paths: paths(DELETE), op: "delete", added: [], body: [] }, next: at + 1 };
  if (!t.startsWith(UPDATE)) {
    return fail(`${quote(t)} is not a valid hunk header (${ADD}<path>, ${DELETE}<path>, ${UPDATE}<path>)`);
  }
  let i = at + 1;
  const move = lines[i]?.startsWith(MOVE) ? headerPaths(lines[i] as string, MOVE, true) : undefined;
  if (move) i++;
  const bodyStart = i;
  const added: string[] = [];
  let chunks = 0;
  while (i < lines.length) {
    const l = lines[i] as string;
    if (trimAll(l) === "") {
      i++;
      continue;
    }
    if (l.startsWith("*")) break;
    i = chunk(lines, i, chunks === 0, added);
    chunks++;
  }
  if (chunks === 0) fail(`the update hunk for ${quote(t.slice(UPDATE.length))} is empty`);
  const file: PatchFile = {
    format: "v4a",
    paths: paths(UPDATE),
    op: move ? "move" : "overwrite",
    added,
    body: lines.slice(bodyStart, i),
  };
  if (move) file.moveTo = move;
  return { file, next: i };
}

export function parseV4a(text: string): PatchParse {
  try {
    const lines = hunkLines(splitLines(trimAll(text)));
    const files: PatchFile[] = [];
    for (let i = 0; i < lines.length; ) {
      const { file, next } = hunk(lines, i);
      files.push(file);
      i = next;
    }
    return { ok: true, files };
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, why: `malformed V4A patch: ${err.message}` };
    throw err;
  }
}

/** True when the text is meant as V4A (its first line, or the heredoc's second, is the begin marker). */
export function looksLikeV4a(text: string): boolean {
  const lines = splitLines(trimAll(text));
  return trimAll(lines[0] ?? "") === BEGIN || trimAll(lines[1] ?? "") === BEGIN;
}

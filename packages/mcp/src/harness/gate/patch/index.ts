// An apply_patch tool's text → the files it changes and the write targets the gate judges.
// V4A when it opens with `*** Begin Patch` (Codex, Copilot CLI), else a unified diff; what neither
// parser accepts is malformed and denied (decisions HOOK-22).
import type { RawTarget } from "../types";
import { headerPaths, splitLines, trimAll } from "./text";
import type { PatchFile, PatchParse } from "./types";
import { parseUnified } from "./unified";
import { looksLikeV4a, parseV4a, V4A_MARKERS } from "./v4a";

export type { PatchFile, PatchOp, PatchParse } from "./types";

/**
 * Every line whose trimmed text is a V4A file header names a path an applier could read, wherever
 * the parser placed it (e.g. an indented `*** Add File:` inside an update's context): judged too, so
 * a parser that splits hunks differently from the gate's cannot carry a path past it.
 */
function headerLikeLines(text: string, files: PatchFile[]): PatchFile | undefined {
  const known = new Set(files.flatMap((f) => [...f.paths, ...(f.moveTo ?? [])]));
  const paths: string[] = [];
  for (const line of splitLines(text)) {
    const t = trimAll(line);
    if (!t.startsWith("*** ")) continue;
    for (const m of V4A_MARKERS) for (const p of headerPaths(line, m)) if (!known.has(p)) paths.push(p);
  }
  return paths.length > 0 ? { format: "v4a", paths, op: "overwrite", added: [], body: [], judgeOnly: true } : undefined;
}

export function parsePatch(text: string): PatchParse {
  if (!looksLikeV4a(text)) return parseUnified(text);
  const parsed = parseV4a(text);
  if (!parsed.ok) return parsed;
  const extra = headerLikeLines(text, parsed.files);
  return extra ? { ...parsed, files: [...parsed.files, extra] } : parsed;
}

/**
 * The judged targets: each reading of each path; a move deletes its source and writes its
 * destination; the added lines are the content (the secret scan reads them, §2.5).
 */
export function patchFileTargets(files: readonly PatchFile[]): RawTarget[] {
  const out: RawTarget[] = [];
  const push = (paths: readonly string[], op: RawTarget["op"], added: string[]) => {
    for (const raw of paths) out.push(added.length > 0 ? { raw, op, content: added.join("\n") } : { raw, op });
  };
  for (const f of files) {
    if (f.op === "delete") push(f.paths, "delete", []);
    else if (f.op === "move") {
      push(f.paths, "delete", []);
      push(f.moveTo ?? [], "write", f.added);
    } else push(f.paths, "write", f.added);
  }
  return out;
}

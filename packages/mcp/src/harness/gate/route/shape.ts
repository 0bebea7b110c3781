// What the model just tried, restated as `axiom_write` files (decisions HOOK-21): an edit's own
// old/new strings as `edits`, a whole-file write as `content`, a patch per file as `patch` (or
// `content` for an added file, `op: "delete"` for a deleted one). Paths stay as the tool spelled
// them (`raw`); the message names them root-relative after resolution.
import { firstString, isObject, type JsonObject } from "../normalize";
import type { PatchFile } from "../patch";
import { pathOf } from "../targets";
import type { RawTarget } from "../types";

export interface RouteEdit {
  oldText: string;
  newText: string;
  replaceAll?: true;
}

export type RouteFile =
  | { raw: string; kind: "content"; content: string }
  | { raw: string; kind: "full" }
  | { raw: string; kind: "edits"; edits: RouteEdit[] }
  | { raw: string; kind: "delete" }
  | { raw: string; kind: "patch"; format: "v4a" | "unified"; body: string[] };

const OLD_KEYS = ["old_string", "oldString", "old_str", "oldStr", "old_text", "oldText"];
const NEW_KEYS = ["new_string", "newString", "new_str", "newStr", "new_text", "newText"];
/** Keys that hold a file's whole new content (Write, write_file, create_file, Copilot `create`). */
const FULL_KEYS = ["content", "file_text", "fileText", "text"];

const str = (o: JsonObject, keys: readonly string[]) => {
  for (const k of keys) if (typeof o[k] === "string") return o[k] as string;
  return undefined;
};

/** Claude `replace_all`, Gemini `allow_multiple` / `expected_replacements` > 1. */
function replacesAll(o: JsonObject): boolean {
  const n = o.expected_replacements;
  return (
    o.replace_all === true || o.replaceAll === true || o.allow_multiple === true || (typeof n === "number" && n > 1)
  );
}

function editOf(o: JsonObject): RouteEdit | undefined {
  const oldText = str(o, OLD_KEYS);
  const newText = str(o, NEW_KEYS);
  if (oldText === undefined || newText === undefined) return undefined;
  return replacesAll(o) ? { oldText, newText, replaceAll: true } : { oldText, newText };
}

function fromPatches(patches: readonly PatchFile[]): RouteFile[] {
  const out: RouteFile[] = [];
  for (const f of patches) {
    const raw = f.paths[0];
    if (f.judgeOnly || raw === undefined) continue;
    if (f.op === "delete") out.push({ raw, kind: "delete" });
    else if (f.op === "create") out.push({ raw, kind: "content", content: f.added.map((l) => `${l}\n`).join("") });
    else if (f.op === "overwrite") out.push({ raw, kind: "patch", format: f.format, body: f.body });
    else {
      // A move is a delete plus the destination's whole content: axiom_write has no rename.
      out.push({ raw, kind: "delete" });
      const to = f.moveTo?.[0];
      if (to !== undefined) out.push({ raw: to, kind: "full" });
    }
  }
  return out;
}

export function routeFiles(
  input: JsonObject,
  targets: readonly RawTarget[],
  patches: readonly PatchFile[],
): RouteFile[] {
  const patched = fromPatches(patches);
  if (patched.length > 0) return patched;
  const first = targets[0]?.raw;
  // VS Code multi_replace_string_in_file: several files, each with its replacements.
  if (Array.isArray(input.replacements)) {
    const byPath = new Map<string, RouteEdit[]>();
    for (const r of input.replacements) {
      const p = isObject(r) ? pathOf(r) : undefined;
      const e = isObject(r) ? editOf(r) : undefined;
      if (p === undefined || e === undefined) continue;
      byPath.set(p, [...(byPath.get(p) ?? []), e]);
    }
    if (byPath.size > 0) return [...byPath].map(([raw, edits]) => ({ raw, kind: "edits" as const, edits }));
  }
  if (first !== undefined && targets.length === 1 && targets[0]?.op === "write") {
    // Claude MultiEdit: `edits[]` of one file.
    if (Array.isArray(input.edits)) {
      const edits = input.edits.flatMap((e) => (isObject(e) ? (editOf(e) ?? []) : []));
      if (edits.length > 0) return [{ raw: first, kind: "edits", edits }];
    }
    const edit = editOf(input);
    // An empty oldText creates the file (Claude Edit of a new file): that is its content.
    if (edit && edit.oldText === "") return [{ raw: first, kind: "content", content: edit.newText }];
    if (edit) return [{ raw: first, kind: "edits", edits: [edit] }];
    const content = firstString(input, FULL_KEYS) ?? str(input, FULL_KEYS);
    if (content !== undefined) return [{ raw: first, kind: "content", content }];
  }
  // Anything else (a notebook cell, an edit sketch, a move or copy tool): the file's whole content.
  return targets.map((t) =>
    t.op === "delete" ? { raw: t.raw, kind: "delete" as const } : { raw: t.raw, kind: "full" as const },
  );
}

// Write-target extraction for write-class tools other than apply_patch (hooks-doctor.md §2.5;
// patches: write-input.ts and patch/).
import { fileURLToPath } from "node:url";
import { firstString, isObject, type JsonObject } from "./normalize";
import type { RawTarget } from "./types";

export const PATH_KEYS = [
  "file_path",
  "filePath",
  "path",
  "notebook_path",
  "notebookPath",
  "target_file",
  "targetFile",
  "file",
  "uri",
];
export const CONTENT_KEYS = [
  "content",
  "new_string",
  "newString",
  "new_str",
  "newStr",
  "code",
  "newCode",
  "new_source",
  "newSource",
  "file_text",
  "fileText",
  "text",
];

/** First content-key value that is a string (empty allowed: it is still what the tool writes). */
export function contentOf(obj: JsonObject): string | undefined {
  for (const k of CONTENT_KEYS) if (typeof obj[k] === "string") return obj[k] as string;
  return undefined;
}

/** A `file://` URI names a local path; anything else is taken literally. */
export function pathOf(obj: JsonObject): string | undefined {
  const p = firstString(obj, PATH_KEYS);
  if (p?.startsWith("file://")) {
    try {
      return fileURLToPath(p);
    } catch {
      return p;
    }
  }
  return p;
}

const SOURCE_KEYS = ["source", "src", "from", "oldPath", "old_path", "sourcePath", "source_path", "path"];
const DEST_KEYS = [
  "destination",
  "dest",
  "target",
  "to",
  "newPath",
  "new_path",
  "destinationPath",
  "destination_path",
  "targetPath",
  "target_path",
];

/** Targets of a file-system operation tool (classify.ts FS_OP_WORDS): every path it changes. */
function fsOpTargets(n: string, input: JsonObject): RawTarget[] | undefined {
  const pick = (keys: readonly string[]) => {
    const p = firstString(input, keys);
    return p?.startsWith("file://") ? pathOf({ path: p }) : p;
  };
  const out: RawTarget[] = [];
  const push = (raw: string | undefined, op: "write" | "delete") => {
    if (raw !== undefined) out.push({ raw, op });
  };
  // No destination: nothing to judge, so the call is refused (ERR_UNSUPPORTED_OP, fail-closed).
  if (/(move|rename)_(file|directory)/.test(n)) {
    const dest = pick(DEST_KEYS);
    if (dest === undefined) return [];
    push(dest, "write");
    push(pick(SOURCE_KEYS), "delete");
    return out;
  }
  if (/copy_(file|directory)/.test(n)) {
    push(pick(DEST_KEYS), "write");
    return out;
  }
  if (/(delete|remove)_(file|directory)/.test(n)) {
    push(pick(PATH_KEYS), "delete");
    return out;
  }
  return undefined;
}

export function extractWriteTargets(toolName: string, input: JsonObject): RawTarget[] {
  const n = toolName.toLowerCase();
  const fsOp = fsOpTargets(n, input);
  if (fsOp !== undefined) return fsOp;
  const reps = input.replacements;
  if (n.includes("multi_replace") && Array.isArray(reps)) {
    const groups = new Map<string, string[]>();
    for (const r of reps) {
      if (!isObject(r)) continue;
      const p = pathOf(r);
      if (p === undefined) continue;
      const parts = groups.get(p) ?? [];
      const c = contentOf(r);
      if (c !== undefined) parts.push(c);
      groups.set(p, parts);
    }
    return [...groups].map(([raw, parts]) =>
      parts.length > 0 ? { raw, op: "write" as const, content: parts.join("\n") } : { raw, op: "write" as const },
    );
  }
  const p = pathOf(input);
  if (p === undefined) return [];
  const parts: string[] = [];
  const top = contentOf(input);
  if (top !== undefined) parts.push(top);
  if (Array.isArray(input.edits)) {
    // Claude MultiEdit: every edit's replacement text is scanned, never the resulting file.
    for (const e of input.edits) {
      if (!isObject(e)) continue;
      const c = contentOf(e);
      if (c !== undefined) parts.push(c);
    }
  }
  return [parts.length > 0 ? { raw: p, op: "write", content: parts.join("\n") } : { raw: p, op: "write" }];
}

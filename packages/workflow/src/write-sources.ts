// What each axiom_write file becomes in its Plan (mcp.md §7.2, issue 19 item 6), read from the tree
// with the one pre-image reader: its op — `create` when the target is absent, `overwrite` when it
// exists, `delete` — and its source. `content` → an inline source; `patch` → a patch source bound to
// the current bytes; `edits` → applied here to the current text, then stated as a unified patch
// source bound to the same bytes (its body is the dry-run diff of the change), so compile re-applies
// it against the pre-image and fails ERR_PATCH_PREIMAGE if the file moved in between. An edit the
// patch line model cannot state (a changed final newline, sources.md §1.5) is an inline source of
// the edited bytes; the manifest's preImage binds it all the same. Edits and patches without `mode`
// keep the file's execute bit; content keeps the seed's 0644 default.

import { diffEntry } from "@codai/axiom-apply";
import { CAS_MAX_BYTES, decodeUtf8Strict, digestRef, sha256Hex } from "@codai/axiom-canon";
import { applyEdits, applyPatch, parsePatch, preImagePresent, readPreImageFile } from "@codai/axiom-plan";
import { INLINE_CONTENT_MAX_UNITS } from "@codai/axiom-rules";
import { axiomError } from "@codai/axiom-schema";
import type { WriteFile, WriteTarget } from "./write-plan";

const BOM = "\uFEFF";

/** `targets[i]` for `files[i]`, in order (after checkWriteFiles). */
export async function resolveWriteTargets(root: string, files: readonly WriteFile[]): Promise<WriteTarget[]> {
  const targets: WriteTarget[] = [];
  for (const [index, f] of files.entries()) targets.push(await targetOf(root, f, index));
  return targets;
}

async function targetOf(root: string, f: WriteFile, index: number): Promise<WriteTarget> {
  if ((f.op ?? "write") === "delete") return { op: "delete" };
  if (f.content !== undefined) {
    // Only whether it exists: content needs no pre-image bytes (nor their 32 MiB read cap).
    const op = (await preImagePresent(root, f.path)) ? "overwrite" : "create";
    return { op, source: { type: "inline", encoding: f.encoding ?? "utf8", content: f.content } };
  }
  const current = await readPreImageFile(root, f.path, CAS_MAX_BYTES);
  const bytes = current?.bytes;
  const op = bytes === undefined ? "create" : "overwrite";
  // An edit or a patch changes text, not the mode: without `mode` the file keeps its 0755 (EDIT-6).
  const mode = f.mode ?? (current?.executable ? "0755" : undefined);
  if (f.patch !== undefined) {
    const preImage = bytes === undefined ? "absent" : digestRef(sha256Hex(bytes));
    return { op, mode, source: { type: "patch", format: f.patch.format, preImage, body: f.patch.text } };
  }
  if (f.edits !== undefined) {
    if (bytes === undefined) {
      throw axiomError("ERR_NOT_FOUND", {
        message: `${f.path} does not exist: edits change an existing file (send content to create it)`,
        path: f.path,
        details: { path: f.path, index },
      });
    }
    return { op, mode, source: editedSource(f.path, bytes, f.edits) };
  }
  // checkWriteFiles has refused a write with none of content, edits, patch.
  throw axiomError("ERR_INVALID_PLAN", {
    message: "a write needs content, edits or patch",
    path: f.path,
    details: { index },
  });
}

function editedSource(path: string, bytes: Uint8Array, edits: NonNullable<WriteFile["edits"]>): WriteTarget["source"] {
  const decoded = decodeUtf8Strict(bytes);
  if (decoded === undefined) {
    throw axiomError("ERR_PATCH_PREIMAGE", {
      message: `${path} is not UTF-8 text: edits need text (send content instead)`,
      path,
      details: { preImage: digestRef(sha256Hex(bytes)), reason: "not-utf8" },
    });
  }
  // As a patch source does (sources.md §1.4): a leading BOM is never part of the edited text.
  const bom = decoded.startsWith(BOM) ? BOM : "";
  const before = decoded.slice(bom.length);
  const after = applyEdits(before, edits, path);
  const body = diffEntry({ path, before: utf8(before), after: utf8(after) });
  if (after !== before && body.length <= INLINE_CONTENT_MAX_UNITS && replays(before, body, after)) {
    return { type: "patch", format: "unified", preImage: digestRef(sha256Hex(bytes)), body };
  }
  return { type: "inline", encoding: "utf8", content: bom + after };
}

/** The unified body re-applied by plan's exact applier gives exactly `after`. */
function replays(before: string, body: string, after: string): boolean {
  try {
    return applyPatch(before, parsePatch("unified", body)) === after;
  } catch {
    return false; // not statable as a patch (e.g. "Binary files differ"): the inline source holds it
  }
}

const utf8 = (s: string) => new TextEncoder().encode(s);

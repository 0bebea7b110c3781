// The route deny reason (decisions HOOK-21): where writes go, the exact `axiom_write` arguments for
// the change just tried (root-relative paths), preview-then-confirm, and one change set for related
// edits. One line (it is also the stderr DENY line). Bounded: every string past STRING_MAX is cut
// with a marker, a long whole-file content becomes FULL, and past FILES_MAX files / EDITS_MAX edits
// the rest is named by count; the JSON always parses.
import type { RouteEdit, RouteFile } from "./shape";

const STRING_MAX = 600;
const FILES_MAX = 6;
const EDITS_MAX = 8;
export const FULL = "<your full content>";

interface Notes {
  cut: boolean;
  full: boolean;
  moreFiles: number;
  moreEdits: number;
}

function bound(s: string, notes: Notes): string {
  if (s.length <= STRING_MAX) return s;
  notes.cut = true;
  // Never split a surrogate pair.
  const at = /[\ud800-\udbff]/.test(s[STRING_MAX - 1] as string) ? STRING_MAX - 1 : STRING_MAX;
  return `${s.slice(0, at)}…[${s.length - at} more chars]`;
}

function patchText(f: Extract<RouteFile, { kind: "patch" }>, rel: string): string {
  const body = f.body.join("\n");
  return f.format === "v4a"
    ? `*** Begin Patch\n*** Update File: ${rel}\n${body}\n*** End Patch\n`
    : `--- a/${rel}\n+++ b/${rel}\n${body}\n`;
}

function fileArg(f: RouteFile, rel: string, notes: Notes): Record<string, unknown> {
  switch (f.kind) {
    case "delete":
      return { path: rel, op: "delete" };
    case "full":
      notes.full = true;
      return { path: rel, content: FULL };
    case "content":
      if (f.content.length > STRING_MAX) {
        notes.full = true;
        return { path: rel, content: FULL };
      }
      return { path: rel, content: f.content };
    case "edits": {
      notes.moreEdits += Math.max(0, f.edits.length - EDITS_MAX);
      const edits = f.edits.slice(0, EDITS_MAX).map((e: RouteEdit) => ({
        oldText: bound(e.oldText, notes),
        newText: bound(e.newText, notes),
        ...(e.replaceAll ? { replaceAll: true } : {}),
      }));
      return { path: rel, edits };
    }
    case "patch":
      return { path: rel, patch: { format: f.format, text: bound(patchText(f, rel), notes) } };
  }
}

/** `relOf` maps a file's raw path to its root-relative path (the resolution the gate just did). */
export function routeMessage(tool: string, files: readonly RouteFile[], relOf: (raw: string) => string): string {
  const notes: Notes = { cut: false, full: false, moreFiles: Math.max(0, files.length - FILES_MAX), moreEdits: 0 };
  const args = { files: files.slice(0, FILES_MAX).map((f) => fileArg(f, relOf(f.raw), notes)) };
  const parts = [
    `route mode: native file writes inside this repository are refused; write through AXIOM's MCP tool ${tool} (checked, confirmed, journaled, one-step rollback).`,
    `For this change call ${tool} with ${JSON.stringify(args)} — that call previews (nothing is written); call it again with the same arguments plus "confirmDigest": "<manifestDigest from the preview>" to apply.`,
  ];
  if (notes.cut) parts.push('Strings ending in "…[N more chars]" are shortened here: send them in full.');
  if (notes.full) parts.push(`"${FULL}" stands for the file's whole new content.`);
  if (notes.moreFiles > 0)
    parts.push(`${notes.moreFiles} more file(s) of this call are left out here: add them to "files" the same way.`);
  if (notes.moreEdits > 0)
    parts.push(`${notes.moreEdits} more edit(s) are left out here: add them to "edits" the same way.`);
  parts.push(`Put related edits, across files, in one ${tool} call: one change set, one confirmation, one rollback.`);
  return parts.join(" ");
}

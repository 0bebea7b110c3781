// The scripted change every harness is driven through, in its own tool names: a native write of a
// new file (routed), a native write of a protected path (denied), AXIOM's write previewed, then
// confirmed with the preview's digest. The write sends `edits` when the server's axiom_write
// offers them (issue 19), else the whole `content`.
import { type Step, type ToolResult, type Turn, tool } from "../mock/script";
import type { ListedTool } from "./axiom";
import { axiomAnswer } from "./expect";

export const NEW_FILE = "src/new.ts";
export const NEW_TEXT = "export const fresh = 2;\n";
export const EDITED_FILE = "src/a.ts";
export const EDITED_TEXT = "export const a = 42;\n";
export const SECRET_FILE = ".env";
/** In the gate profile's `native` list (init's default `tmp/**`): stays a native write in route mode. */
export const SCRATCH_FILE = "tmp/scratch.txt";
export const SCRATCH_TEXT = "scratch\n";

/** Does the server's axiom_write take `edits` per file? */
export function takesEdits(tools: readonly ListedTool[]): boolean {
  const write = tools.find((t) => t.name === "axiom_write");
  const files = (write?.inputSchema.properties as Record<string, { items?: { properties?: object } }> | undefined)
    ?.files;
  return files?.items?.properties !== undefined && "edits" in files.items.properties;
}

/** axiom_write arguments: a new file by content and one edit of src/a.ts (by `edits` when offered). */
export function writeArgs(edits: boolean): Record<string, unknown> {
  const edit = edits
    ? { path: EDITED_FILE, edits: [{ oldText: "a = 1", newText: "a = 42" }] }
    : { path: EDITED_FILE, content: EDITED_TEXT };
  return { files: [{ path: NEW_FILE, content: NEW_TEXT }, edit], intent: "e2e change" };
}

export const digestOf = (results: readonly ToolResult[]): string => {
  const d = axiomAnswer(results.at(-1)).manifestDigest;
  if (typeof d !== "string") throw new Error(`the preview carries no manifestDigest: ${results.at(-1)?.text}`);
  return d;
};

/** Preview, then confirm with the digest the preview answered. */
export function previewThenConfirm(name: string, args: Record<string, unknown>): Step[] {
  return [tool(name, args), (r): Turn => ({ kind: "tool", name, input: { ...args, confirmDigest: digestOf(r) } })];
}

/** A V4A patch that adds one file (Codex's and Copilot's apply_patch input). */
export function addPatch(path: string, text: string): string {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  return `*** Begin Patch\n*** Add File: ${path}\n${lines.map((l) => `+${l}`).join("\n")}\n*** End Patch\n`;
}

// Tool classes (hooks-doctor.md §2.4): lowercased substring matching, in table order.
import type { ToolClass } from "./types";

const WRITE_WORDS = [
  "write",
  "edit",
  "create_file",
  "create",
  "replace_string",
  "insert_edit",
  "apply_patch",
  "notebook",
];
// No bare "dir": a write tool whose name merely contains "dir" is still gated (fail-closed).
const READ_WORDS = ["read", "list", "search", "grep", "glob", "view", "directory"];
const SHELL_WORDS = [
  "bash",
  "shell",
  "run_in_terminal",
  "terminal",
  "execute_command",
  "exec_command",
  "run_command",
  "powershell",
  "cmd",
];

const has = (name: string, words: readonly string[]) => words.some((w) => name.includes(w));

/**
 * File-system operation tools (MCP filesystem servers, Cursor, VS Code): moves, copies, renames and
 * deletes are writes of the paths they change (decisions SEC-7; before, `move_file` and `copy_file`
 * were class other). `create_directory` stays class other (§2.4 example, acceptance 14): an empty
 * directory carries no content.
 */
export const FS_OP_WORDS = [
  "move_file",
  "copy_file",
  "rename_file",
  "move_directory",
  "copy_directory",
  "rename_directory",
  "delete_file",
  "remove_file",
  "delete_directory",
  "remove_directory",
];

export function classifyTool(toolName: string): ToolClass {
  const n = toolName.toLowerCase();
  // AXIOM's own write tool runs its own checks, confirmation and journal.
  if (n.endsWith("axiom_write")) return "other";
  if (has(n, FS_OP_WORDS)) return "write";
  if (has(n, WRITE_WORDS) && (n.includes("apply_patch") || n.includes("multi_replace") || !has(n, READ_WORDS))) {
    return "write";
  }
  if (has(n, SHELL_WORDS)) return "shell";
  return "other";
}

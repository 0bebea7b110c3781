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

/**
 * Harness built-ins the substring table misreads (decisions HOOK-24), matched on the whole name (an
 * MCP tool always carries its server prefix, so it cannot take one of these names): Gemini CLI's
 * `replace` and Cursor's `search_replace` edit files; Claude Code's `TodoWrite` and Gemini's
 * `write_todos` keep the agent's to-do list and write no file.
 */
const EXACT: Record<string, ToolClass> = {
  replace: "write",
  search_replace: "write",
  todowrite: "other",
  write_todos: "other",
};

export function classifyTool(toolName: string): ToolClass {
  const n = toolName.toLowerCase();
  // AXIOM's own write tool runs its own checks, confirmation and journal.
  if (n.endsWith("axiom_write")) return "other";
  if (Object.hasOwn(EXACT, n)) return EXACT[n] as ToolClass;
  if (has(n, FS_OP_WORDS)) return "write";
  if (has(n, WRITE_WORDS) && (n.includes("apply_patch") || n.includes("multi_replace") || !has(n, READ_WORDS))) {
    return "write";
  }
  if (has(n, SHELL_WORDS)) return "shell";
  return "other";
}

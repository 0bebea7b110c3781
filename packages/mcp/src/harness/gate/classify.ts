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

export function classifyTool(toolName: string): ToolClass {
  const n = toolName.toLowerCase();
  // AXIOM's own write tool runs its own checks, confirmation and journal.
  if (n.endsWith("axiom_write")) return "other";
  if (has(n, WRITE_WORDS) && (n.includes("apply_patch") || n.includes("multi_replace") || !has(n, READ_WORDS))) {
    return "write";
  }
  if (has(n, SHELL_WORDS)) return "shell";
  return "other";
}

// Which harness is calling (decisions HOOK-20): --harness, else the payload's shape (normalize.ts:
// `hook_event_name: "BeforeTool"` → Gemini, `toolName`/`toolArgs` → Copilot, else the Claude Code /
// Codex shape). The harness only picks the name of AXIOM's write tool in a route message: parsing
// reads every shape and the deny output is one format every harness honours (output.ts), so a wrong
// or spoofed detection can never turn a deny into an allow.
import type { Harness } from "./types";

/** How each harness exposes the `axiom_write` tool of an MCP server registered as `axiom`. */
const WRITE_TOOL: Record<Harness, string> = {
  // harness-facts.md §1 (Codex: `mcp__axiom__axiom_status`), Claude Code's mcp__<server>__<tool>.
  claude: "mcp__axiom__axiom_write",
  codex: "mcp__axiom__axiom_write",
  // harness-facts.md §3: `axiom-axiom_write`.
  copilot: "axiom-axiom_write",
  // harness-facts.md §2: prefix `mcp_<server>_`.
  gemini: "mcp_axiom_axiom_write",
  // Not verified for VS Code and Cursor: the tool's own name, which both show in their tool lists.
  vscode: "axiom_write",
  cursor: "axiom_write",
};

export function harnessOf(flag: Harness | undefined, shape: Harness | undefined): Harness {
  return flag ?? shape ?? "claude";
}

export function writeToolName(h: Harness): string {
  return WRITE_TOOL[h];
}

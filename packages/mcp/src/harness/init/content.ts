// What `axiom init` writes (hooks-doctor.md §3.3, §3.4): harness entries, the repo profile, the
// gate profile, the .gitignore lines and the Codex snippet. Doctor reuses the Claude hook entry.
import { AXIOM_GITIGNORE_LINES, AXIOM_GLOB } from "@codai/axiom-store/layout";
import { INIT_GATE_PROFILE } from "../gate/profile";

export const SERVER_PACKAGE = "@codai/axiom-mcp";

export const CLAUDE_HOOK_ENTRY = {
  matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash",
  hooks: [{ type: "command", command: "axiom gate --stdin", timeout: 5 }],
};

export const COPILOT_HOOK_FILE = {
  version: 1,
  hooks: { preToolUse: [{ type: "command", exec: "axiom", args: ["gate", "--stdin"], timeoutSec: 5 }] },
};

export const GITIGNORE_LINES = [...AXIOM_GITIGNORE_LINES];

/** The major version of the running CLI package (`2.4.1` → `2`). */
export function majorOf(version: string): string {
  return version.split(".")[0] ?? version;
}

// The harness expands this variable itself; it is literal text here, not a template.
const WORKSPACE_FOLDER = ["$", "{workspaceFolder}"].join("");

const serverArgs = (major: string, root: string) => ["-y", `${SERVER_PACKAGE}@${major}`, "mcp", "--root", root];

export function vscodeServer(major: string): Record<string, unknown> {
  return { type: "stdio", command: "npx", args: serverArgs(major, WORKSPACE_FOLDER) };
}

export function claudeServer(major: string, root: string): Record<string, unknown> {
  return { command: "npx", args: serverArgs(major, root) };
}

export function cursorServer(major: string): Record<string, unknown> {
  return { command: "npx", args: serverArgs(major, WORKSPACE_FOLDER) };
}

export function repoProfile(name: string): Record<string, unknown> {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name,
    extends: "default",
    facts: { allowRepo: true, allowGuards: false },
    checks: [
      {
        id: "repo.noOverwriteOf",
        predicate: "repo.noOverwriteOf",
        params: { globs: [".git/**", AXIOM_GLOB, ".github/**", "pnpm-lock.yaml", "**/*.lock", ".env*", "**/.env*"] },
      },
      { id: "content.noSecrets", predicate: "content.noSecrets", params: {} },
      {
        id: "path.deny",
        predicate: "path.deny",
        params: { globs: ["**/node_modules/**", "**/.next/**", "**/dist/**", "**/.turbo/**"] },
      },
    ],
  };
}

export function gateProfile(): Record<string, unknown> {
  return { ...INIT_GATE_PROFILE };
}

export function codexSnippet(major: string, root: string): string {
  return [
    "[mcp_servers.axiom]",
    'command = "npx"',
    `args = ${JSON.stringify(serverArgs(major, root)).replace(/","/g, '", "')}`,
    "",
    "[mcp_servers.axiom.tools.axiom_apply]",
    'approval_mode = "prompt"',
    "",
    "[mcp_servers.axiom.tools.axiom_write]",
    'approval_mode = "prompt"',
    "",
    "[mcp_servers.axiom.tools.axiom_rollback]",
    'approval_mode = "prompt"',
    "",
  ].join("\n");
}

/** JSON files are written pretty-printed with 2-space indentation and a trailing newline. */
export const jsonText = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

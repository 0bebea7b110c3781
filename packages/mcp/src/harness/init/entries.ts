// The harness entries `axiom init` writes (hooks-doctor.md §3.3 as changed by issue 19): one MCP
// server entry and one gate hook per harness, each in the file and format that harness reads
// (../shared/harness-facts.md). Every server entry passes `--profile <name>` so the init profile is
// the one in force, and `--require-human` where a person can answer the confirmation form.
import { isPlainObject } from "../doctor/jsonc";
import { type AxiomCommand, argvOf, shellLine } from "./command";
import type { MergeSpec } from "./write-rules";

export const HARNESSES = ["claude", "vscode", "copilot", "codex", "cursor", "gemini"] as const;
export type Harness = (typeof HARNESSES)[number];

/** What every entry is built from. */
export interface Wiring {
  cmd: AxiomCommand;
  /** The realpath'd root (entries that cannot use a workspace variable). */
  root: string;
  profile: string;
  requireHuman: (h: Harness) => boolean;
}

// The harness expands this variable itself; it is literal text here, not a template.
export const WORKSPACE_FOLDER = ["$", "{workspaceFolder}"].join("");

/** `mcp --root <root> --profile <name> [--require-human]` after the command's prefix. */
export function serverArgs(w: Wiring, h: Harness, root: string): string[] {
  const args = [...w.cmd.prefix, "mcp", "--root", root, "--profile", w.profile];
  if (w.requireHuman(h)) args.push("--require-human");
  return args;
}

/** The MCP server entry of each harness (Codex's is TOML, see codex-config.ts). */
export function serverEntry(w: Wiring, h: Exclude<Harness, "codex">): Record<string, unknown> {
  const { command } = w.cmd;
  switch (h) {
    case "vscode":
      return { type: "stdio", command, args: serverArgs(w, h, WORKSPACE_FOLDER) };
    case "cursor":
      return { command, args: serverArgs(w, h, WORKSPACE_FOLDER) };
    case "copilot":
      // Copilot CLI's own shape: type local, and every tool of the server offered.
      return { type: "local", command, args: serverArgs(w, h, w.root), tools: ["*"] };
    default:
      // Claude Code and Gemini CLI have no workspace variable: the absolute root (re-run init elsewhere).
      return { command, args: serverArgs(w, h, w.root) };
  }
}

/** `gate --stdin --harness <h>`: the gate's interface (the gate side parses each harness's payload). */
export const gateArgs = (h: Harness): string[] => ["gate", "--stdin", "--harness", h];

export const CLAUDE_MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash";
/** Codex reports exec_command/shell as Bash and apply_patch as itself (harness-facts §1). */
export const CODEX_MATCHER = "Bash|apply_patch";
export const GEMINI_MATCHER = "write_file|replace|run_shell_command";

export function claudeHookEntry(w: Wiring): Record<string, unknown> {
  return {
    matcher: CLAUDE_MATCHER,
    hooks: [{ type: "command", command: shellLine(argvOf(w.cmd, gateArgs("claude"))), timeout: 5 }],
  };
}

export function codexHookEntry(w: Wiring): Record<string, unknown> {
  return {
    matcher: CODEX_MATCHER,
    hooks: [{ type: "command", command: shellLine(argvOf(w.cmd, gateArgs("codex"))), timeout: 5 }],
  };
}

export function geminiHookEntry(w: Wiring): Record<string, unknown> {
  // Gemini's hook timeout is in milliseconds.
  return {
    matcher: GEMINI_MATCHER,
    hooks: [
      { name: "axiom-gate", type: "command", command: shellLine(argvOf(w.cmd, gateArgs("gemini"))), timeout: 5000 },
    ],
  };
}

/** `.github/hooks/axiom-gate.json`: Copilot CLI's format, read by VS Code's agent hooks too. */
export function copilotHookFile(w: Wiring, h: "copilot" | "vscode"): Record<string, unknown> {
  return {
    version: 1,
    hooks: {
      preToolUse: [{ type: "command", exec: w.cmd.command, args: [...w.cmd.prefix, ...gateArgs(h)], timeoutSec: 5 }],
    },
  };
}

const AXIOM_WORD = /(^|[\\/])axiom(-mcp)?(\.cmd|\.exe)?$|axiom-mcp|[\\/]dist[\\/]cli\.c?js$/;

/** A hook command that runs AXIOM's gate, in any form init ever wrote (bare bin, node entry, npx). */
export function isAxiomGateText(text: string): boolean {
  const words = text.split(/[\s'"]+/).filter(Boolean);
  const at = words.indexOf("gate");
  return at > 0 && words.slice(0, at).some((w) => AXIOM_WORD.test(w) || /\baxiom\b/.test(w));
}

/** `servers.axiom` / `mcpServers.axiom` style entries. */
export function keyedEntry(container: string, entry: Record<string, unknown>): MergeSpec {
  return {
    fresh: () => ({ [container]: { axiom: entry } }),
    merge(doc, force) {
      const cur = doc[container];
      if (cur === undefined) {
        doc[container] = { axiom: entry };
        return "added";
      }
      if (!isPlainObject(cur)) return { skip: `${container} is not an object` };
      if (Object.hasOwn(cur, "axiom")) {
        if (!force) return "present";
        cur.axiom = entry;
        return "replaced";
      }
      cur.axiom = entry;
      return "added";
    },
  };
}

/** A matcher group in `hooks.<event>[]`; an existing group counts when one of its commands runs the gate. */
export function hookGroup(event: string, entry: Record<string, unknown>): MergeSpec {
  return {
    fresh: () => ({ hooks: { [event]: [entry] } }),
    merge(doc, force) {
      if (doc.hooks === undefined) doc.hooks = {};
      const hooks = doc.hooks;
      if (!isPlainObject(hooks)) return { skip: "hooks is not an object" };
      if (hooks[event] === undefined) hooks[event] = [];
      const list = hooks[event];
      if (!Array.isArray(list)) return { skip: `hooks.${event} is not an array` };
      const at = list.findIndex(
        (e) =>
          isPlainObject(e) &&
          Array.isArray(e.hooks) &&
          e.hooks.some((h) => isPlainObject(h) && typeof h.command === "string" && isAxiomGateText(h.command)),
      );
      if (at !== -1) {
        if (!force) return "present";
        list[at] = entry;
        return "replaced";
      }
      list.push(entry);
      return "added";
    },
  };
}

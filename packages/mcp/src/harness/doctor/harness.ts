// Harness-file checks of doctor (hooks-doctor.md §4.2): hook.copilot, hook.claude, hook and the
// MCP server entries. Files are read as JSONC; a missing file emits nothing (or the `hook` warn).
import * as path from "node:path";
import { type ConfigRead, readConfigFile } from "../gate/config-file";
import { CLAUDE_HOOK_ENTRY } from "../init/content";
import { isPlainObject, parseJsonc } from "./jsonc";
import type { DoctorCheck } from "./types";

/** A harness file read as JSONC: absent, bad (unreadable or not JSONC, with why) or its value. */
export function readJsoncFile(file: string): Promise<ConfigRead> {
  return readConfigFile(file, parseJsonc);
}

const get = (v: unknown, ...keys: string[]): unknown => {
  let cur = v;
  for (const k of keys) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
};

const words = (text: string) => new Set(text.split(/[^A-Za-z0-9_]+/).filter(Boolean));

/** A hook command that runs the global `axiom` bin's gate (never npx). */
export function runsGlobalGate(text: string): boolean {
  const w = words(text);
  return w.has("axiom") && w.has("gate") && !w.has("npx");
}

function copilotEntryText(entry: unknown): string {
  if (!isPlainObject(entry)) return "";
  const parts: string[] = [];
  for (const k of ["exec", "bash", "powershell", "command"])
    if (typeof entry[k] === "string") parts.push(entry[k] as string);
  if (Array.isArray(entry.args)) parts.push(...entry.args.filter((a): a is string => typeof a === "string"));
  return parts.join(" ");
}

export async function hookChecks(root: string): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const copilot = await readJsoncFile(path.join(root, ".github/hooks/axiom-gate.json"));
  const claude = await readJsoncFile(path.join(root, ".claude/settings.json"));
  if (copilot.kind === "bad") {
    out.push({
      id: "hook.copilot",
      status: "fail",
      message: `.github/hooks/axiom-gate.json: ${copilot.why}`,
      hint: "fix the file or re-create it with axiom init --force",
    });
  } else if (copilot.kind === "ok") {
    const entries = get(copilot.value, "hooks", "preToolUse");
    const hit = Array.isArray(entries) && entries.some((e) => runsGlobalGate(copilotEntryText(e)));
    out.push(
      hit
        ? { id: "hook.copilot", status: "ok", message: "preToolUse runs axiom gate --stdin" }
        : {
            id: "hook.copilot",
            status: "warn",
            message: "no preToolUse entry runs the global axiom gate",
            hint: "axiom init --force",
          },
    );
  }
  if (claude.kind === "bad") {
    out.push({
      id: "hook.claude",
      status: "fail",
      message: `.claude/settings.json: ${claude.why}`,
      hint: "fix the JSON of .claude/settings.json",
    });
  } else if (claude.kind === "ok") {
    const entries = get(claude.value, "hooks", "PreToolUse");
    const hit =
      Array.isArray(entries) &&
      entries.some((e) => {
        const hooks = get(e, "hooks");
        return (
          Array.isArray(hooks) &&
          hooks.some(
            (h) =>
              typeof get(h, "command") === "string" &&
              /\baxiom\b.*\bgate\b/.test(get(h, "command") as string) &&
              runsGlobalGate(get(h, "command") as string),
          )
        );
      });
    out.push(
      hit
        ? { id: "hook.claude", status: "ok", message: "PreToolUse runs axiom gate --stdin" }
        : {
            id: "hook.claude",
            status: "warn",
            message: "no PreToolUse hook runs the global axiom gate",
            hint: `add to hooks.PreToolUse in .claude/settings.json: ${JSON.stringify(CLAUDE_HOOK_ENTRY)}`,
          },
    );
  }
  if (copilot.kind === "absent" && claude.kind === "absent") {
    out.push({ id: "hook", status: "warn", message: "no PreToolUse hook config found", hint: "axiom init" });
  }
  return out;
}

const SERVERS: { id: string; file: string; key: string }[] = [
  { id: "mcp.vscode", file: ".vscode/mcp.json", key: "servers" },
  { id: "mcp.claude", file: ".mcp.json", key: "mcpServers" },
  { id: "mcp.cursor", file: ".cursor/mcp.json", key: "mcpServers" },
];

export async function serverChecks(root: string): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  for (const s of SERVERS) {
    const r = await readJsoncFile(path.join(root, s.file));
    if (r.kind === "absent") continue;
    if (r.kind === "bad") {
      out.push({
        id: s.id,
        status: "warn",
        message: `${s.file}: ${r.why}`,
        hint: `fix ${s.file} or add the entry with axiom init`,
      });
    } else if (get(r.value, s.key, "axiom") !== undefined) {
      out.push({ id: s.id, status: "ok", message: `${s.key}.axiom declared` });
    } else {
      out.push({ id: s.id, status: "warn", message: `${s.file} has no ${s.key}.axiom`, hint: "axiom init" });
    }
  }
  return out;
}

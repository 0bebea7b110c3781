// The gate-hook checks of doctor (hooks-doctor.md §4.2 hook.*, issue 19): per harness hook file,
// an entry runs AXIOM's gate, its program resolves on this machine, it names the harness, and it
// allows a benign read when run exactly as written. A hook that cannot run is worse than none:
// Claude Code, Codex and Gemini let the tool call through when a hook fails.
import { existsSync } from "node:fs";
import * as path from "node:path";
import { splitShellLine } from "../init/command";
import { type Harness, isAxiomGateText } from "../init/entries";
import { getIn, readJsoncFile } from "./harness";
import { isPlainObject } from "./jsonc";
import { lastLine, type RunResult, resolveCommand, runArgv } from "./spawn";
import type { DoctorCheck } from "./types";

interface HookFile {
  id: string;
  file: string;
  harness: Harness;
  event: string;
}

export const HOOK_FILES: HookFile[] = [
  { id: "hook.copilot", file: ".github/hooks/axiom-gate.json", harness: "copilot", event: "preToolUse" },
  { id: "hook.claude", file: ".claude/settings.json", harness: "claude", event: "PreToolUse" },
  { id: "hook.codex", file: ".codex/hooks.json", harness: "codex", event: "PreToolUse" },
  { id: "hook.gemini", file: ".gemini/settings.json", harness: "gemini", event: "BeforeTool" },
];

/** One hook command found in a file, with its position (Codex keys hook trust by it). */
export interface FoundHook {
  argv: string[] | undefined;
  text: string;
  group: number;
  handler: number;
}

function found(f: HookFile, doc: unknown): FoundHook[] {
  const list = getIn(doc, "hooks", f.event);
  if (!Array.isArray(list)) return [];
  const out: FoundHook[] = [];
  list.forEach((g, group) => {
    if (f.harness === "copilot") {
      // Copilot entries are flat: {type, exec, args} or {type, bash|powershell|command}.
      if (!isPlainObject(g)) return;
      if (typeof g.exec === "string") {
        const args = Array.isArray(g.args) ? g.args.filter((a): a is string => typeof a === "string") : [];
        out.push({ argv: [g.exec, ...args], text: [g.exec, ...args].join(" "), group, handler: 0 });
      } else
        for (const k of ["bash", "powershell", "command"])
          if (typeof g[k] === "string") {
            const text = g[k] as string;
            out.push({ argv: splitShellLine(text), text, group, handler: 0 });
            break;
          }
      return;
    }
    const hooks = getIn(g, "hooks");
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, handler) => {
      const text = getIn(h, "command");
      if (typeof text === "string") out.push({ argv: splitShellLine(text), text, group, handler });
    });
  });
  return out.filter((h) => isAxiomGateText(h.text));
}

/** A benign, class-other payload in the harness's own shape: the gate must allow it (exit 0). */
export function benignPayload(h: Harness, root: string): Record<string, unknown> {
  if (h === "copilot") return { timestamp: 0, cwd: root, toolName: "view", toolArgs: { path: "README.md" } };
  if (h === "gemini")
    return {
      hook_event_name: "BeforeTool",
      cwd: root,
      tool_name: "read_file",
      tool_input: { absolute_path: path.join(root, "README.md") },
    };
  return { hook_event_name: "PreToolUse", cwd: root, tool_name: "Read", tool_input: { file_path: "README.md" } };
}

export type HookRunner = (argv: string[], input: string, cwd: string) => Promise<RunResult>;

export function spawnHookRunner(env: Record<string, string>): HookRunner {
  return (argv, input, cwd) => runArgv(argv, input, { cwd, env, timeoutMs: 10_000 });
}

const harnessFlag = (argv: string[]) => {
  const at = argv.indexOf("--harness");
  return at === -1 ? undefined : argv[at + 1];
};

async function judge(f: HookFile, hook: FoundHook, root: string, env: Record<string, string>, run: HookRunner) {
  const fix = `axiom init --harness ${f.harness} --force (rewrites the hook for this machine)`;
  const argv = hook.argv;
  if (argv === undefined || argv.length === 0)
    return { status: "warn" as const, message: `cannot tell what this hook line runs: ${hook.text}`, hint: fix };
  if (argv.some((w) => path.basename(w) === "npx"))
    return {
      status: "warn" as const,
      message: `the hook runs the gate through npx (too slow for the hook timeout): ${hook.text}`,
      hint: fix,
    };
  const program = await resolveCommand(argv[0] as string, env);
  const failOpen = `${f.harness} lets the call through when its hook cannot run`;
  if (program === undefined)
    return {
      status: "fail" as const,
      message: `the hook's program ${argv[0]} does not resolve on this machine: ${failOpen}`,
      hint: fix,
    };
  if (/^node(\.exe)?$/i.test(path.basename(program)) && !existsSync(argv[1] ?? ""))
    return {
      status: "fail" as const,
      message: `the hook runs node on ${argv[1]}, which does not exist: ${failOpen}`,
      hint: fix,
    };
  const named = harnessFlag(argv);
  const expected = f.harness === "copilot" ? ["copilot", "vscode"] : [f.harness];
  const payload = JSON.stringify(benignPayload(f.harness, root));
  const r = await run(argv, payload, root);
  if (r.code !== 0) {
    const tail = lastLine(r.stderr);
    return {
      status: "fail" as const,
      message: `the hook ${hook.text} answers a benign read with ${r.error ?? `exit ${r.code}`}${tail !== "" ? ` (${tail})` : ""}: it would refuse or fail every call`,
      hint: `run it by hand to see why: echo '${payload}' | ${hook.text}`,
    };
  }
  if (named === undefined || !expected.includes(named))
    return {
      status: "warn" as const,
      message: `${f.event} runs the gate without --harness ${f.harness}: ${hook.text}`,
      hint: fix,
    };
  return { status: "ok" as const, message: `${f.event} runs ${hook.text}` };
}

export interface HookReport {
  checks: DoctorCheck[];
  /** The gate hook of .codex/hooks.json, for the Codex trust check. */
  codex?: FoundHook;
}

export async function hookChecks(root: string, env: Record<string, string>, run: HookRunner): Promise<HookReport> {
  const checks: DoctorCheck[] = [];
  let any = false;
  let codex: FoundHook | undefined;
  for (const f of HOOK_FILES) {
    const r = await readJsoncFile(path.join(root, f.file));
    if (r.kind === "absent") continue;
    // Gemini's settings file exists for many reasons: it counts as a hook file only with hooks in it.
    if (f.harness === "gemini" && r.kind === "ok" && getIn(r.value, "hooks") === undefined) continue;
    any = true;
    if (r.kind === "bad") {
      checks.push({
        id: f.id,
        status: "fail",
        message: `${f.file}: ${r.why}`,
        hint: `fix the JSON of ${f.file} or re-create it with axiom init --force`,
      });
      continue;
    }
    const hooks = found(f, r.value);
    const first = hooks[0];
    if (first === undefined) {
      checks.push({
        id: f.id,
        status: "warn",
        message: `no ${f.event} entry in ${f.file} runs axiom gate`,
        hint: `axiom init --harness ${f.harness} --force`,
      });
      continue;
    }
    if (f.harness === "codex") codex = first;
    checks.push({ id: f.id, ...(await judge(f, first, root, env, run)) });
  }
  if (!any) checks.push({ id: "hook", status: "warn", message: "no PreToolUse hook config found", hint: "axiom init" });
  return { checks, ...(codex !== undefined ? { codex } : {}) };
}

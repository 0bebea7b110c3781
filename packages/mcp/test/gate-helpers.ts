// Helpers for the gate tests: run `node dist/cli.js gate --stdin …` as a real child process with
// a payload on stdin, in a real temp repo (a `.git` directory marks the root) and a temp HOME.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { CLI, scrubbedEnv } from "./cli-run";

export interface GateRun {
  code: number | null;
  stdout: string;
  stderr: string;
  deny?: {
    axiom: { verdict: string; code: string; path?: string; toolClass?: string; route?: string; standard: string };
  } & Record<string, unknown>;
}

export interface GateRepo {
  root: string;
  home: string;
  write(rel: string, data: string): Promise<string>;
  gate(
    payload: unknown,
    args?: string[],
    opts?: { raw?: string | Buffer; keepOpen?: number; cwd?: string },
  ): Promise<GateRun>;
  cleanup(): Promise<void>;
}

export function runGateProcess(
  args: string[],
  input: string | Buffer | undefined,
  env: Record<string, string>,
  cwd: string,
  keepOpenMs?: number,
  entry: string = CLI,
): Promise<GateRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, "gate", ...args], { cwd, env: scrubbedEnv(env), shell: false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    child.on("error", reject);
    child.stdin.on("error", () => {});
    child.on("close", (code) => {
      const stdout = Buffer.concat(out).toString("utf8");
      const run: GateRun = { code, stdout, stderr: Buffer.concat(err).toString("utf8") };
      if (stdout.trim() !== "") run.deny = JSON.parse(stdout) as GateRun["deny"];
      resolve(run);
    });
    if (keepOpenMs !== undefined) {
      // stdin never closed (until long after the gate must have given up).
      setTimeout(() => child.stdin.destroy(), keepOpenMs).unref();
      return;
    }
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

export async function gateRepo(opts: { git?: boolean } = {}): Promise<GateRepo> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "axiom-gate-")));
  const root = join(base, "repo");
  const home = join(base, "home");
  await mkdir(root, { recursive: true });
  await mkdir(home, { recursive: true });
  if (opts.git !== false) await mkdir(join(root, ".git"));
  return {
    root,
    home,
    async write(rel, data) {
      const full = join(root, rel);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, data);
      return full;
    },
    gate(payload, args = [], o = {}) {
      const input = o.raw ?? JSON.stringify(payload);
      return runGateProcess(["--stdin", ...args], input, { HOME: home, USERPROFILE: home }, o.cwd ?? root, o.keepOpen);
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Claude Code PreToolUse payload. */
export function claude(tool: string, input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  return {
    session_id: "s1",
    transcript_path: "/tmp/t.jsonl",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
    tool_use_id: "toolu_1",
  };
}

export const bash = (command: string, cwd: string) => claude("Bash", { command }, cwd);

// Recorded hook payload shapes of harness-facts.md (Codex 0.171, Copilot CLI 1.0.102, Gemini CLI 0.61).

/** Codex PreToolUse: `apply_patch` carries the whole V4A text as `tool_input.command`. */
export function codex(tool: string, input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  return {
    session_id: "019a-codex",
    turn_id: "t1",
    transcript_path: null,
    cwd,
    hook_event_name: "PreToolUse",
    model: "gpt-5.5",
    permission_mode: "bypassPermissions",
    tool_name: tool,
    tool_input: input,
    tool_use_id: "call_1",
  };
}

/** Copilot CLI preToolUse: `toolArgs` an object (function tools) or the raw patch string (apply_patch). */
export function copilot(tool: string, toolArgs: unknown, cwd: string): Record<string, unknown> {
  return { sessionId: "c0p1", timestamp: 1764633600000, cwd, toolName: tool, toolArgs };
}

/** Gemini CLI BeforeTool: absolute `file_path`, ISO timestamp. */
export function gemini(tool: string, input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  const p: Record<string, unknown> = {
    session_id: "g1",
    transcript_path: "/tmp/g.json",
    cwd,
    hook_event_name: "BeforeTool",
    timestamp: "2026-12-01T00:00:00.000Z",
    tool_name: tool,
    tool_input: input,
  };
  if (tool.startsWith("mcp_axiom_")) {
    p.mcp_context = {
      server_name: "axiom",
      tool_name: tool.slice("mcp_axiom_".length),
      command: "axiom",
      args: ["mcp"],
    };
  }
  return p;
}

/** The `axiom_write` arguments a route deny reason carries (the JSON between "with " and " — that call"). */
export function routeArgs(reason: string): { files: Array<Record<string, unknown>> } {
  const m = / with (\{.*\}) — that call previews/.exec(reason);
  if (!m) throw new Error(`no axiom_write arguments in: ${reason}`);
  return JSON.parse(m[1] as string);
}

export type HarnessName = "claude" | "codex" | "copilot" | "gemini" | "vscode";

/**
 * The deny output blocks the call by that harness's documented rule (harness-facts.md): Claude Code
 * and Codex: exit 2 with a non-empty stderr reason (Codex: empty stderr = hook failure, call runs);
 * Gemini: stdout parsed first, and JSON blocks only with a top-level decision deny|block (Claude Code
 * validates the same JSON and accepts only block, E2E-1); Copilot
 * and VS Code: exit 2 with `permissionDecision: "deny"`. All harnesses: one output, so all hold.
 */
export function expectBlocks(r: GateRun, harness: HarnessName): void {
  expect(r.code).toBe(2);
  const doc = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(r.stdout.trim().split("\n")).toHaveLength(1);
  const reason = r.stderr.trim().split("\n").at(-1) as string;
  expect(reason).toMatch(/^AXIOM GATE DENY \S+: /);
  // "block", not "deny": Claude Code rejects any other value and then runs the call (E2E-1).
  expect(doc.decision).toBe("block");
  expect(doc.reason).toBe(reason);
  expect(doc.hookSpecificOutput).toEqual({
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  });
  expect(doc.permissionDecision).toBe("deny");
  if (harness === "gemini") expect(["deny", "block"]).toContain(doc.decision);
  if (harness === "codex" || harness === "claude") expect(r.stderr.trim()).not.toBe("");
}

// Helpers for the gate tests: run `node dist/cli.js gate --stdin …` as a real child process with
// a payload on stdin, in a real temp repo (a `.git` directory marks the root) and a temp HOME.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CLI, scrubbedEnv } from "./cli-run";

export interface GateRun {
  code: number | null;
  stdout: string;
  stderr: string;
  deny?: { axiom: { verdict: string; code: string; path?: string; toolClass?: string; standard: string } } & Record<
    string,
    unknown
  >;
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

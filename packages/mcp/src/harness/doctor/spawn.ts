// Doctor's child processes: a configured command (hook or MCP server) spawned exactly as written —
// an argv array, no shell — with a scrubbed environment, so doctor sees what a harness started from
// a clean shell would see, and never leaks AXIOM_* or other variables into the test of the entry.
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import * as path from "node:path";

/** Only what a program needs to start (PATH to resolve a bare command, HOME for user config). */
export function scrubbedEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ["PATH", "Path", "HOME", "USERPROFILE", "TMPDIR", "TEMP", "TMP", "SYSTEMROOT", "PATHEXT"]) {
    const v = base[key];
    if (v !== undefined) env[key] = v;
  }
  return env;
}

/** Where a command word resolves: itself when it has a directory part, else the first PATH hit. */
export async function resolveCommand(word: string, env: Record<string, string>): Promise<string | undefined> {
  const exec = async (p: string) => {
    try {
      await access(p, process.platform === "win32" ? constants.F_OK : constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (word.includes("/") || word.includes("\\")) return (await exec(word)) ? word : undefined;
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter(Boolean);
  const exts = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of dirs)
    for (const ext of exts) {
      const p = path.join(dir, `${word}${ext}`);
      if (await exec(p)) return p;
    }
  return undefined;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the process could not be spawned or was killed at the timeout. */
  error?: string;
}

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Resolves early (and kills the child) once stdout satisfies this. */
  until?: (stdout: string) => boolean;
}

/** Spawns argv, writes `input` (stdin stays open while `until` is pending), collects the output. */
export function runArgv(argv: string[], input: string, opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const [command, ...args] = argv;
    let stdout = "";
    let stderr = "";
    let settled = false;
    const child = spawn(command as string, args, {
      cwd: opts.cwd,
      env: opts.env,
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const done = (r: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      resolve(r);
    };
    const timer = setTimeout(
      () => done({ code: null, stdout, stderr, error: `no answer within ${opts.timeoutMs} ms` }),
      opts.timeoutMs,
    );
    child.on("error", (err) => done({ code: null, stdout, stderr, error: err.message }));
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
      if (opts.until?.(stdout)) done({ code: null, stdout, stderr });
    });
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += d.toString("utf8");
    });
    child.on("close", (code) => done({ code, stdout, stderr }));
    child.stdin.on("error", () => {});
    if (opts.until === undefined) child.stdin.end(input);
    else child.stdin.write(input);
  });
}

/** The last non-empty stderr line, for a fix message. */
export const lastLine = (text: string): string =>
  text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .pop()
    ?.slice(0, 300) ?? "";

// The one way PR mode runs git (apply.md §15 "git process rules"): an argv array, never a shell,
// a whitelisted environment, all stdio piped, stdin ended (with the commit message when there is
// one), a 60 s timeout. Failures map to ERR_GIT_NOT_FOUND / ERR_GIT_FAILED with their details.
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { axiomError } from "@codai/axiom-schema";

export const GIT_TIMEOUT_MS = 60_000;
const STDERR_KEEP = 4096;

/** The spawn signature PR mode uses; tests wrap the real one to record argv. */
export type GitSpawner = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface GitRunner {
  spawn: GitSpawner;
  /** The environment the whitelist is taken from (default process.env). */
  baseEnv: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export function defaultRunner(overrides: Partial<GitRunner> = {}): GitRunner {
  return {
    spawn: overrides.spawn ?? (spawn as GitSpawner),
    baseEnv: overrides.baseEnv ?? process.env,
    timeoutMs: overrides.timeoutMs ?? GIT_TIMEOUT_MS,
  };
}

const KEEP = new Set(["PATH", "HOME", "USERPROFILE", "SYSTEMROOT", "TEMP", "TMP"]);
// These would redirect git away from the root/worktree or turn pathspecs into globs.
const DROP = new Set([
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_GLOB_PATHSPECS",
  "GIT_NOGLOB_PATHSPECS",
  "GIT_ICASE_PATHSPECS",
]);

/** The whitelisted environment: keys matched case-insensitively, original case kept. */
export function gitEnv(base: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const upper = key.toUpperCase();
    if (KEEP.has(upper) || (upper.startsWith("GIT_") && !DROP.has(upper))) out[key] = value;
  }
  out.GIT_TERMINAL_PROMPT = "0";
  out.GIT_ASKPASS = "echo";
  out.LC_ALL = "C";
  out.GIT_LITERAL_PATHSPECS = "1";
  return out;
}

export interface GitOutput {
  stdout: string;
  stderr: string;
}

/** Runs `git <args>` in `cwd`; resolves on exit 0, rejects with an AxiomError otherwise. */
export function runGit(runner: GitRunner, cwd: string, args: string[], stdin?: string): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = runner.spawn("git", args, {
        cwd,
        env: gitEnv(runner.baseEnv),
        shell: false,
        windowsHide: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (err) {
      reject(spawnError(err, args));
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    // On timeout, settle at once: a hook's grandchild may keep the pipes open after git dies.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(() =>
        reject(
          axiomError("ERR_GIT_FAILED", {
            message: `git ${args[0]} timed out after ${runner.timeoutMs} ms`,
            details: { args, stderr: tail(Buffer.concat(err).toString("utf8")), timeoutMs: runner.timeoutMs },
          }),
        ),
      );
    }, runner.timeoutMs);
    child.stdout?.on("data", (b: Buffer) => out.push(b));
    child.stderr?.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) => finish(() => reject(spawnError(e, args))));
    child.on("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8");
      if (code !== 0) {
        const first = stderr.split("\n").find((l) => l.trim() !== "");
        finish(() =>
          reject(
            axiomError("ERR_GIT_FAILED", {
              message: `git ${args[0]} exited ${code}${first ? `: ${first.trim()}` : ""}`,
              details: { args, code, stderr: tail(stderr) },
            }),
          ),
        );
        return;
      }
      finish(() => resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr }));
    });
    // A hook or git itself may close stdin early; that is not a failure of ours.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(stdin ?? "");
  });
}

function tail(s: string): string {
  return s.length > STDERR_KEEP ? s.slice(s.length - STDERR_KEEP) : s;
}

function spawnError(e: unknown, args: string[]): Error {
  if ((e as { code?: unknown })?.code === "ENOENT") {
    return axiomError("ERR_GIT_NOT_FOUND", { message: "git was not found on PATH", details: { args } });
  }
  return axiomError("ERR_GIT_FAILED", {
    message: `git ${args[0]} could not be started: ${(e as Error)?.message ?? String(e)}`,
    details: { args },
  });
}

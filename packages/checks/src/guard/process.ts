// Runs one guard process (checks.md §7.4, §7.7, §7.8, D14): argv array, no shell, own process
// group, stdout capped at 8 MiB, stderr tail 4 KiB, whole-group kill on timeout or abort.
import { spawn } from "node:child_process";

export const STDOUT_MAX = 8 * 1024 * 1024;
export const STDERR_TAIL = 4096;
/** After the child exits, its pipes get this long to close before they are destroyed (threats.md). */
export const PIPE_GRACE_MS = 2000;

export interface GuardSpawn {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: Uint8Array | undefined;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

export type GuardRun =
  | { kind: "spawn-error"; message: string }
  | { kind: "cancelled-before-spawn" }
  | {
      kind: "done";
      outcome: "exited" | "timeout" | "cancelled";
      exitCode: number | null;
      stdout: Buffer;
      stderr: Buffer;
      pid: number;
    };

/** The options object passed to spawn (exported so tests can snapshot it: T19.10). */
export function spawnOptions(cwd: string, env: Record<string, string>) {
  return {
    cwd,
    env,
    shell: false as const,
    windowsHide: true,
    detached: process.platform !== "win32",
    stdio: ["pipe", "pipe", "pipe"] as ["pipe", "pipe", "pipe"],
  };
}

function killGroup(pid: number): void {
  if (process.platform === "win32") {
    try {
      spawn("taskkill", ["/pid", String(pid), "/T", "/F"], { shell: false, windowsHide: true, stdio: "ignore" }).on(
        "error",
        () => undefined,
      );
    } catch {
      // best effort; the direct kill below still runs
    }
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
    return;
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone
  }
}

export function runGuardProcess(opts: GuardSpawn): Promise<GuardRun> {
  if (opts.signal?.aborted) return Promise.resolve({ kind: "cancelled-before-spawn" });
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(opts.file, opts.args, spawnOptions(opts.cwd, opts.env));
    } catch (err) {
      resolve({ kind: "spawn-error", message: err instanceof Error ? err.message : String(err) });
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let outcome: "exited" | "timeout" | "cancelled" = "exited";
    let exitCode: number | null = null;
    let settled = false;
    let spawned = false;
    let exited = false;

    const finish = (result: GuardRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      resolve(result);
    };
    const stop = (why: "timeout" | "cancelled") => {
      if (exited) return;
      if (outcome === "exited") outcome = why;
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const onAbort = () => stop("cancelled");
    const timer = setTimeout(() => stop("timeout"), opts.timeoutMs);
    opts.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("spawn", () => {
      spawned = true;
    });
    child.on("error", (err) => {
      // Spawn failures (ENOENT, EACCES) arrive here with no process behind them.
      if (!spawned) finish({ kind: "spawn-error", message: err.message });
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      // Past the cap output is discarded; the guard is not killed for it.
      if (stdoutBytes >= STDOUT_MAX) return;
      const keep = chunk.subarray(0, STDOUT_MAX - stdoutBytes);
      stdout.push(keep);
      stdoutBytes += keep.length;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL) stderr = stderr.subarray(stderr.length - STDERR_TAIL);
    });
    child.stdin?.on("error", () => undefined); // a guard that never reads stdin gives EPIPE
    if (opts.stdin === undefined) child.stdin?.end();
    else child.stdin?.end(Buffer.from(opts.stdin));

    child.on("exit", (code) => {
      exited = true;
      exitCode = code;
      // Sweep the group so no descendant outlives the check (§7.8).
      if (child.pid !== undefined) killGroup(child.pid);
      const done = () =>
        finish({ kind: "done", outcome, exitCode, stdout: Buffer.concat(stdout), stderr, pid: child.pid as number });
      let open = 0;
      for (const stream of [child.stdout, child.stderr]) {
        if (stream && !stream.closed && !stream.destroyed) {
          open++;
          stream.once("close", () => {
            if (--open === 0) done();
          });
        }
      }
      if (open === 0) return done();
      // A descendant that escaped the group may hold the pipes: give them a grace period.
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        done();
      }, PIPE_GRACE_MS).unref();
    });
  });
}

// Child processes for the suite: argv arrays, no shell, a scrubbed environment (only what a
// harness needs plus what the test gives it) and a deadline that kills the process group.
import { spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The base environment of every harness run: an isolated HOME, no telemetry or updates, and every
 * proxy-aware client sent to a dead port for anything but 127.0.0.1 (no network beyond the mock).
 */
export function baseEnv(home: string, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_STATE_HOME: `${home}/.local/state`,
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
    NO_COLOR: "1",
    HTTP_PROXY: "http://127.0.0.1:9",
    HTTPS_PROXY: "http://127.0.0.1:9",
    http_proxy: "http://127.0.0.1:9",
    https_proxy: "http://127.0.0.1:9",
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DO_NOT_TRACK: "1",
    ...extra,
  };
}

export function run(
  argv: readonly string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number; stdin?: string },
): Promise<RunResult> {
  const [cmd, ...args] = argv;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd as string, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
      reject(
        new Error(`${argv.join(" ")} did not end within ${opts.timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, opts.timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? "");
  });
}

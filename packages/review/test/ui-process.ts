// `axiom ui` as a real child process of the built CLI: argv, no shell, a scrubbed environment; the
// URL is read from its stderr. stop() sends SIGTERM and waits for the exit.
import { type ChildProcess, spawn } from "node:child_process";
import { CLI, scrubbedEnv } from "../../mcp/test/cli-run";

export interface UiProcess {
  url: string;
  origin: string;
  token: string;
  port: number;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<number | null>;
}

const URL_RE = /(http:\/\/127\.0\.0\.1:(\d+)\/\?t=([A-Za-z0-9_-]+))/;

export function startUi(root: string, extra: string[] = [], env: Record<string, string> = {}): Promise<UiProcess> {
  const child = spawn(process.execPath, [CLI, "ui", "--root", root, "--port", "0", ...extra], {
    env: scrubbedEnv(env),
    shell: false,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString("utf8");
      const m = URL_RE.exec(err);
      if (!m) return;
      const [, url, port, token] = m as unknown as [string, string, string, string];
      resolve({
        url,
        origin: `http://127.0.0.1:${port}`,
        token,
        port: Number(port),
        child,
        stderr: () => err,
        stop: async () => {
          child.kill("SIGTERM");
          const code = await exited;
          if (out !== "") throw new Error(`axiom ui wrote to stdout: ${out}`);
          return code;
        },
      });
    });
    void exited.then((code) => reject(new Error(`axiom ui exited ${code} before printing its URL: ${err}`)));
  });
}

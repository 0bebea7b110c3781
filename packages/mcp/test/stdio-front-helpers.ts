// Drives `node dist/cli.js mcp` with raw JSON-RPC lines for the stdio front tests (decisions SHIP-9):
// stdin stays open until the expected answers are read (stdin end is shutdown, MCP-12), then ends.
import { spawn } from "node:child_process";
import { CLI, scrubbedEnv } from "./cli-run";

export interface Exchange {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout lines, parsed. */
  messages: Record<string, unknown>[];
}

export interface ExchangeOptions {
  entry?: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Ends stdin once stdout holds an answer for each of these ids (default: every request id sent). */
  ids?: (string | number)[];
  /** What to do instead of ending stdin once the answers are in (e.g. send SIGTERM). */
  after?: (child: ReturnType<typeof spawn>) => void;
}

export const line = (message: Record<string, unknown>) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;

export function initializeLine(
  id: string | number,
  protocolVersion: string,
  capabilities: Record<string, unknown> = {},
) {
  return line({
    id,
    method: "initialize",
    params: { protocolVersion, capabilities, clientInfo: { name: "front-test", version: "1" } },
  });
}

export function exchange(args: string[], input: string, opts: ExchangeOptions = {}): Promise<Exchange> {
  const sent = input
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((m) => "id" in m && "method" in m)
    .map((m) => m.id as string | number);
  const want = new Set((opts.ids ?? sent).map((id) => JSON.stringify(id)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.entry ?? CLI, "mcp", ...args], {
      cwd: opts.cwd,
      env: scrubbedEnv(opts.env),
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let done = want.size === 0;
    const check = () => {
      if (done) return;
      const seen = new Set(
        stdout
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.stringify((JSON.parse(l) as { id?: unknown }).id)),
      );
      if ([...want].every((id) => seen.has(id))) {
        done = true;
        if (opts.after) opts.after(child);
        else child.stdin.end();
      }
    };
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
      if (stdout.endsWith("\n")) check();
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const messages = stdout
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, signal, stdout, stderr, messages });
    });
    child.stdin.write(input);
    if (want.size === 0) {
      if (opts.after) opts.after(child);
      else child.stdin.end();
    }
  });
}

/** stderr JSON log lines. */
export function logs(stderr: string): Record<string, unknown>[] {
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

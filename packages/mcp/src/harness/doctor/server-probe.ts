// Starts a configured MCP server entry exactly as the harness would (command + args, no shell) and
// asks it what it serves: `initialize`, `notifications/initialized`, `tools/list` as raw JSON-RPC
// lines over stdio (no SDK: doctor must not depend on the client library to judge the server).
import { lastLine, runArgv, scrubbedEnv } from "./spawn";

export const SERVER_PROBE_MS = 20_000;
/** The core tools every AXIOM server entry must serve (the workflow's write path). */
export const REQUIRED_TOOLS = ["axiom_write", "axiom_apply", "axiom_rollback", "axiom_status"];

export type ServerProbeResult = { ok: true; tools: string[] } | { ok: false; why: string };

/** Probes one server; injectable in doctor's options so in-process tests need no child. */
export type ServerProbe = (argv: string[], cwd: string) => Promise<ServerProbeResult>;

const LINES = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "axiom-doctor", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
];

interface RpcMessage {
  id?: number;
  result?: { tools?: { name?: unknown }[] };
  error?: { message?: string };
}

const answerTo = (stdout: string, id: number): RpcMessage | undefined => {
  for (const line of stdout.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const m = JSON.parse(line) as RpcMessage;
      if (m.id === id) return m;
    } catch {
      // a non-JSON line on stdout is itself a protocol error, reported below if no answer comes
    }
  }
  return undefined;
};

export function spawnServerProbe(
  env: Record<string, string> = scrubbedEnv(),
  timeoutMs = SERVER_PROBE_MS,
): ServerProbe {
  return async (argv, cwd) => {
    const input = LINES.map((l) => `${JSON.stringify(l)}\n`).join("");
    const r = await runArgv(argv, input, { cwd, env, timeoutMs, until: (out) => answerTo(out, 2) !== undefined });
    const list = answerTo(r.stdout, 2);
    if (list === undefined) {
      const why = r.error ?? (r.code !== null ? `exited ${r.code} before answering tools/list` : "no answer");
      const tail = lastLine(r.stderr);
      return { ok: false, why: tail !== "" ? `${why}: ${tail}` : why };
    }
    if (list.error !== undefined) return { ok: false, why: `tools/list failed: ${list.error.message ?? "error"}` };
    const tools = (list.result?.tools ?? []).map((t) => t.name).filter((n): n is string => typeof n === "string");
    return { ok: true, tools };
  };
}

/** What is wrong with a tools/list answer, or undefined. */
export function missingTools(tools: string[]): string[] {
  return REQUIRED_TOOLS.filter((t) => !tools.includes(t));
}

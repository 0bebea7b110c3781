// Helpers for the Streamable HTTP tests: the real `axiom mcp --http` child process (waiting for its
// `http listening` line), an in-process listener over the same pipeline (for injected clocks and
// handler spies), raw node:http requests (custom Host headers, trickled bodies) and SDK clients.
import { type ChildProcess, spawn } from "node:child_process";
import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { abortInFlight } from "../src/server/context";
import { defaultEngines } from "../src/server/engines-default";
import { type HttpHandle, startHttpServer } from "../src/transports/http/serve";
import type { SessionTableOptions } from "../src/transports/http/legacy-sessions";
import { createLogger, type LogLevel } from "../src/common/logging";
import { type CreateServerOptions, serverFactory } from "../src/server/server";
import { CLI, childEnv } from "./mcp-helpers";

export interface HttpChild {
  child: ChildProcess;
  url: string;
  port: number;
  listening: Record<string, unknown>;
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `cli.js mcp …args` and waits for the `http listening` line (or the exit). */
export async function spawnHttp(
  args: string[],
  env: Record<string, string> = {},
): Promise<HttpChild | { exitCode: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, "mcp", ...args], {
    env: { ...childEnv(), ...env },
    stdio: ["pipe", "pipe", "pipe"],
    shell: false,
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line:\n${stderr}`)), 20_000);
    child.stderr?.on("data", (d: string) => {
      stderr += d;
      for (const line of stderr.split("\n")) {
        if (!line.includes('"http listening"')) continue;
        clearTimeout(timer);
        const listening = JSON.parse(line) as Record<string, unknown>;
        resolve({
          child,
          url: listening.url as string,
          port: listening.port as number,
          listening,
          stderr: () => stderr,
          stop: () =>
            new Promise((r) => {
              if (child.exitCode !== null) return r(child.exitCode);
              child.once("exit", (code) => r(code));
              child.kill("SIGTERM");
            }),
        });
        return;
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, stderr });
    });
  });
}

export function isRunning(x: HttpChild | { exitCode: number | null; stderr: string }): x is HttpChild {
  return "url" in x;
}

export interface InProc extends HttpHandle {
  logs: Record<string, unknown>[];
  factoryCalls: { era: string }[];
}

/** Starts the HTTP pipeline in this process on 127.0.0.1:0 (or `spec`). */
export async function startInProc(
  root: string,
  opts: {
    spec?: string;
    env?: NodeJS.ProcessEnv;
    wire?: "2026" | "2025" | "2026-only";
    sessions?: Omit<SessionTableOptions, "log">;
    server?: CreateServerOptions;
    level?: LogLevel;
    throwingFactory?: boolean;
    requestTimeoutMs?: number;
    /** Observes the shutdown hook (called before abortInFlight). */
    onShutdown?: () => void;
  } = {},
): Promise<InProc> {
  const logs: Record<string, unknown>[] = [];
  const log = createLogger(opts.level ?? "debug", (line) => logs.push(JSON.parse(line)));
  const base = serverFactory(
    { roots: new Set([root]), platform: process.platform },
    { toolset: "full", engines: defaultEngines(), log, ...opts.server },
  );
  const factoryCalls: { era: string }[] = [];
  const factory = ((ctx: { era: "legacy" | "modern" }) => {
    factoryCalls.push({ era: ctx.era });
    if (opts.throwingFactory) throw new Error("factory exploded");
    return base(ctx);
  }) as typeof base;
  factory.deps = base.deps;
  const handle = await startHttpServer({
    spec: opts.spec ?? "127.0.0.1:0",
    tokenEnv: "AXIOM_HTTP_TOKEN",
    env: opts.env ?? {},
    factory,
    wire: opts.wire ?? "2026",
    log,
    sessions: opts.sessions,
    requestTimeoutMs: opts.requestTimeoutMs,
    onShutdown: () => {
      opts.onShutdown?.();
      abortInFlight(base.deps);
    },
  });
  return Object.assign(handle, { logs, factoryCalls });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): {
    jsonrpc?: string;
    error?: { code: number; message: string; data?: unknown };
    result?: unknown;
    id?: unknown;
  };
}

/** One raw request with full control over headers (Host included) and an optional trickled body. */
export function raw(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    host?: string;
    /** The address to connect to (default 127.0.0.1). */
    address?: string;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: options.host ?? `127.0.0.1:${port}`, ...options.headers };
    const req = httpRequest(
      {
        host: options.address ?? "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/mcp",
        headers,
        setHost: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export function initializeBody(id = 1): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
}

/** POSTs a legacy initialize and returns the session id. */
export async function openRawSession(port: number): Promise<string> {
  const r = await raw(port, { method: "POST", headers: JSON_HEADERS, body: initializeBody() });
  if (r.status !== 200) throw new Error(`initialize → ${r.status} ${r.body}`);
  return r.headers["mcp-session-id"] as string;
}

export interface SseStream {
  req: ClientRequest;
  res: IncomingMessage;
  /** Resolves when the server ends or drops the stream. */
  ended: Promise<void>;
}

/** Opens a legacy session's standalone SSE stream (GET /mcp) and resolves once its headers arrive. */
export function openSse(port: number, sessionId: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
      },
      (res) => {
        const ended = new Promise<void>((r) => {
          res.once("end", r);
          res.once("close", r);
          res.once("error", () => r());
        });
        res.resume();
        resolve({ req, res, ended });
      },
    );
    req.on("error", () => {});
    req.end();
    setTimeout(() => reject(new Error("no SSE headers")), 10_000).unref();
  });
}

export type HttpClientKind = "v2-auto" | "v2-2026" | "v2-legacy" | "v1";

/** A real SDK client over Streamable HTTP. */
export async function connectHttp(
  kind: HttpClientKind,
  url: string,
  opts: { token?: string; capabilities?: Record<string, unknown> } = {},
) {
  const requestInit = opts.token ? { headers: { authorization: `Bearer ${opts.token}` } } : undefined;
  if (kind === "v1") {
    const client = new V1Client({ name: "axiom-http-v1", version: "1.0.0" }, { capabilities: opts.capabilities ?? {} });
    const transport = new V1Transport(new URL(url), { requestInit });
    await client.connect(transport);
    return { client: client as unknown as Client, transport, close: () => client.close() };
  }
  const versionNegotiation =
    kind === "v2-auto" ? { mode: "auto" as const } : kind === "v2-2026" ? { mode: { pin: "2026-07-28" } } : undefined;
  const client = new Client(
    { name: "axiom-http-v2", version: "1.0.0" },
    { capabilities: opts.capabilities ?? {}, ...(versionNegotiation ? { versionNegotiation } : {}) },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

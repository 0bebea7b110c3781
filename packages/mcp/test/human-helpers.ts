// Helpers for the human-confirmation tests (mcp.md §8): a real `node dist/cli.js mcp` child and a
// real SDK client (v2 on either era, or v1) whose elicitation handler answers as scripted.
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { CLI, type ClientKind, childEnv, type ToolResult } from "./mcp-helpers";

export interface Elicitation {
  message: string;
  requestedSchema: Record<string, unknown>;
  mode?: string;
}

/** Answers one elicitation; `undefined` = never answer. */
export type Answerer = (e: Elicitation) => Record<string, unknown> | undefined | Promise<Record<string, unknown>>;

export interface HumanSession {
  kind: ClientKind;
  elicitations: Elicitation[];
  /** `meta` is sent as the request's `params._meta` (attack tests shape it). */
  callTool(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<ToolResult>;
  /** 2026 manual mode: one raw tools/call round with explicit inputResponses / requestState. */
  rawCall(
    name: string,
    args: Record<string, unknown>,
    extra?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  stderr(): string;
  close(): Promise<void>;
}

let home: string | undefined;
async function emptyHome(): Promise<string> {
  home ??= await mkdtemp(join(tmpdir(), "axiom-human-home-"));
  return home;
}

export async function startHuman(
  kind: ClientKind,
  args: string[],
  options: { capabilities?: Record<string, unknown>; answer?: Answerer; manual?: boolean } = {},
): Promise<HumanSession> {
  const capabilities = options.capabilities ?? { elicitation: { form: {} } };
  const elicitations: Elicitation[] = [];
  const answer: Answerer = options.answer ?? (() => ({ action: "cancel" }));
  const handle = async (params: Elicitation) => {
    elicitations.push(params);
    const a = await answer(params);
    if (a === undefined) return new Promise<never>(() => {});
    return a;
  };
  let stderr = "";
  // An empty HOME: the user's own ~/.claude/settings.json must not feed the elicitation audit.
  const env = { ...childEnv(), HOME: await emptyHome() };
  const params = { command: process.execPath, args: [CLI, "mcp", ...args], env, stderr: "pipe" as const };
  if (kind === "v1") {
    const transport = new V1StdioClientTransport(params);
    const client = new V1Client({ name: "axiom-human-v1", version: "1.0.0" }, { capabilities });
    if (capabilities.elicitation)
      client.setRequestHandler(ElicitRequestSchema, (req) => handle(req.params as never) as never);
    await client.connect(transport);
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    // Listed first, so callTool() validates results as a real v1 user's client does (MCP-14).
    await client.listTools();
    return {
      kind,
      elicitations,
      callTool: async (name, a, meta) =>
        (await client.callTool({ name, arguments: a, ...(meta ? { _meta: meta } : {}) }, CallToolResultSchema, {
          timeout: 120_000,
        })) as unknown as ToolResult,
      rawCall: () => Promise.reject(new Error("manual rounds are 2026-only")),
      stderr: () => stderr,
      close: () => client.close(),
    };
  }
  const transport = new StdioClientTransport(params);
  const client = new Client({ name: "axiom-human-v2", version: "1.0.0" }, {
    capabilities,
    ...(kind === "v2-auto" ? { versionNegotiation: { mode: "auto" } } : {}),
    ...(options.manual ? { inputRequired: { autoFulfill: false } } : {}),
  } as never);
  if (capabilities.elicitation)
    client.setRequestHandler("elicitation/create", (req) => handle((req as { params: Elicitation }).params) as never);
  await client.connect(transport);
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  return {
    kind,
    elicitations,
    callTool: async (name, a, meta) =>
      (await client.callTool({ name, arguments: a, ...(meta ? { _meta: meta } : {}) }, {
        timeout: 120_000,
      } as never)) as unknown as ToolResult,
    rawCall: async (name, a, extra = {}) =>
      (await client.callTool(
        { name, arguments: a, ...extra } as never,
        {
          allowInputRequired: true,
          timeout: 120_000,
        } as never,
      )) as unknown as Record<string, unknown>,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** Logged JSON lines on stderr whose `msg` equals `msg`. */
export function logLines(stderr: string, msg: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of stderr.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const o = JSON.parse(line) as Record<string, unknown>;
      if (o.msg === msg) out.push(o);
    } catch {
      // not a log line
    }
  }
  return out;
}

export async function readOr(dir: string, rel: string): Promise<string | null> {
  try {
    return await readFile(join(dir, rel), "utf8");
  } catch {
    return null;
  }
}

import { tmpdir } from "node:os";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI, type TempDir, tempDir } from "./cli-run";

export { CLI, REPO } from "./cli-run";

export const tempRoot = (prefix = "axiom-mcp-"): Promise<TempDir> => tempDir(prefix);

/** A scrubbed environment for the child (no inherited secrets). */
export function childEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), LANG: "C.UTF-8" };
}

export type ClientKind = "v2-auto" | "v2-legacy" | "v1";

export interface McpSession {
  kind: ClientKind;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  listTools(): Promise<{ tools: ListedTool[] }>;
  listResources(): Promise<{ resources: { uri: string; name: string }[] }>;
  readResource(uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  raw: unknown;
  stderr(): string;
  close(): Promise<void>;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  inputSchema: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Starts the server with `args` after `mcp` and connects a client of `kind`. */
export async function startMcp(
  kind: ClientKind,
  args: string[],
  capabilities: Record<string, unknown> = {},
): Promise<McpSession> {
  let stderr = "";
  const params = { command: process.execPath, args: [CLI, "mcp", ...args], env: childEnv(), stderr: "pipe" as const };
  if (kind === "v1") {
    const transport = new V1StdioClientTransport(params);
    const client = new V1Client({ name: "axiom-test-v1", version: "1.0.0" }, { capabilities });
    await client.connect(transport);
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    // The v1 client validates results only against output schemas it has listed: list them first,
    // so every call goes through the validation a real v1 user gets (MCP-14).
    await client.listTools();
    return {
      kind,
      raw: client,
      callTool: async (name, a = {}) => (await client.callTool({ name, arguments: a })) as unknown as ToolResult,
      listTools: async () => (await client.listTools()) as unknown as { tools: ListedTool[] },
      listResources: async () => (await client.listResources()) as never,
      readResource: async (uri) => (await client.readResource({ uri })) as never,
      stderr: () => stderr,
      close: () => client.close(),
    };
  }
  const transport = new StdioClientTransport(params);
  const client = new Client(
    { name: "axiom-test-v2", version: "1.0.0" },
    kind === "v2-auto" ? { versionNegotiation: { mode: "auto" }, capabilities } : { capabilities },
  );
  await client.connect(transport);
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  return {
    kind,
    raw: client,
    callTool: async (name, a = {}) => (await client.callTool({ name, arguments: a })) as unknown as ToolResult,
    listTools: async () => (await client.listTools()) as unknown as { tools: ListedTool[] },
    listResources: async () => (await client.listResources()) as never,
    readResource: async (uri) => (await client.readResource({ uri })) as never,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The isError payload: the JSON of its second text block, whose first block is `CODE: message`. */
export function errorOf(r: ToolResult): {
  code: string;
  message: string;
  path?: string;
  details?: Record<string, unknown>;
} {
  if (r.isError !== true) throw new Error(`expected isError, got ${JSON.stringify(r).slice(0, 400)}`);
  // MCP-14/15: no structuredContent; a `CODE: message` sentence, then the error object's JSON.
  if (r.structuredContent !== undefined) throw new Error("an isError result must not carry structuredContent");
  if (r.content.length !== 2) throw new Error(`expected 2 text blocks, got ${JSON.stringify(r.content).slice(0, 400)}`);
  const error = JSON.parse(r.content[1].text) as { code: string; message: string };
  if (r.content[0].text !== `${error.code}: ${error.message}`) throw new Error(`first block: ${r.content[0].text}`);
  return error as never;
}

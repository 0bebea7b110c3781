// AXIOM's side of the assertions: what the server itself lists (to compare with what the harness
// offered the model) and `axiom status --json` (the chain after a run).
import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI } from "./paths";

export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** tools/list of `axiom mcp` started with the repo's own entry arguments. */
export async function serverTools(root: string, args: readonly string[]): Promise<ListedTool[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: root },
    stderr: "ignore",
  });
  const client = new Client({ name: "axiom-e2e", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    return tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema as Record<string, unknown> }));
  } finally {
    await client.close();
  }
}

export interface Status {
  chain: { ok: boolean; entries: number; head: string };
}

export function status(root: string): Status {
  const out = execFileSync(process.execPath, [CLI, "status", "--json", "--root", root], {
    cwd: root,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: root },
  });
  return JSON.parse(out) as Status;
}

/** Removes the keys a harness documents it drops, everywhere in a schema (Codex, issue 19). */
export function without(schema: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(schema)) return schema.map((s) => without(s, keys));
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>)
      .filter(([k]) => !keys.includes(k))
      .map(([k, v]) => [k, without(v, keys)]),
  );
}

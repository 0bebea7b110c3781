// The mock model's HTTP side: one server on 127.0.0.1 (an ephemeral port), one API dialect per
// server. Every request is recorded; a request that offers tools is a main-loop turn and gets the
// script's next turn, any other request (title generation, quota probes) a short text answer.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Step, type ToolResult, type Turn, turnFor } from "./script";

/** A tool as the harness offered it to the model. */
export interface OfferedTool {
  name: string;
  /** The input JSON Schema, as sent. */
  schema: unknown;
  /** Namespace group (Codex offers MCP tools as a `namespace` of functions). */
  namespace?: string;
}

export interface Parsed {
  tools: OfferedTool[];
  results: ToolResult[];
  stream: boolean;
}

/** One wire dialect: how to read a request and how to answer with a turn. */
export interface Dialect {
  name: string;
  matches(method: string, path: string): boolean;
  parse(body: unknown, path: string): Parsed;
  respond(res: ServerResponse, turn: Turn, parsed: Parsed, seq: number): void;
}

export interface Recorded {
  path: string;
  body: unknown;
  parsed: Parsed;
  turn: Turn;
}

export interface MockModel {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: Recorded[];
  /** Requests the mock could not answer (a dialect bug or a request shape it does not know). */
  errors: string[];
  /** Main-loop requests (the ones that offered tools). */
  turns(): Recorded[];
  /** The tool results of the conversation (the longest history any main-loop request carried: side requests with tools may carry none). */
  results(): readonly ToolResult[];
  /** Every tool offered in any main-loop request (a harness may add tools as the run goes on), last sighting wins. */
  tools(): OfferedTool[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text };
  }
}

export function sse(res: ServerResponse, events: readonly { event?: string; data: unknown }[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "close" });
  for (const e of events) {
    if (e.event !== undefined) res.write(`event: ${e.event}\n`);
    res.write(`data: ${JSON.stringify(e.data)}\n\n`);
  }
  res.end();
}

export interface MockOptions {
  /**
   * A tool only the harness's main agent is offered: requests without it (side agents such as
   * Codex's approval reviewer, title or summary calls) get a short text, not the script.
   */
  mainTool?: string;
  /**
   * A tool the script needs: a main-loop request that does not offer it gets WAITING as a text
   * answer instead of a script step (an interactive harness may take the first prompt before its
   * MCP servers are connected; the test then sends the prompt again).
   */
  requireTool?: string;
}

const RETRY_DELAY_MS = 500;
const RETRY_MAX = 120;

export const WAITING = "e2e: the tool the script needs is not offered yet";

export async function startMock(dialect: Dialect, script: readonly Step[], opts: MockOptions = {}): Promise<MockModel> {
  const isMain = (p: Parsed) =>
    opts.mainTool === undefined ? p.tools.length > 0 : p.tools.some((t) => t.name === opts.mainTool);
  const requests: Recorded[] = [];
  const errors: string[] = [];
  let seq = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const method = req.method ?? "GET";
    readBody(req)
      .then(async (body) => {
        if (!dialect.matches(method, path)) {
          // Probes and side endpoints (model lists, token counts): an empty success.
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ data: [], models: [], input_tokens: 1 }));
          return;
        }
        const parsed = dialect.parse(body, path);
        const retries = parsed.results.filter((r) => r.retry === true).length;
        // A step served again: give the harness a moment (its MCP servers are still starting),
        // and give up after RETRY_MAX so a harness that never lists the tools fails the test.
        if (parsed.results.at(-1)?.retry === true) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
        const main = isMain(parsed);
        const ready = opts.requireTool === undefined || parsed.tools.some((t) => t.name === opts.requireTool);
        const turn: Turn = !main
          ? { kind: "text", text: "ok" }
          : retries > RETRY_MAX
            ? { kind: "text", text: `e2e: gave up after ${RETRY_MAX} retries` }
            : ready
              ? turnFor(script, parsed.results)
              : { kind: "text", text: WAITING };
        requests.push({ path, body, parsed, turn });
        dialect.respond(res, turn, parsed, ++seq);
      })
      .catch((err: unknown) => {
        errors.push(`${method} ${path}: ${(err as Error).stack ?? String(err)}`);
        res.writeHead(500);
        res.end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const turns = () => requests.filter((r) => isMain(r.parsed));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    errors,
    turns,
    results: () =>
      turns().reduce<readonly ToolResult[]>(
        (best, r) => (r.parsed.results.length >= best.length ? r.parsed.results : best),
        [],
      ),
    tools: () => {
      const seen = new Map<string, OfferedTool>();
      for (const r of turns()) for (const t of r.parsed.tools) seen.set(`${t.namespace ?? ""}/${t.name}`, t);
      return [...seen.values()];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

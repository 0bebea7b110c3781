// The one seam to the MCP SDK (mcp.md §2): no other file under packages/*/src imports
// @modelcontextprotocol/*. Everything the server needs from the SDK is re-exported here under
// AXIOM-owned names, so an SDK upgrade touches this file only.
import {
  type CallToolResult,
  createMcpHandler,
  deserializeMessage,
  InMemoryTransport,
  inputRequired,
  isLegacyRequest,
  McpServer,
  type McpServerFactory,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext as RequestContext,
  ResourceNotFoundError,
  ResourceTemplate,
  SUPPORTED_PROTOCOL_VERSIONS,
  serializeMessage,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio as sdkServeStdio } from "@modelcontextprotocol/server/stdio";
import { InFlight } from "../transports/stdio/in-flight";
import { StdioLineReader } from "../transports/stdio/reader";

export type { CallToolResult, McpServerFactory, RequestContext };
export {
  InMemoryTransport,
  inputRequired,
  isLegacyRequest,
  McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
};

/** The two wire generations (mcp.md §12). */
export type WireEra = "legacy" | "modern";
export type WireMode = "2026" | "2025" | "2026-only";

/** SEP-2549 cache hints stamped on 2026-era results only (mcp.md §11.7). */
export const CACHE_HINTS = {
  "tools/list": { ttlMs: 300_000, cacheScope: "public" },
  "resources/templates/list": { ttlMs: 300_000, cacheScope: "public" },
  "server/discover": { ttlMs: 300_000, cacheScope: "public" },
  "resources/list": { ttlMs: 10_000, cacheScope: "private" },
  "resources/read": { ttlMs: 86_400_000, cacheScope: "public" },
} as const;

/**
 * A Standard Schema that advertises `json` in tools/list and accepts every value: AXIOM validates
 * tool arguments and outputs itself so that every failure carries an ERR_* code (mcp.md §6.2).
 */
export function acceptingSchema(json: Record<string, unknown>) {
  return {
    "~standard": {
      version: 1 as const,
      vendor: "axiom",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * A connection the stdio front (stdio-front.ts) opened before the SDK was loaded (decisions SHIP-9):
 * its line reader (holding the unfinished line), the lines it read and did not answer, in order
 * (the client's `initialize` first when the front answered it), and that answer.
 */
export interface StdioHandover {
  reader: StdioLineReader;
  lines: readonly string[];
  initialize?: {
    id: string | number;
    /** The line the front wrote, "\n" included. */
    answer: string;
    /** Called when the SDK's own answer to the replayed `initialize` is not that line. */
    onMismatch(sdkLine: string): void;
  };
}

/**
 * Serves stdio from a factory; `--wire 2026-only` rejects 2025-era openings (mcp.md §11.1). With a
 * handover, the connection continues where the front left it: its lines are replayed into the SDK
 * before any new input is read, and the SDK's answer to the replayed `initialize` (already answered
 * by the front) is checked and dropped. Stdin end does not close the connection: `drained` resolves
 * once every request read has been answered and its answer written (SEC-34); the caller closes.
 */
export function serveStdio(
  factory: McpServerFactory,
  wire: WireMode,
  onerror: (error: Error) => void,
  handover?: StdioHandover,
): { close(): Promise<void>; drained: Promise<void> } {
  let inFlight: InFlight | undefined;
  const transport = stdioTransport(handover?.reader, (m) => inFlight?.received(m));
  inFlight = new InFlight((m) => deliverMessage(transport, m));
  const tracker = inFlight;
  const drained = new Promise<void>((resolve) => {
    // the SDK transport's stdin end/close listener (start() attaches it): drain instead of closing
    transport._onstdinclose = () => tracker.end(resolve);
  });
  const init = handover?.initialize;
  if (init) {
    const send = transport.send.bind(transport);
    let pending = true;
    transport.send = (message) => {
      if (pending && "id" in message && message.id === init.id && ("result" in message || "error" in message)) {
        pending = false;
        const line = serializeMessage(message);
        if (line !== init.answer) init.onMismatch(line);
        return Promise.resolve();
      }
      return send(message);
    };
  }
  // outermost, so the dropped initialize answer above counts as answered too
  const write = transport.send.bind(transport);
  transport.send = (message) =>
    write(message).then((r) => {
      tracker.sent(message);
      return r;
    });
  const handle = sdkServeStdio(factory, {
    legacy: wire === "2026-only" ? "reject" : "serve",
    onerror,
    transport,
  });
  // serveStdio started the transport synchronously (its stdin listener is attached): the replayed
  // lines reach the SDK ahead of anything read from now on.
  for (const line of handover?.lines ?? []) deliverLine(transport, line, (m) => tracker.received(m));
  return { close: () => handle.close(), drained };
}

type Seen = (message: unknown) => void;

/** One line of input to the transport, under the SDK reader's rules (see stdioTransport). */
function deliverLine(transport: StdioServerTransport, line: string, seen: Seen): void {
  let message: ReturnType<typeof deserializeMessage>;
  try {
    message = deserializeMessage(line);
  } catch (error) {
    if (!(error instanceof SyntaxError)) transport.onerror?.(error as Error);
    return;
  }
  seen(message);
  deliverMessage(transport, message);
}

function deliverMessage(transport: StdioServerTransport, message: unknown): void {
  try {
    transport.onmessage?.(message as Parameters<NonNullable<StdioServerTransport["onmessage"]>>[0]);
  } catch (error) {
    transport.onerror?.(error as Error);
  }
}

/**
 * The SDK's stdio transport with AXIOM's line framing (stdio-reader.ts) in place of its quadratic
 * buffer. `_ondata` is the transport's stdin listener (start() attaches it, close() detaches it);
 * the replacement keeps the SDK reader's rules: over the limit → error and close, a line that is
 * not JSON is skipped, any other parse or dispatch failure is reported and the next line read.
 */
function stdioTransport(reader = new StdioLineReader(), seen: Seen = () => {}): StdioServerTransport {
  const transport = new StdioServerTransport();
  transport._ondata = (chunk) => {
    let lines: string[];
    try {
      lines = reader.push(chunk);
    } catch (error) {
      transport.onerror?.(error as Error);
      transport.close().catch(() => {});
      return;
    }
    for (const line of lines) deliverLine(transport, line, seen);
  };
  return transport;
}

/** The HTTP entry's modern leg (used by the HTTP transport issue). */
export function createHttpHandler(factory: McpServerFactory, onerror: (error: Error) => void) {
  return createMcpHandler(factory, { legacy: "reject", onerror } as Parameters<typeof createMcpHandler>[1]);
}

/** `resources/read` miss: JSON-RPC -32602 with `data.uri` (mcp.md §10.2). */
export function resourceNotFound(uri: string): Error {
  return new ResourceNotFoundError(uri, `ERR_NOT_FOUND: resource not found: ${uri}`);
}

/** Any other `resources/read` failure: JSON-RPC -32603 `<code>: <message>` (mcp.md §10.2). */
export function resourceReadError(code: string, message: string): Error {
  return new ProtocolError(ProtocolErrorCode.InternalError, `${code}: ${message}`);
}

/**
 * The client capabilities that decide the human step (mcp.md §8.3, invariant I04): on a 2026-era
 * call the request's own `_meta` envelope, on a 2025-era call only what `initialize` declared. A
 * 2025 request's `_meta` is never read: a proxy or client that shapes it must not be able to take the
 * person out of the loop (a claim of `{}` there once skipped the form).
 */
export function clientCapabilitiesOf(
  server: McpServer,
  ctx: RequestContext,
  era: WireEra,
): Record<string, unknown> | undefined {
  if (era === "legacy") return server.server.getClientCapabilities() as Record<string, unknown> | undefined;
  const req = (ctx as { mcpReq?: { envelope?: Record<string, unknown>; _meta?: Record<string, unknown> } }).mcpReq;
  const key = "io.modelcontextprotocol/clientCapabilities";
  const claimed = req?.envelope?.[key] ?? req?._meta?.[key];
  return claimed && typeof claimed === "object" ? (claimed as Record<string, unknown>) : undefined;
}

/** The SDK's abort signal of this request (client cancellation, transport close). */
export function requestSignalOf(ctx: RequestContext): AbortSignal | undefined {
  return (ctx as { mcpReq?: { signal?: AbortSignal } }).mcpReq?.signal;
}

/** The multi-round-trip inputs of this round, unverified: AXIOM verifies the state itself (mcp.md §8.5). */
export function humanRoundOf(ctx: RequestContext): { inputResponses?: Record<string, unknown>; requestState?: string } {
  const req = ctx.mcpReq as { inputResponses?: Record<string, unknown>; requestState?: () => unknown };
  const state = typeof req.requestState === "function" ? req.requestState() : undefined;
  return { inputResponses: req.inputResponses, requestState: typeof state === "string" ? state : undefined };
}

// ---- Streamable HTTP (mcp.md §11) ----

export interface LegacySessionOptions {
  /** §11.5 allowlists; DNS-rebinding protection is on when `allowedHosts` is given (loopback binds). */
  allowedHosts?: string[];
  allowedOrigins?: string[];
  onsessioninitialized(sessionId: string): void;
  onsessionclosed(sessionId: string): void;
  onerror(error: Error): void;
}

export interface LegacySession {
  handle(request: Request): Promise<Response>;
  sessionId(): string | undefined;
  close(): Promise<void>;
}

/** One sessionful 2025-era transport (session id = random UUID) and a fresh `legacy` instance. */
export async function openLegacySession(
  factory: McpServerFactory,
  options: LegacySessionOptions,
): Promise<LegacySession> {
  const protect = options.allowedHosts !== undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: options.onsessioninitialized,
    onsessionclosed: options.onsessionclosed,
    enableDnsRebindingProtection: protect,
    ...(protect ? { allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins } : {}),
  });
  transport.onerror = options.onerror;
  const server = await factory({ era: "legacy" });
  await server.connect(transport);
  let closed = false;
  return {
    handle: (request) => transport.handleRequest(request),
    sessionId: () => transport.sessionId,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close().catch(() => {});
      await transport.close().catch(() => {});
    },
  };
}

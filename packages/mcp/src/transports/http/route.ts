// Era routing of `axiom mcp --http` (mcp.md §11.4), after admission (pipeline.ts): a 2026-era request
// goes to the stateless modern handler; a 2025-era one to its session, or — an `initialize` POST
// without a session id — opens one (within the §11.5 session cap).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../../common/logging";
import {
  createHttpHandler,
  isLegacyRequest,
  type McpServerFactory,
  openLegacySession,
  type WireMode,
} from "../../server/adapter";
import { sendWebResponse, toWebRequest } from "./bridge";
import { writeJsonError } from "./errors";
import { allowedOrigins } from "./host-guard";
import type { SessionEntry, SessionTable } from "./legacy-sessions";

export interface RouterOptions {
  factory: McpServerFactory;
  wire: WireMode;
  log: Logger;
  sessions: SessionTable;
  hosts?: () => readonly string[];
}

export interface Router {
  route(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer | undefined): Promise<void>;
  close(): Promise<void>;
}

function isInitialize(body: Buffer | undefined): boolean {
  if (!body) return false;
  try {
    const msg = JSON.parse(body.toString("utf8")) as unknown;
    const first = Array.isArray(msg) ? msg[0] : msg;
    return (first as { method?: unknown } | null)?.method === "initialize";
  } catch {
    return false;
  }
}

export function createRouter({ factory, wire, log, sessions, hosts }: RouterOptions): Router {
  const modern = createHttpHandler(factory, (error) => log.warn("http modern handler error", { error: error.message }));

  /** A request of an open 2025 session; the session counts as busy (not idle-swept) meanwhile. */
  async function serveSession(entry: SessionEntry, res: ServerResponse, request: Request) {
    entry.lastSeen = sessions.now();
    entry.inFlight++;
    try {
      await sendWebResponse(res, await entry.handle(request));
    } finally {
      entry.inFlight--;
      entry.lastSeen = sessions.now();
    }
  }

  /** A 2025 POST without a session id: only an `initialize` keeps the session it opens. */
  async function openSession(res: ServerResponse, request: Request, body: Buffer | undefined): Promise<void> {
    if (isInitialize(body) && !sessions.makeRoom()) {
      writeJsonError(res, 503, -32000, "Too many sessions");
      return;
    }
    const allowed = hosts?.();
    let entry: SessionEntry | undefined;
    const session = await openLegacySession(factory, {
      ...(allowed ? { allowedHosts: [...allowed], allowedOrigins: allowedOrigins(allowed) } : {}),
      onsessioninitialized: (id) => {
        entry = {
          id,
          lastSeen: sessions.now(),
          inFlight: 1,
          handle: (r) => session.handle(r),
          close: () => session.close(),
        };
        sessions.add(entry);
      },
      onsessionclosed: (id) => sessions.remove(id),
      onerror: (error) => log.warn("http transport error", { error: error.message }),
    });
    let response: Response;
    try {
      response = await session.handle(request);
    } catch (error) {
      await session.close();
      throw error;
    }
    if (entry === undefined) {
      // Not an initialize: the SDK answered its own 4xx; keep nothing.
      await sendWebResponse(res, response);
      await session.close();
      return;
    }
    const opened = entry;
    try {
      await sendWebResponse(res, response);
    } finally {
      opened.inFlight--;
      opened.lastSeen = sessions.now();
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer | undefined) {
    const abort = new AbortController();
    res.once("close", () => abort.abort());
    const request = toWebRequest(req, url, body, abort.signal);
    const sessionId = request.headers.get("mcp-session-id");
    const legacy = sessionId !== null || (await isLegacyRequest(request));
    if (!legacy || wire === "2026-only") {
      await sendWebResponse(res, await modern.fetch(request));
      return;
    }
    if (sessionId !== null) {
      const entry = sessions.get(sessionId);
      if (entry) await serveSession(entry, res, request);
      else writeJsonError(res, 404, -32001, "Session not found");
      return;
    }
    if (req.method !== "POST") {
      writeJsonError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      return;
    }
    await openSession(res, request, body);
  }

  return { route, close: () => modern.close() };
}

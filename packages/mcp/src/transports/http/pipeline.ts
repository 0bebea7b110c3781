// The request pipeline of `axiom mcp --http` (mcp.md §11.3): Host/Origin → /health → path → auth →
// method → body size → era routing (§11.4). The first check that applies answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createHttpHandler,
  isLegacyRequest,
  type McpServerFactory,
  openLegacySession,
  type WireMode,
} from "../../server/adapter";
import type { Logger } from "../../common/logging";
import { RELEASE_VERSION } from "../../common/version";
import { bearerMatches } from "./auth";
import { readBody, sendWebResponse, toWebRequest } from "./bridge";
import { BodyTooLarge, MAX_HTTP_BODY, writeJson, writeJsonError, writeTooLarge } from "./errors";
import { allowedOrigins, hostAndOriginAllowed } from "./host-guard";
import { type SessionEntry, SessionTable, type SessionTableOptions } from "./legacy-sessions";

export interface PipelineOptions {
  factory: McpServerFactory;
  wire: WireMode;
  log: Logger;
  /** Configured bearer token; undefined = auth off. */
  token?: string;
  /** Loopback binds: the §11.5 Host allowlist (lowercased); undefined = no check (non-loopback). */
  hosts?: () => readonly string[];
  sessions?: Omit<SessionTableOptions, "log">;
}

export interface Pipeline {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  sessions: SessionTable;
  /** Shutdown steps 2–3 (§11.6): close every legacy session, then the modern handler. */
  close(): Promise<void>;
}

const TOO_LARGE = `Payload too large (max ${MAX_HTTP_BODY} bytes)`;

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

export function createPipeline(options: PipelineOptions): Pipeline {
  const { factory, wire, log, token } = options;
  const sessions = new SessionTable({ log, ...options.sessions });
  sessions.startSweeping();
  const modern = createHttpHandler(factory, (error) => log.warn("http modern handler error", { error: error.message }));

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

  async function openSession(res: ServerResponse, request: Request, body: Buffer | undefined): Promise<void> {
    if (isInitialize(body) && !sessions.makeRoom()) {
      writeJsonError(res, 503, -32000, "Too many sessions");
      return;
    }
    const hosts = options.hosts?.();
    let entry: SessionEntry | undefined;
    const session = await openLegacySession(factory, {
      ...(hosts ? { allowedHosts: [...hosts], allowedOrigins: allowedOrigins(hosts) } : {}),
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
      if (!entry) {
        writeJsonError(res, 404, -32001, "Session not found");
        return;
      }
      await serveSession(entry, res, request);
      return;
    }
    if (req.method !== "POST") {
      writeJsonError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      return;
    }
    await openSession(res, request, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      const hosts = options.hosts?.();
      if (hosts && !hostAndOriginAllowed(req.headers.host, req.headers.origin, hosts)) {
        writeJsonError(res, 403, -32000, "Forbidden");
        return;
      }
      if (url.pathname === "/health") {
        writeJson(res, 200, { ok: true, name: "axiom", version: RELEASE_VERSION });
        return;
      }
      if (url.pathname !== "/mcp") {
        writeJsonError(res, 404, -32601, "Not found");
        return;
      }
      if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
        writeJsonError(res, 401, -32000, "Unauthorized", { "www-authenticate": 'Bearer realm="axiom"' });
        return;
      }
      const method = req.method ?? "";
      if (method !== "GET" && method !== "POST" && method !== "DELETE") {
        writeJsonError(res, 405, -32000, "Method not allowed", { allow: "GET, POST, DELETE" });
        return;
      }
      let body: Buffer | undefined;
      if (method === "POST") {
        const declared = Number(req.headers["content-length"] ?? "0");
        if (declared > MAX_HTTP_BODY) {
          writeTooLarge(req, res, TOO_LARGE);
          return;
        }
        try {
          body = await readBody(req, MAX_HTTP_BODY);
        } catch (error) {
          // The client went away mid-body (or node:http answered 408 and closed it): nobody to answer.
          if (!(error instanceof BodyTooLarge) && req.destroyed) return;
          if (!(error instanceof BodyTooLarge)) throw error;
          writeTooLarge(req, res, TOO_LARGE);
          return;
        }
      }
      await route(req, res, url, body);
    } catch (error) {
      log.warn("http request failed", { path: url.pathname, error: (error as Error).message ?? String(error) });
      if (!res.headersSent) writeJsonError(res, 500, -32603, "Internal error");
      else res.end();
    }
  }

  return {
    handle,
    sessions,
    async close() {
      sessions.stop();
      await sessions.closeAll();
      await modern.close();
    },
  };
}

// The request pipeline of `axiom mcp --http` (mcp.md §11.3), as its checklist: Host/Origin →
// /health → path → auth → method → body size → era routing (§11.4, route.ts). The first check that
// applies answers; each is one small function below, in the table's order.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../../common/logging";
import { RELEASE_VERSION } from "../../common/version";
import type { McpServerFactory, WireMode } from "../../server/adapter";
import { bearerMatches } from "./auth";
import { readBody } from "./bridge";
import { BodyTooLarge, MAX_HTTP_BODY, writeJson, writeJsonError, writeTooLarge } from "./errors";
import { hostAndOriginAllowed } from "./host-guard";
import { SessionTable, type SessionTableOptions } from "./legacy-sessions";
import { createRouter } from "./route";

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

/** One admission check of §11.3: true when it answered the request (the pipeline stops there). */
type Check = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;

/** Rows 1–5 of §11.3, in order. */
function admissionChecks(options: PipelineOptions): Check[] {
  const hostOrigin: Check = (req, res) => {
    const hosts = options.hosts?.();
    if (!hosts || hostAndOriginAllowed(req.headers.host, req.headers.origin, hosts)) return false;
    writeJsonError(res, 403, -32000, "Forbidden");
    return true;
  };
  const health: Check = (_req, res, url) => {
    if (url.pathname !== "/health") return false;
    writeJson(res, 200, { ok: true, name: "axiom", version: RELEASE_VERSION });
    return true;
  };
  const path: Check = (_req, res, url) => {
    if (url.pathname === "/mcp") return false;
    writeJsonError(res, 404, -32601, "Not found");
    return true;
  };
  const auth: Check = (req, res) => {
    if (options.token === undefined || bearerMatches(req.headers.authorization, options.token)) return false;
    writeJsonError(res, 401, -32000, "Unauthorized", { "www-authenticate": 'Bearer realm="axiom"' });
    return true;
  };
  const method: Check = (req, res) => {
    if (req.method === "GET" || req.method === "POST" || req.method === "DELETE") return false;
    writeJsonError(res, 405, -32000, "Method not allowed", { allow: "GET, POST, DELETE" });
    return true;
  };
  return [hostOrigin, health, path, auth, method];
}

/**
 * Row 6: a POST's body within MAX_HTTP_BODY. `{answered: true}` when the request was answered (413)
 * or nobody is left to answer (the client went away mid-body, or node:http answered 408 and closed).
 */
async function bodyOf(req: IncomingMessage, res: ServerResponse): Promise<{ answered: boolean; body?: Buffer }> {
  if (req.method !== "POST") return { answered: false };
  if (Number(req.headers["content-length"] ?? "0") > MAX_HTTP_BODY) {
    writeTooLarge(req, res, TOO_LARGE);
    return { answered: true };
  }
  try {
    return { answered: false, body: await readBody(req, MAX_HTTP_BODY) };
  } catch (error) {
    if (!(error instanceof BodyTooLarge) && req.destroyed) return { answered: true };
    if (!(error instanceof BodyTooLarge)) throw error;
    writeTooLarge(req, res, TOO_LARGE);
    return { answered: true };
  }
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const { log } = options;
  const sessions = new SessionTable({ log, ...options.sessions });
  sessions.startSweeping();
  const router = createRouter({ ...options, sessions });
  const checks = admissionChecks(options);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (checks.some((check) => check(req, res, url))) return;
      const { answered, body } = await bodyOf(req, res);
      if (answered) return;
      await router.route(req, res, url, body);
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
      await router.close();
    },
  };
}

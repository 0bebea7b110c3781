// The node:http listener of `axiom mcp --http` (mcp.md §11.2, §11.6): binds, logs `http listening`,
// and shuts down in the §11.6 order. Start-up rules (spec, token) are checked before anything binds.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../../common/logging";
import type { McpServerFactory, WireMode } from "../../server/adapter";
import { resolveToken } from "./auth";
import { allowedHosts } from "./host-guard";
import type { SessionTableOptions } from "./legacy-sessions";
import { createPipeline, type Pipeline } from "./pipeline";
import { hostForUrl, isLoopbackHost, parseHttpSpec } from "./spec";

export const HTTP_REQUEST_TIMEOUT_MS = 60_000;
export const HTTP_HEADERS_TIMEOUT_MS = 60_000;

/**
 * How often node:http looks for timed-out requests. Its default (30 s) would let a 60 s limit fire
 * anywhere up to 90 s; a quarter of the limit keeps the 408 within 60–75 s.
 */
export function connectionsCheckingInterval(requestTimeoutMs: number): number {
  return Math.min(30_000, Math.max(1, Math.floor(requestTimeoutMs / 4)));
}

export interface HttpServeOptions {
  spec: string;
  tokenEnv: string;
  env: NodeJS.ProcessEnv;
  factory: McpServerFactory;
  wire: WireMode;
  log: Logger;
  /** Test seam: session clock and idle window. */
  sessions?: Omit<SessionTableOptions, "log">;
  /** Test seam: `requestTimeout` and `headersTimeout` in ms (default 60 000; no flag exposes it). */
  requestTimeoutMs?: number;
  /** Called before the sessions close on shutdown (the task store's abortAll). */
  onShutdown?: () => void;
}

export interface HttpHandle {
  url: string;
  host: string;
  port: number;
  server: Server;
  pipeline: Pipeline;
  close(): Promise<void>;
}

/** Validates spec and token (ERR_INTERNAL), binds and starts serving. */
export async function startHttpServer(options: HttpServeOptions): Promise<HttpHandle> {
  const { host, port: requestedPort } = parseHttpSpec(options.spec);
  const token = resolveToken(options.env, options.tokenEnv, host);
  const loopback = isLoopbackHost(host);
  let hosts: string[] = [];
  const pipeline = createPipeline({
    factory: options.factory,
    wire: options.wire,
    log: options.log,
    token,
    hosts: loopback ? () => hosts : undefined,
    sessions: options.sessions,
  });
  // requireHostHeader off: a missing Host must reach the §11.5 check (403), not node's own 400.
  const requestTimeout = options.requestTimeoutMs ?? HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = options.requestTimeoutMs ?? HTTP_HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: connectionsCheckingInterval(requestTimeout),
      requireHostHeader: false,
    },
    (req, res) => {
      void pipeline.handle(req, res);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(requestedPort, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port);
  const url = `http://${hostForUrl(host)}:${port}/mcp`;
  options.log.info("http listening", { url, host, port, wire: options.wire, auth: token !== undefined });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      options.onShutdown?.();
      await pipeline.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    })();
    return closing;
  };
  return { url, host, port, server, pipeline, close };
}

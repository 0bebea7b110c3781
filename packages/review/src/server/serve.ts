// The review server (issue 22): node:http on 127.0.0.1 only, every request admitted first
// (admission.ts), every answer with the security headers, GET only, nothing written under the
// root but the discovery file. `/api/events` is a server-sent event stream of "change" events.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { admit, allowedHosts, newToken, TOKEN_PARAM } from "./admission";
import { SECURITY_HEADERS } from "./headers";
import { answer } from "./routes";
import { watchRoot } from "./watch";

export const REVIEW_HOST = "127.0.0.1";

export interface ReviewServerOptions {
  /** The resolved root (the CLI's root rule). */
  root: string;
  /** 0 = any free port. */
  port: number;
  /** Poll interval of the live updates. */
  pollMs?: number;
}

export interface ReviewServer {
  /** The page's URL with the token. */
  url: string;
  port: number;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  const body = `${status === 405 ? "method not allowed" : status === 403 ? "host not allowed" : "token required"} (${reason})\n`;
  const headers: Record<string, string> = { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" };
  if (status === 405) headers.allow = "GET";
  res.writeHead(status, headers);
  res.end(body);
}

export async function startReviewServer(options: ReviewServerOptions): Promise<ReviewServer> {
  const token = newToken();
  const watcher = watchRoot(options.root, options.pollMs);
  let hosts: ReadonlySet<string> = new Set();
  const streams = new Set<ServerResponse>();

  const events = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      "content-type": "text/event-stream; charset=utf-8",
      connection: "keep-alive",
    });
    res.write(": axiom review\n\n");
    streams.add(res);
    const unsubscribe = watcher.subscribe(() => res.write("event: change\ndata: {}\n\n"));
    req.on("close", () => {
      unsubscribe();
      streams.delete(res);
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${REVIEW_HOST}`);
    const refusal = admit(req, url, hosts, token);
    if (refusal) return refuse(res, refusal.status, refusal.reason);
    if (url.pathname === "/api/events") return events(req, res);
    const a = await answer(options.root, token, url);
    res.writeHead(a.status, {
      ...SECURITY_HEADERS,
      "content-type": a.type,
      "content-length": Buffer.byteLength(a.body),
    });
    res.end(a.body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, SECURITY_HEADERS);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, REVIEW_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  return {
    url: `http://${REVIEW_HOST}:${port}/?${TOKEN_PARAM}=${token}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        watcher.close();
        for (const s of streams) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// JSON-RPC error bodies of the HTTP pipeline (mcp.md §11.3): every one is
// {"jsonrpc":"2.0","error":{"code":C,"message":M},"id":null} as application/json, never with CORS headers.
import type { IncomingMessage, ServerResponse } from "node:http";

export const MAX_HTTP_BODY = 4_194_304;

/** How long a 413 keeps its connection while the unread body is dropped (see writeTooLarge). */
export const LINGER_MS = 2_000;

const errorBody = (code: number, message: string) =>
  JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });

export function writeJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = errorBody(code, message);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/**
 * 413 with `connection: close`, as a lingering close: the whole answer is written at once, but the
 * response is ended (and the socket closed) only when the request body has been read to its end or
 * after LINGER_MS, whichever comes first. Closing at once, with request bytes still unread, makes the
 * kernel reset the connection, and a client still writing its body then sees EPIPE/ECONNRESET
 * instead of the 413. Meanwhile the body is read and dropped (the caller resumes the request).
 */
export function writeTooLarge(req: IncomingMessage, res: ServerResponse, message: string): void {
  const body = errorBody(-32000, message);
  res.writeHead(413, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.write(body);
  const finish = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(finish, LINGER_MS);
  timer.unref();
  req.resume();
  if (req.complete) finish();
  else {
    req.once("end", finish);
    req.once("close", finish);
  }
}

export function writeJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Thrown by the body reader when the streamed count passes the cap. */
export class BodyTooLarge extends Error {}

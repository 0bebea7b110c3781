// JSON-RPC error bodies of the HTTP pipeline (mcp.md §11.3): every one is
// {"jsonrpc":"2.0","error":{"code":C,"message":M},"id":null} as application/json, never with CORS headers.
import type { ServerResponse } from "node:http";

export const MAX_HTTP_BODY = 4_194_304;

export function writeJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function writeJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Thrown by the body reader when the streamed count passes the cap. */
export class BodyTooLarge extends Error {}

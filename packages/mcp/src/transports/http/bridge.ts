// node:http ↔ web-standard Request/Response (mcp.md §2 "HTTP chunk": AXIOM bridges them itself, no
// express/hono). The body is read here under the 4 MiB cap, so the SDK always sees a buffered body.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyTooLarge } from "./errors";

/**
 * Reads the request body, failing with BodyTooLarge as soon as the streamed byte count passes `max`.
 * Past the cap the rest is read and dropped rather than the socket destroyed, so the 413 can linger
 * (errors.ts); a client that goes away mid-body rejects with a plain Error.
 */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      total += chunk.length;
      if (total <= max) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      reject(new BodyTooLarge());
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("close", () => {
      if (!req.complete) reject(new Error("aborted"));
    });
  });
}

/**
 * Builds the web Request. Host and Origin are lowercased (they passed AXIOM's case-insensitive check;
 * the SDK transport compares them exactly). `signal` aborts when the client goes away.
 */
export function toWebRequest(req: IncomingMessage, url: URL, body: Buffer | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const v = Array.isArray(value) ? value.join(", ") : value;
    headers.set(name, name === "host" || name === "origin" ? v.toLowerCase() : v);
  }
  const method = req.method ?? "GET";
  const init: RequestInit = { method, headers, signal };
  if (body !== undefined && method !== "GET" && method !== "HEAD") init.body = new Uint8Array(body);
  return new Request(url, init);
}

/** Writes a web Response to the node response, streaming (SSE) bodies with headers flushed first. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  res.writeHead(response.status, response.statusText, headers);
  res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The stream was cancelled (client gone, or shutdown): nothing more to write.
  } finally {
    res.off("close", onClose);
    if (!res.writableEnded && !res.destroyed) res.end();
  }
}

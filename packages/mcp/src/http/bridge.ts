// node:http ↔ web-standard Request/Response (mcp.md §2 "HTTP chunk": AXIOM bridges them itself, no
// express/hono). The body is read here under the 4 MiB cap, so the SDK always sees a buffered body.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyTooLarge } from "./errors";

/** Reads the request body, failing as soon as the streamed byte count passes `max`. */
export async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > max) throw new BodyTooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
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

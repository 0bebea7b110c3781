// Admission of every request to the review server, in this order (issue 22): only GET (405 with
// `Allow: GET`), only an allowlisted Host — the loopback address or `localhost` with the bound
// port, which defeats DNS rebinding (403) — and the per-process token on every URL (401), compared
// as SHA-256 digests in constant time. No CORS header is ever sent, so no other origin reads a byte.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const TOKEN_PARAM = "t";

export type Refusal = { status: 401 | 403 | 405; reason: "token" | "host" | "method" };

/** 32 random bytes, URL-safe: a fresh one per server process. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function tokenMatches(presented: string | null, token: string): boolean {
  return presented !== null && timingSafeEqual(sha256(presented), sha256(token));
}

/** undefined = admitted; `url` is the request URL parsed against the bound origin. */
export function admit(req: IncomingMessage, url: URL, hosts: ReadonlySet<string>, token: string): Refusal | undefined {
  if (req.method !== "GET") return { status: 405, reason: "method" };
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) return { status: 403, reason: "host" };
  if (!tokenMatches(url.searchParams.get(TOKEN_PARAM), token)) return { status: 401, reason: "token" };
  return undefined;
}

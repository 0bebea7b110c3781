// Bearer token rules (mcp.md §11.2, threats.md T08): the token comes only from the environment
// variable named by --http-token-env, must be ≥ 16 characters, and is compared as SHA-256 digests
// with timingSafeEqual so neither length nor content leaks through timing.
import { createHash, timingSafeEqual } from "node:crypto";
import { axiomError } from "@codai/axiom-schema";
import { isLoopbackHost } from "./spec";

export const DEFAULT_TOKEN_ENV = "AXIOM_HTTP_TOKEN";
export const MIN_TOKEN_LENGTH = 16;

/** The configured token, or undefined (unset or empty = no token). Throws on the start-up rules. */
export function resolveToken(env: NodeJS.ProcessEnv, envName: string, host: string): string | undefined {
  const raw = env[envName];
  const token = raw === undefined || raw === "" ? undefined : raw;
  if (token === undefined && !isLoopbackHost(host)) {
    throw axiomError("ERR_INTERNAL", {
      message: `refusing to bind ${host}: a non-loopback --http host requires a bearer token (set ${envName})`,
      details: { host, tokenEnv: envName },
    });
  }
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) {
    throw axiomError("ERR_INTERNAL", {
      message: `http bearer token must be at least ${MIN_TOKEN_LENGTH} characters`,
      details: { tokenEnv: envName, min: MIN_TOKEN_LENGTH },
    });
  }
  return token;
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Constant-time equality of two strings of any lengths (never throws). */
export function tokensEqual(presented: string, configured: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(configured));
}

/** Whether an `Authorization` header value carries the configured token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return false;
  return tokensEqual(m[1] as string, token);
}

// Test OIDC identity tokens: ES256 JWTs minted by a test issuer key and checked by the mock Fulcio
// (signature, iss, aud "sigstore", exp) the way Fulcio checks a real provider's token.
import { type KeyObject, sign, verify } from "node:crypto";

const b64url = (b: Uint8Array | string): string => Buffer.from(b).toString("base64url");

export interface TokenClaims {
  iss?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  aud?: string | string[];
  /** Seconds from now (negative = already expired). Default 300. */
  expiresIn?: number;
  [claim: string]: unknown;
}

export function mintJwt(key: KeyObject, claims: Record<string, unknown>, expiresIn = 300): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: "ES256", typ: "JWT", kid: "axiom-test" }));
  const payload = b64url(JSON.stringify({ iat: now, nbf: now - 5, exp: now + expiresIn, ...claims }));
  const sig = sign("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" });
  return `${header}.${payload}.${b64url(sig)}`;
}

/** The claims of a token signed by `key`, or undefined when the signature or the shape is wrong. */
export function verifyJwt(token: string, key: KeyObject): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [h, p, s] = parts as [string, string, string];
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!ok) return undefined;
  try {
    return JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

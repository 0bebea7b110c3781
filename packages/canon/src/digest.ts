// sha256 helpers and `sha256:` digest references (formats.md §1, §5).
import { createHash } from "node:crypto";
import { canonicalBytes } from "./jcs";

export const SHA256_HEX = /^[a-f0-9]{64}$/;
export const DIGEST_REF = /^sha256:[a-f0-9]{64}$/;

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function isSha256Hex(value: unknown): value is string {
  return typeof value === "string" && SHA256_HEX.test(value);
}

export function isDigestRef(value: unknown): value is `sha256:${string}` {
  return typeof value === "string" && DIGEST_REF.test(value);
}

export function digestRef(hex: string): `sha256:${string}` {
  return `sha256:${hex}`;
}

/** "sha256:" + hex(sha256(UTF-8(JCS(value)))) — planDigest, manifestDigest, factsDigest, … */
export function canonicalDigestRef(value: unknown): `sha256:${string}` {
  return digestRef(sha256Hex(canonicalBytes(value)));
}

/** Bare hex of a digest ref, or undefined when the string is not a valid ref. */
export function digestHex(ref: string): string | undefined {
  return DIGEST_REF.test(ref) ? ref.slice(7) : undefined;
}

/**
 * canon is a leaf package (it cannot import @codai/axiom-schema), so it throws an error that
 * `isAxiomError` recognises by shape: name "AxiomError" and a code from ERROR_CODES.
 */
export class CanonDigestError extends Error {
  override readonly name = "AxiomError";
  readonly code = "ERR_DIGEST_FORMAT" as const;
  toJSON(): { code: "ERR_DIGEST_FORMAT"; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** Parses "sha256:<64 lowercase hex>" into its hex; throws an ERR_DIGEST_FORMAT AxiomError otherwise. */
export function parseDigestRef(ref: unknown): { algorithm: "sha256"; hex: string } {
  if (typeof ref !== "string" || !DIGEST_REF.test(ref)) {
    throw new CanonDigestError("ERR_DIGEST_FORMAT");
  }
  return { algorithm: "sha256", hex: ref.slice(7) };
}

// Anti-rollback trust state (signing.md §8.1): the pure half. `state.json` is authenticated by an
// HMAC-SHA256 keyed with `state.key` over JCS(state without mac). Loading is a pure function of
// the two files' bytes so the predicate (checks) and the advance (apply) share one rule set.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { decodeUtf8Strict } from "./blob";
import { DIGEST_REF, SHA256_HEX } from "./digest";
import { canonicalBytes } from "./jcs";

/** Read caps of `state.json` and `state.key` (signing.md §8.1), shared by the predicate and the advance. */
export const TRUST_STATE_MAX_BYTES = 262_144;
export const TRUST_STATE_KEY_MAX_BYTES = 4096;

export interface TrustState {
  version: 1;
  lastCounter: number;
  manifestDigest?: string;
  mac?: string;
}

export type TrustStateCorruptReason = "NO_MAC" | "BAD_MAC" | "NO_KEY";

export type TrustStateLoad =
  | { kind: "none" }
  | { kind: "ok"; state: TrustState; keyHex: string }
  | { kind: "corrupt"; reason?: TrustStateCorruptReason; message: string };

/** lowercase hex HMAC-SHA256(hex-decode(keyHex), UTF-8(JCS(state without mac))). */
export function trustStateMac(keyHex: string, state: TrustState): string {
  const { mac: _, ...body } = state;
  return createHmac("sha256", Buffer.from(keyHex, "hex")).update(canonicalBytes(body)).digest("hex");
}

/** A fresh state key: 32 random bytes as 64 lowercase hex. */
export function newTrustStateKeyHex(): string {
  return randomBytes(32).toString("hex");
}

/** `{version: 1, lastCounter, manifestDigest, mac}` sealed with the key. */
export function sealTrustState(keyHex: string, lastCounter: number, manifestDigest: string): TrustState {
  const body: TrustState = { version: 1, lastCounter, manifestDigest };
  return { ...body, mac: trustStateMac(keyHex, body) };
}

/** The file forms: state.json pretty JSON + LF, state.key 64 hex + LF. */
export function serializeTrustState(state: TrustState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}
export function serializeTrustStateKey(keyHex: string): string {
  return `${keyHex}\n`;
}

/** Strict TrustState shape check without zod (canon is a leaf). */
export function isTrustState(value: unknown): value is TrustState {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const allowed = new Set(["version", "lastCounter", "manifestDigest", "mac"]);
  if (Object.keys(v).some((k) => !allowed.has(k))) return false;
  if (v.version !== 1) return false;
  if (typeof v.lastCounter !== "number" || !Number.isSafeInteger(v.lastCounter) || v.lastCounter < 0) return false;
  if (v.manifestDigest !== undefined && !(typeof v.manifestDigest === "string" && DIGEST_REF.test(v.manifestDigest))) {
    return false;
  }
  if (v.mac !== undefined && !(typeof v.mac === "string" && SHA256_HEX.test(v.mac))) return false;
  return true;
}

function macEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The load rules of §8.1, given the bytes of `state.json` and `state.key` (undefined = absent).
 * Identical in the predicate and in the advance.
 */
export function loadTrustState(stateBytes: Uint8Array | undefined, keyBytes: Uint8Array | undefined): TrustStateLoad {
  if (stateBytes === undefined) return { kind: "none" };
  const text = decodeUtf8Strict(stateBytes);
  if (text === undefined) return { kind: "corrupt", message: "state.json is not UTF-8" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: "corrupt", message: "state.json is not JSON" };
  }
  if (!isTrustState(parsed)) return { kind: "corrupt", message: "state.json does not match the TrustState schema" };
  if (keyBytes === undefined)
    return { kind: "corrupt", reason: "NO_KEY", message: "state.json present without state.key" };
  const keyHex = keyBytes.length > TRUST_STATE_KEY_MAX_BYTES ? undefined : decodeUtf8Strict(keyBytes)?.trim();
  if (keyHex === undefined || !SHA256_HEX.test(keyHex)) {
    return { kind: "corrupt", message: "state.key is not 64 lowercase hex" };
  }
  if (parsed.mac === undefined) return { kind: "corrupt", reason: "NO_MAC", message: "state.json has no mac" };
  if (!macEquals(parsed.mac, trustStateMac(keyHex, parsed))) {
    return { kind: "corrupt", reason: "BAD_MAC", message: "state.json mac does not match" };
  }
  return { kind: "ok", state: parsed, keyHex };
}

/** Key bytes alone (for the advance when state.json is absent): 64 hex, else undefined. */
export function parseTrustStateKey(keyBytes: Uint8Array): string | undefined {
  if (keyBytes.length > TRUST_STATE_KEY_MAX_BYTES) return undefined;
  const hex = decodeUtf8Strict(keyBytes)?.trim();
  return hex !== undefined && SHA256_HEX.test(hex) ? hex : undefined;
}

// Ed25519 key material via node:crypto only (signing.md §1.4, §2.1, §3.2 step 5).
// Nothing here ever puts key bytes into an error message: failures say what kind of input was
// refused, never what it contained.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { decodeBase64Strict } from "./blob";
import { sha256Hex } from "./digest";

/** RFC 8410 PKCS#8 prefix that wraps a raw 32-byte Ed25519 seed. */
export const ED25519_PKCS8_PREFIX_HEX = "302e020100300506032b657004220420";
/** SPKI prefix that wraps a raw 32-byte Ed25519 public key. */
export const ED25519_SPKI_PREFIX_HEX = "302a300506032b6570032100";

/** Shaped like an AxiomError (canon cannot import schema): name "AxiomError" + a closed-list code. */
export class CanonKeyError extends Error {
  override readonly name = "AxiomError";
  readonly code = "ERR_SIGNATURE_INVALID" as const;
  toJSON(): { code: "ERR_SIGNATURE_INVALID"; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** keyid = lowercase hex sha256 of the raw 32-byte public key, all 64 chars (§1.4). */
export function keyidOf(rawPublicKey: Uint8Array): string {
  return sha256Hex(rawPublicKey);
}

/** The raw 32 bytes of an Ed25519 public (or private) KeyObject. */
export function rawPublicKey(key: KeyObject): Uint8Array {
  const pub = key.type === "private" ? createPublicKey(key) : key;
  const jwk = pub.export({ format: "jwk" }) as { x?: string };
  if (pub.asymmetricKeyType !== "ed25519" || typeof jwk.x !== "string") {
    throw new CanonKeyError("not an Ed25519 key");
  }
  return new Uint8Array(Buffer.from(jwk.x, "base64url"));
}

/** PKCS#8 DER of a private Ed25519 key (what keygen writes, base64 + LF). */
export function pkcs8Der(privateKey: KeyObject): Uint8Array {
  return new Uint8Array(privateKey.export({ format: "der", type: "pkcs8" }));
}

export interface Ed25519KeyPair {
  privateKey: KeyObject;
  publicRaw: Uint8Array;
  keyid: string;
}

export function generateEd25519(): Ed25519KeyPair {
  const { privateKey } = generateKeyPairSync("ed25519");
  return keyPairOf(privateKey);
}

export function keyPairOf(privateKey: KeyObject): Ed25519KeyPair {
  const publicRaw = rawPublicKey(privateKey);
  return { privateKey, publicRaw, keyid: keyidOf(publicRaw) };
}

/** Private key from a raw 32-byte seed (RFC 8410 wrapping). */
export function privateKeyFromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new CanonKeyError("an Ed25519 seed is 32 bytes");
  const der = Buffer.concat([Buffer.from(ED25519_PKCS8_PREFIX_HEX, "hex"), seed]);
  return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
}

/**
 * Parses signing key material (§3.2 step 5): PEM when it contains "-----BEGIN", else base64 of a
 * 32-byte seed or of PKCS#8 DER. The key must be Ed25519. Throws CanonKeyError (ERR_SIGNATURE_INVALID).
 */
export function parsePrivateKeyMaterial(material: string): KeyObject {
  const text = material.trim();
  let key: KeyObject;
  try {
    if (text.includes("-----BEGIN")) {
      key = createPrivateKey({ key: text, format: "pem" });
    } else {
      const bytes = decodeBase64Strict(text);
      if (bytes === undefined || bytes.length === 0) throw new CanonKeyError("key material is not base64");
      key =
        bytes.length === 32
          ? privateKeyFromSeed(bytes)
          : createPrivateKey({ key: Buffer.from(bytes), format: "der", type: "pkcs8" });
    }
  } catch (err) {
    if (err instanceof CanonKeyError) throw err;
    // The OpenSSL message may quote the input; never forward it.
    throw new CanonKeyError("unusable signing key material");
  }
  if (key.asymmetricKeyType !== "ed25519") throw new CanonKeyError("signing key is not Ed25519");
  return key;
}

// Ed25519 point decoding (RFC 8032 §5.1.3): a 32-byte string is a public key only if it decodes
// to a curve point. OpenSSL loads any 32 bytes, so the store check does it here (fail-closed).
const P = (1n << 255n) - 19n;
const D = mod(-121665n * modInverse(121666n));
const SQRT_M1 = modPow(2n, (P - 1n) / 4n);

function mod(a: bigint): bigint {
  const r = a % P;
  return r >= 0n ? r : r + P;
}
function modPow(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}
function modInverse(a: bigint): bigint {
  return modPow(a, P - 2n);
}

export function isEd25519Point(raw: Uint8Array): boolean {
  if (raw.length !== 32) return false;
  const bytes = Uint8Array.from(raw);
  const sign = (bytes[31] as number) >> 7;
  bytes[31] = (bytes[31] as number) & 0x7f;
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i] as number);
  if (y >= P) return false;
  const y2 = (y * y) % P;
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  let x = mod(u * modPow(v, 3n) * modPow(u * modPow(v, 7n), (P - 5n) / 8n));
  const vx2 = mod(v * x * x);
  if (vx2 !== u) {
    if (vx2 !== mod(-u)) return false;
    x = mod(x * SQRT_M1);
  }
  return !(x === 0n && sign === 1);
}

/** A public KeyObject from the raw 32 bytes, or undefined when they are not an Ed25519 point. */
export function publicKeyFromRaw(raw: Uint8Array): KeyObject | undefined {
  if (!isEd25519Point(raw)) return undefined;
  try {
    const der = Buffer.concat([Buffer.from(ED25519_SPKI_PREFIX_HEX, "hex"), raw]);
    return createPublicKey({ key: der, format: "der", type: "spki" });
  } catch {
    return undefined;
  }
}

/** Decodes a store `publicKey` (canonical base64 of exactly 32 bytes forming a point), else undefined. */
export function decodePublicKeyBase64(text: string): Uint8Array | undefined {
  const bytes = decodeBase64Strict(text);
  if (bytes === undefined || !isEd25519Point(bytes)) return undefined;
  return bytes;
}

// Ed25519 key material (signing.md §1.4, §2.1, §3.2 step 5) with fixed vectors: RFC 8032 §7.1 test 1
// for the seed → public key path, and a table of small y values for the point decoding of
// RFC 8032 §5.1.3 (random keys alone leave most of that arithmetic untested).
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CanonKeyError,
  decodePublicKeyBase64,
  isEd25519Point,
  keyidOf,
  keyPairOf,
  parsePrivateKeyMaterial,
  pkcs8Der,
  privateKeyFromSeed,
  publicKeyFromRaw,
  rawPublicKey,
  sha256Hex,
} from "../src/index";

// RFC 8032 §7.1, TEST 1.
const SEED_HEX = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const PUB_HEX = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

function keyError(fn: () => unknown): CanonKeyError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CanonKeyError) return err;
    throw err;
  }
  throw new Error("did not throw");
}

/** 32 little-endian bytes of y, with the x sign bit set when `sign` is 1. */
function point(y: bigint, sign: 0 | 1): Uint8Array {
  const b = new Uint8Array(32);
  let t = y;
  for (let i = 0; i < 32; i++) {
    b[i] = Number(t & 0xffn);
    t >>= 8n;
  }
  if (sign === 1) b[31] = (b[31] as number) | 0x80;
  return b;
}
const P = (1n << 255n) - 19n;

describe("RFC 8032 §7.1 test 1", () => {
  it("seed → the RFC's public key; keyid = sha256 of it; PKCS#8 DER is prefix + seed", () => {
    const key = privateKeyFromSeed(Buffer.from(SEED_HEX, "hex"));
    const pair = keyPairOf(key);
    expect(Buffer.from(pair.publicRaw).toString("hex")).toBe(PUB_HEX);
    expect(pair.keyid).toBe(sha256Hex(Buffer.from(PUB_HEX, "hex")));
    expect(keyidOf(pair.publicRaw)).toBe(pair.keyid);
    expect(Buffer.from(pkcs8Der(key)).toString("hex")).toBe(`302e020100300506032b657004220420${SEED_HEX}`);
    expect(Buffer.from(rawPublicKey(key)).toString("hex")).toBe(PUB_HEX);
  });
  it("the public key decodes from raw bytes and from base64", () => {
    const raw = Buffer.from(PUB_HEX, "hex");
    expect(isEd25519Point(raw)).toBe(true);
    const pub = publicKeyFromRaw(raw);
    expect(pub?.asymmetricKeyType).toBe("ed25519");
    expect(Buffer.from(rawPublicKey(pub as never)).toString("hex")).toBe(PUB_HEX);
    expect(decodePublicKeyBase64(raw.toString("base64"))).toEqual(new Uint8Array(raw));
  });
});

describe("CanonKeyError: AxiomError-shaped ERR_SIGNATURE_INVALID", () => {
  it("a seed of 31 or 33 bytes is refused with the code, also in JSON form", () => {
    for (const n of [31, 33, 0]) {
      const err = keyError(() => privateKeyFromSeed(new Uint8Array(n)));
      expect(err).toMatchObject({ name: "AxiomError", code: "ERR_SIGNATURE_INVALID" });
      expect(JSON.parse(JSON.stringify(err)).code).toBe("ERR_SIGNATURE_INVALID");
    }
  });
  it("rawPublicKey of an X25519 or RSA key (not Ed25519) → ERR_SIGNATURE_INVALID", () => {
    const x = generateKeyPairSync("x25519");
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 });
    for (const key of [x.publicKey, x.privateKey, rsa.publicKey]) {
      expect(keyError(() => rawPublicKey(key)).code).toBe("ERR_SIGNATURE_INVALID");
    }
  });
  it("parsePrivateKeyMaterial refuses an X25519 key (PEM or DER), empty text and a broken PEM", () => {
    const { privateKey } = generateKeyPairSync("x25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    const der = (privateKey.export({ format: "der", type: "pkcs8" }) as Buffer).toString("base64");
    for (const material of [pem, der, "", "  \n", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"]) {
      expect(keyError(() => parsePrivateKeyMaterial(material)).code).toBe("ERR_SIGNATURE_INVALID");
    }
  });
});

describe("Ed25519 point decoding (RFC 8032 §5.1.3)", () => {
  // y → [valid with sign 0, valid with sign 1]; y = 1 is x = 0, whose sign bit must be 0.
  const TABLE: [number, boolean, boolean][] = [
    [0, true, true],
    [1, true, false],
    [2, false, false],
    [3, true, true],
    [4, true, true],
    [5, true, true],
    [6, true, true],
    [7, false, false],
    [8, false, false],
    [9, true, true],
    [10, true, true],
    [11, false, false],
    [12, false, false],
    [13, false, false],
    [14, true, true],
    [15, true, true],
    [16, true, true],
  ];
  it.each(TABLE)("y = %i: sign 0 → %s, sign 1 → %s", (y, sign0, sign1) => {
    expect(isEd25519Point(point(BigInt(y), 0))).toBe(sign0);
    expect(isEd25519Point(point(BigInt(y), 1))).toBe(sign1);
    expect(publicKeyFromRaw(point(BigInt(y), 0)) !== undefined).toBe(sign0);
  });
  it("y = p - 1 (x = 0) is a point only with sign 0; y = p and y = p + 1 are non-canonical", () => {
    expect(isEd25519Point(point(P - 1n, 0))).toBe(true);
    expect(isEd25519Point(point(P - 1n, 1))).toBe(false);
    expect(isEd25519Point(point(P, 0))).toBe(false);
    expect(isEd25519Point(point(P + 1n, 0))).toBe(false);
  });
  it("the caller's bytes are not modified by the sign-bit masking", () => {
    const raw = point(3n, 1);
    const copy = Uint8Array.from(raw);
    isEd25519Point(raw);
    expect(raw).toEqual(copy);
  });
  it("a 32-byte non-point and non-canonical base64 are not store public keys", () => {
    expect(decodePublicKeyBase64(Buffer.from(point(2n, 0)).toString("base64"))).toBeUndefined();
    const b64 = Buffer.from(PUB_HEX, "hex").toString("base64");
    expect(decodePublicKeyBase64(b64.slice(0, -1))).toBeUndefined();
    expect(publicKeyFromRaw(new Uint8Array(31))).toBeUndefined();
  });
});

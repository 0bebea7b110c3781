import { createHash, generateKeyPairSync, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalDigestRef,
  canonicalize,
  decodePublicKeyBase64,
  generateEd25519,
  isEd25519Point,
  keyPairOf,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  MANIFEST_PAYLOAD_TYPE,
  pae,
  parsePrivateKeyMaterial,
  pkcs8Der,
  privateKeyFromSeed,
  publicKeyFromRaw,
  rawPublicKey,
  signManifest,
  verifyPae,
} from "../src/index";

function pubOf(raw: Uint8Array): KeyObject {
  const key = publicKeyFromRaw(raw);
  if (key === undefined) throw new Error("not a public key");
  return key;
}

const manifest = { apiVersion: "axiom.dev/v2", kind: "Manifest", name: "demo", artifacts: [{ path: "a.txt" }] };

describe("keyid, signing.md §1.4", () => {
  it("keyid of a generated key = lowercase hex sha256 of its raw 32-byte public key (64 chars)", () => {
    const pair = generateEd25519();
    expect(pair.publicRaw.length).toBe(32);
    expect(pair.keyid).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.keyid).toBe(createHash("sha256").update(pair.publicRaw).digest("hex"));
    // the raw key is the tail of the SPKI DER node:crypto exports
    const spki = pair.privateKey.export({ format: "der", type: "pkcs8" });
    expect(spki.length).toBe(48);
  });
});

describe("DSSE envelope over the manifest, signing.md §1", () => {
  it("unbound envelope payload decodes to exactly JCS(manifest) bytes; its sha256 = manifestDigest", () => {
    const pair = generateEd25519();
    const env = signManifest(pair.privateKey, manifest);
    expect(env.payloadType).toBe(MANIFEST_PAYLOAD_TYPE);
    const payload = Buffer.from(env.payload, "base64");
    expect(payload.toString("utf8")).toBe(canonicalize(manifest));
    expect(`sha256:${createHash("sha256").update(payload).digest("hex")}`).toBe(canonicalDigestRef(manifest));
    expect(env.signatures).toEqual([{ keyid: pair.keyid, sig: expect.any(String) }]);
    const sig = Buffer.from(env.signatures[0]?.sig as string, "base64");
    expect(sig.length).toBe(64);
    expect(verifyPae(pubOf(pair.publicRaw), env.payloadType, payload, sig)).toBe(true);
  });
  it("root-bound payload = UTF-8 JCS({manifest, rootId}) with the bound type", () => {
    const pair = generateEd25519();
    const env = signManifest(pair.privateKey, manifest, "github:acme/shop");
    expect(env.payloadType).toBe(MANIFEST_BOUND_PAYLOAD_TYPE);
    expect(Buffer.from(env.payload, "base64").toString("utf8")).toBe(
      canonicalize({ manifest, rootId: "github:acme/shop" }),
    );
  });
  it("the signature covers PAE(type, payload): a different type or one flipped bit does not verify", () => {
    const pair = generateEd25519();
    const env = signManifest(pair.privateKey, manifest);
    const payload = Buffer.from(env.payload, "base64");
    const sig = Buffer.from(env.signatures[0]?.sig as string, "base64");
    const pub = pubOf(pair.publicRaw);
    expect(verifyPae(pub, MANIFEST_BOUND_PAYLOAD_TYPE, payload, sig)).toBe(false);
    const flipped = Buffer.from(sig);
    flipped[10] = (flipped[10] as number) ^ 1;
    expect(verifyPae(pub, env.payloadType, payload, flipped)).toBe(false);
    expect(verifyPae(pub, env.payloadType, payload, sig.subarray(0, 63))).toBe(false);
    // and the bytes signed are the PAE bytes, not the bare payload
    expect(pae(env.payloadType, payload).length).toBeGreaterThan(payload.length);
  });
});

describe("key material parsing, signing.md §3.2 step 5", () => {
  it("base64 raw 32-byte seed / base64 PKCS#8 / PEM give the same key (same keyid)", () => {
    const pair = generateEd25519();
    const der = Buffer.from(pkcs8Der(pair.privateKey));
    const seed = der.subarray(16);
    const pem = pair.privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    const fromSeed = keyPairOf(parsePrivateKeyMaterial(` ${seed.toString("base64")}\n`));
    const fromDer = keyPairOf(parsePrivateKeyMaterial(der.toString("base64")));
    const fromPem = keyPairOf(parsePrivateKeyMaterial(pem));
    expect(fromSeed.keyid).toBe(pair.keyid);
    expect(fromDer.keyid).toBe(pair.keyid);
    expect(fromPem.keyid).toBe(pair.keyid);
    expect(keyPairOf(privateKeyFromSeed(seed)).keyid).toBe(pair.keyid);
  });
  it("an RSA PEM key → ERR_SIGNATURE_INVALID, message free of key material", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    let caught: unknown;
    try {
      parsePrivateKeyMaterial(pem);
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ name: "AxiomError", code: "ERR_SIGNATURE_INVALID" });
    const body = pem.split("\n")[1] as string;
    expect(JSON.stringify(caught) + String((caught as Error).message)).not.toContain(body.slice(0, 20));
  });
  it("garbage base64 and non-base64 text → ERR_SIGNATURE_INVALID", () => {
    expect(() => parsePrivateKeyMaterial("not base64 !!")).toThrow(
      expect.objectContaining({ code: "ERR_SIGNATURE_INVALID" }),
    );
    expect(() => parsePrivateKeyMaterial(Buffer.alloc(40, 7).toString("base64"))).toThrow(
      expect.objectContaining({ code: "ERR_SIGNATURE_INVALID" }),
    );
  });
});

describe("public key decoding, signing.md §2.1", () => {
  it("a generated key's raw bytes form a valid point and round-trip", () => {
    for (let i = 0; i < 20; i++) {
      const pair = generateEd25519();
      expect(isEd25519Point(pair.publicRaw)).toBe(true);
      const b64 = Buffer.from(pair.publicRaw).toString("base64");
      expect(decodePublicKeyBase64(b64)).toEqual(pair.publicRaw);
      expect(Buffer.from(rawPublicKey(pubOf(pair.publicRaw)))).toEqual(Buffer.from(pair.publicRaw));
    }
  });
  it("31 or 33 bytes, a non-canonical y ≥ p, or a y with no x → not a public key", () => {
    const pair = generateEd25519();
    expect(decodePublicKeyBase64(Buffer.from(pair.publicRaw.subarray(0, 31)).toString("base64"))).toBeUndefined();
    expect(decodePublicKeyBase64(Buffer.concat([pair.publicRaw, Buffer.from([0])]).toString("base64"))).toBeUndefined();
    const big = Buffer.alloc(32, 0xff);
    big[31] = 0x7f; // y = 2^255 - 1 ≥ p
    expect(isEd25519Point(big)).toBe(false);
    // y = 2 is not on the curve (x² is a non-residue): count that some small y values fail
    const bad = [2, 3, 4, 5, 6, 7, 8, 9].filter((y) => {
      const b = Buffer.alloc(32);
      b[0] = y;
      return !isEd25519Point(b);
    });
    expect(bad.length).toBeGreaterThan(0);
  });
});

describe("payload types and verifyPae's refusals (signing.md §1.1)", () => {
  it("the two manifest payload types", () => {
    expect(MANIFEST_PAYLOAD_TYPE).toBe("application/vnd.axiom.manifest+json");
    expect(MANIFEST_BOUND_PAYLOAD_TYPE).toBe("application/vnd.axiom.manifest-bound+json");
  });
  it("a key that cannot verify Ed25519 (X25519) → false, never a throw", () => {
    const { publicKey } = generateKeyPairSync("x25519");
    expect(verifyPae(publicKey, MANIFEST_PAYLOAD_TYPE, new Uint8Array(2), new Uint8Array(64))).toBe(false);
  });
  it("a signature of 65 bytes whose first 64 are valid → false", () => {
    const pair = generateEd25519();
    const env = signManifest(pair.privateKey, manifest);
    const payload = Buffer.from(env.payload, "base64");
    const sig = Buffer.from(env.signatures[0]?.sig as string, "base64");
    expect(verifyPae(pubOf(pair.publicRaw), env.payloadType, payload, Buffer.concat([sig, Buffer.from([0])]))).toBe(
      false,
    );
  });
});

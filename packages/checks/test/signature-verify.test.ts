import {
  canonicalize,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  type MANIFEST_PAYLOAD_TYPE,
  signEnvelope,
  signManifest,
} from "@codai/axiom-canon";
import { describe, expect, it } from "vitest";
import { parseTrustStore, signaturesBlock, validateTrustStore, verifyBundleSignatures } from "../src/signature-verify";
import { generateEd25519, makeBundle, storeOf, trustedKey } from "./sig-fixtures";

const enc = (s: string) => new TextEncoder().encode(s);

describe("verifyBundleSignatures (signing.md §5)", () => {
  it("sign then verify with the key in the store → keyids: [keyid], no finding; signatures block ok", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(k.privateKey, bundle.manifest)];
    const store = storeOf([trustedKey(k)]);
    expect(verifyBundleSignatures(bundle, store, undefined)).toEqual({ keyids: [k.keyid], findings: [] });
    expect(signaturesBlock(bundle, store, ".axiom/trust/keys.json")).toEqual({
      trustFile: ".axiom/trust/keys.json",
      keyids: [k.keyid],
      findings: [],
      ok: true,
    });
  });

  it("bundle with no `signatures` and a store → `signature.missing`; verify `code: ERR_SIGNATURE_MISSING`", () => {
    const bundle = makeBundle();
    const store = storeOf([trustedKey(generateEd25519())]);
    const r = verifyBundleSignatures(bundle, store, undefined);
    expect(r.keyids).toEqual([]);
    expect(r.findings).toEqual([{ id: "signature.missing", message: expect.any(String), facts: {} }]);
    bundle.signatures = [];
    expect(signaturesBlock(bundle, store, "t")).toMatchObject({ ok: false, code: "ERR_SIGNATURE_MISSING" });
  });

  it("tamper one byte of the manifest and recompute `manifestDigest` → `signature.bad` `PAYLOAD_MISMATCH`; verify `code: ERR_SIGNATURE_INVALID`", () => {
    const k = generateEd25519();
    const signed = makeBundle({ text: "hello\n" });
    const env = signManifest(k.privateKey, signed.manifest);
    const tampered = makeBundle({ text: "hellp\n" });
    tampered.signatures = [env];
    const store = storeOf([trustedKey(k)]);
    const r = verifyBundleSignatures(tampered, store, undefined);
    expect(r.keyids).toEqual([]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      id: "signature.bad",
      facts: { reason: "PAYLOAD_MISMATCH", payloadDigest: signed.manifestDigest },
    });
    expect(signaturesBlock(tampered, store, "t")).toMatchObject({ ok: false, code: "ERR_SIGNATURE_INVALID" });
  });

  it("flip one bit of `sig` → `signature.bad` `BAD_SIGNATURE` (keyid hint trusted)", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    const env = signManifest(k.privateKey, bundle.manifest);
    const sig = Buffer.from(env.signatures[0]?.sig as string, "base64");
    sig[5] = (sig[5] as number) ^ 0x01;
    env.signatures = [{ keyid: k.keyid, sig: sig.toString("base64") }];
    bundle.signatures = [env];
    const r = verifyBundleSignatures(bundle, storeOf([trustedKey(k)]), undefined);
    expect(r.findings).toEqual([
      {
        id: "signature.bad",
        message: expect.stringContaining("signatures[0]"),
        facts: { reason: "BAD_SIGNATURE", index: 0 },
      },
    ]);
  });

  it("envelope signed by an untrusted key → `signature.unknownKey` with `facts.hinted: [<that keyid>]`", () => {
    const trusted = generateEd25519();
    const stranger = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(stranger.privateKey, bundle.manifest)];
    const r = verifyBundleSignatures(bundle, storeOf([trustedKey(trusted)]), undefined);
    expect(r.findings).toEqual([
      {
        id: "signature.unknownKey",
        message: expect.any(String),
        facts: { reason: "UNKNOWN_KEY", index: 0, hinted: [stranger.keyid] },
      },
    ]);
  });

  it("a missing keyid hint is reported as null in `hinted`; an empty store → UNKNOWN_KEY", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    const env = signManifest(k.privateKey, bundle.manifest);
    env.signatures = [{ sig: env.signatures[0]?.sig as string }];
    bundle.signatures = [env];
    expect(verifyBundleSignatures(bundle, storeOf([]), undefined).findings[0]?.facts).toEqual({
      reason: "UNKNOWN_KEY",
      index: 0,
      hinted: [null],
    });
    // …and without a hint a trusted key still verifies (the hint is only a hint)
    expect(verifyBundleSignatures(bundle, storeOf([trustedKey(k)]), undefined)).toEqual({
      keyids: [k.keyid],
      findings: [],
    });
  });

  it("envelope whose payload is valid JSON but not JCS (extra space) → `signature.notCanonical`", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    const text = canonicalize({ manifest: bundle.manifest, rootId: "acme" }).replace('{"manifest":', '{ "manifest":');
    bundle.signatures = [signEnvelope(k.privateKey, MANIFEST_BOUND_PAYLOAD_TYPE, enc(text))];
    const r = verifyBundleSignatures(bundle, storeOf([trustedKey(k)]), undefined);
    expect(r.findings).toEqual([
      { id: "signature.notCanonical", message: expect.any(String), facts: { reason: "NOT_CANONICAL", index: 0 } },
    ]);
  });

  it("bound payload that is not JSON → PAYLOAD_MISMATCH without payloadDigest; unknown payloadType → BAD_PAYLOAD_TYPE", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [
      signEnvelope(k.privateKey, MANIFEST_BOUND_PAYLOAD_TYPE, enc("{nope")),
      signEnvelope(k.privateKey, "application/x-other" as typeof MANIFEST_PAYLOAD_TYPE, enc("{}")),
    ];
    const r = verifyBundleSignatures(bundle, storeOf([trustedKey(k)]), undefined);
    expect(r.findings.map((f) => f.facts)).toEqual([
      { reason: "PAYLOAD_MISMATCH" },
      { reason: "BAD_PAYLOAD_TYPE", index: 1 },
    ]);
  });

  it("an envelope with an empty signatures list → NO_SIGNATURES", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    const env = signManifest(k.privateKey, bundle.manifest);
    env.signatures = [];
    bundle.signatures = [env];
    expect(verifyBundleSignatures(bundle, storeOf([trustedKey(k)]), undefined).findings[0]?.facts).toEqual({
      reason: "NO_SIGNATURES",
      index: 0,
    });
  });

  it("`sign` with two different keys → two envelopes, both keyids verified (sorted)", () => {
    const a = generateEd25519();
    const b = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(a.privateKey, bundle.manifest), signManifest(b.privateKey, bundle.manifest)];
    const r = verifyBundleSignatures(bundle, storeOf([trustedKey(a), trustedKey(b)]), undefined);
    expect(r).toEqual({ keyids: [a.keyid, b.keyid].sort(), findings: [] });
  });

  it("one valid and one bad envelope → one keyid and one finding; `verify --root` block → `signatures.ok: false`", () => {
    const a = generateEd25519();
    const stranger = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [
      signManifest(a.privateKey, bundle.manifest),
      signManifest(stranger.privateKey, bundle.manifest),
    ];
    const store = storeOf([trustedKey(a)]);
    const r = verifyBundleSignatures(bundle, store, undefined);
    expect(r.keyids).toEqual([a.keyid]);
    expect(r.findings.map((f) => f.id)).toEqual(["signature.unknownKey"]);
    expect(signaturesBlock(bundle, store, "t")).toMatchObject({
      ok: false,
      code: "ERR_SIGNATURE_INVALID",
      keyids: [a.keyid],
    });
  });

  describe("root-binding matrix (§5.1)", () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    const unbound = signManifest(k.privateKey, bundle.manifest);
    const boundX = signManifest(k.privateKey, bundle.manifest, "X");
    const boundY = signManifest(k.privateKey, bundle.manifest, "Y");
    const run = (env: typeof unbound, rootId?: string) =>
      verifyBundleSignatures(
        { ...bundle, signatures: [env] },
        storeOf([trustedKey(k)], rootId === undefined ? {} : { rootId }),
        undefined,
      );

    it("store `rootId: X`: unbound envelope → `signature.unbound` `UNBOUND`", () => {
      expect(run(unbound, "X").findings).toEqual([
        { id: "signature.unbound", message: expect.any(String), facts: { reason: "UNBOUND", index: 0, expected: "X" } },
      ]);
    });
    it("store `rootId: X`: bound to X → pass", () => {
      expect(run(boundX, "X")).toEqual({ keyids: [k.keyid], findings: [] });
    });
    it('store `rootId: X`: bound to Y → `signature.unbound` `ROOT_MISMATCH` `facts.got: "Y"`', () => {
      expect(run(boundY, "X").findings).toEqual([
        {
          id: "signature.unbound",
          message: expect.any(String),
          facts: { reason: "ROOT_MISMATCH", index: 0, expected: "X", got: "Y" },
        },
      ]);
    });
    it("store without `rootId`: bound to any id → pass; unbound → pass", () => {
      expect(run(boundX)).toEqual({ keyids: [k.keyid], findings: [] });
      expect(run(boundY)).toEqual({ keyids: [k.keyid], findings: [] });
      expect(run(unbound)).toEqual({ keyids: [k.keyid], findings: [] });
    });
  });

  it("key with `notBefore: 5`, manifest `counter: 4` → `signature.unknownKey`; `counter: 5` → pass; no counter → `signature.unknownKey`", () => {
    const k = generateEd25519();
    const store = storeOf([trustedKey(k, { notBefore: 5 })]);
    for (const [counter, ok] of [
      [4, false],
      [5, true],
      [undefined, false],
    ] as const) {
      const bundle = makeBundle(counter === undefined ? {} : { counter });
      bundle.signatures = [signManifest(k.privateKey, bundle.manifest)];
      const r = verifyBundleSignatures(bundle, store, bundle.manifest.counter);
      if (ok) expect(r).toEqual({ keyids: [k.keyid], findings: [] });
      else expect(r.findings.map((f) => [f.id, f.facts.reason])).toEqual([["signature.unknownKey", "UNKNOWN_KEY"]]);
    }
  });
});

describe("trust store validity (signing.md §2.1, §2.2)", () => {
  const k = generateEd25519();
  it("a valid store parses", () => {
    const r = parseTrustStore(
      enc(
        JSON.stringify(
          storeOf([trustedKey(k, { name: "release key", notBefore: 12 })], {
            minCounter: 10,
            rootId: "github:acme/shop",
          }),
        ),
      ),
    );
    expect(r.ok).toBe(true);
  });
  it("keys.json with a keyid that does not match its publicKey → store invalid", () => {
    const other = generateEd25519();
    const r = validateTrustStore(storeOf([{ ...trustedKey(k), keyid: other.keyid }]));
    expect(r).toMatchObject({ ok: false, issues: [{ path: "keys.0.keyid" }] });
  });
  it("keys.json with the same key listed twice → store invalid", () => {
    expect(validateTrustStore(storeOf([trustedKey(k), trustedKey(k)])).ok).toBe(false);
  });
  it("keys.json of 262 145 bytes → store invalid", () => {
    const base = JSON.stringify(storeOf([trustedKey(k)]));
    const padded = `${base.slice(0, -1)}${" ".repeat(262_145 - base.length)}}`;
    expect(Buffer.byteLength(padded)).toBe(262_145);
    expect(parseTrustStore(enc(padded)).ok).toBe(false);
    const fits = `${base.slice(0, -1)}${" ".repeat(262_144 - base.length)}}`;
    expect(parseTrustStore(enc(fits)).ok).toBe(true);
  });
  it("not UTF-8, not JSON, extra field, SPKI publicKey, 31-byte publicKey, bad RootId → invalid", () => {
    expect(parseTrustStore(new Uint8Array([0xff])).ok).toBe(false);
    expect(parseTrustStore(enc("{")).ok).toBe(false);
    expect(validateTrustStore({ ...storeOf([trustedKey(k)]), extra: 1 }).ok).toBe(false);
    const spki = k.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
    expect(validateTrustStore(storeOf([{ ...trustedKey(k), publicKey: spki }])).ok).toBe(false);
    expect(
      validateTrustStore(
        storeOf([{ ...trustedKey(k), publicKey: Buffer.from(k.publicRaw.subarray(0, 31)).toString("base64") }]),
      ).ok,
    ).toBe(false);
    expect(validateTrustStore(storeOf([], { rootId: "bad id" })).ok).toBe(false);
    expect(validateTrustStore(storeOf([], { rootId: "-x" })).ok).toBe(false);
  });
});

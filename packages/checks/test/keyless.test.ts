// signing.md §4.2–§4.6 (decision D21): keyless verification inside manifest.requireSigned and the
// keyless signer, offline only — a fake `sigstore` module injected through the loader seam stands
// in for Fulcio, Rekor and TUF. No token variables, no network.
import { canonicalBytes, signManifest } from "@codai/axiom-canon";
import type { CheckReport, ManifestBundle, TrustStore } from "@codai/axiom-schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createDefaultRegistry,
  runChecks,
  setSigstoreModuleForTests,
  signKeyless,
  sigstoreLoadAttempts,
} from "../src/index";
import { rootWithKeys } from "./helpers";
import { generateEd25519, makeBundle, signedProfile, storeOf, trustedKey } from "./sig-fixtures";

const ISSUER = "https://token.actions.githubusercontent.com";
const SUBJECT = "repo:a/b:ref:refs/heads/main";
const UNBOUND = "application/vnd.axiom.manifest+json";
const BOUND = "application/vnd.axiom.manifest-bound+json";

const saved: Record<string, string | undefined> = {};
const TOKEN_VARS = ["SIGSTORE_ID_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN"];
beforeEach(() => {
  for (const k of TOKEN_VARS) {
    saved[k] = process.env[k];
    delete process.env[k];
  }
});
afterEach(async () => {
  setSigstoreModuleForTests(undefined);
  for (const k of TOKEN_VARS) if (saved[k] !== undefined) process.env[k] = saved[k];
});

interface Call {
  entry: unknown;
  options: Record<string, unknown>;
}

/** A fake sigstore: `verify` returns a Signer-like identity or throws an error with the given name. */
function fakeModule(opts: { issuer?: string; san?: string; throwName?: string } = {}) {
  const calls: Call[] = [];
  const attests: { payload: Buffer; payloadType: string; options: Record<string, unknown> }[] = [];
  const mod = {
    async attest(payload: Buffer, payloadType: string, options: Record<string, unknown>) {
      attests.push({ payload, payloadType, options });
      return keylessEntry(payload, payloadType);
    },
    async verify(entry: unknown, options: Record<string, unknown>) {
      calls.push({ entry, options });
      if (opts.throwName !== undefined) {
        const e = new Error("fake failure");
        e.name = opts.throwName;
        throw e;
      }
      return {
        key: {},
        identity: { subjectAlternativeName: opts.san ?? SUBJECT, extensions: { issuer: opts.issuer ?? ISSUER } },
      };
    },
  };
  return { mod, calls, attests };
}

function keylessEntry(payload: Uint8Array, payloadType: string): Record<string, unknown> {
  return {
    mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
    verificationMaterial: { certificate: { rawBytes: "AAAA" }, tlogEntries: [] },
    dsseEnvelope: {
      payload: Buffer.from(payload).toString("base64"),
      payloadType,
      signatures: [{ sig: "AAAA", keyid: "" }],
    },
  };
}

function withKeyless(bundle: ManifestBundle, entries: unknown[]): ManifestBundle {
  return { ...bundle, keylessSignatures: entries as ManifestBundle["keylessSignatures"] };
}

/** A temp root whose trust store is `store` (pretty JSON), if given. */
const rootWith = (store?: TrustStore): Promise<string> => rootWithKeys(store);

const profile = (params: unknown) => signedProfile(params);

const policy = (extra: Record<string, unknown> = {}) => ({
  keyless: { issuer: ISSUER, subjectRegex: SUBJECT, ...extra },
});

function check(bundle: ManifestBundle, params: unknown, root: string): Promise<CheckReport> {
  return runChecks({ bundle, profile: profile(params), root, registry: createDefaultRegistry() });
}

const summary = (r: CheckReport) => r.findings.map((f) => ({ id: f.id, facts: f.facts }));
/** The runner orders findings; look one up by id. */
const byId = (r: CheckReport, id: string) => summary(r).find((f) => f.id === id);

function unboundEntry(bundle: ManifestBundle) {
  return keylessEntry(canonicalBytes(bundle.manifest), UNBOUND);
}

describe("keyless policy in manifest.requireSigned (§4.5)", () => {
  it("fake verify returns issuer/SAN matching → pass; identity counted as keyless:<issuer>|<subject> (minSignatures 2 with one Ed25519 key)", async () => {
    const { mod } = fakeModule();
    setSigstoreModuleForTests(mod);
    const k = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(k.privateKey, bundle.manifest)];
    const b = withKeyless(bundle, [unboundEntry(bundle)]);
    const root = await rootWith(storeOf([trustedKey(k)]));
    expect((await check(b, policy(), root)).verdict).toBe("pass");
    const two = await check(b, { ...policy(), minSignatures: 2 }, root);
    expect(two.verdict).toBe("pass");
    const three = await check(b, { ...policy(), minSignatures: 3 }, root);
    expect(summary(three)).toEqual([
      { id: "signature.missing", facts: { have: [`keyless:${ISSUER}|${SUBJECT}`, k.keyid].sort(), need: 3 } },
    ]);
  });

  it("SAN repo:a/b:ref:refs/heads/main-x with subjectRegex repo:a/b:ref:refs/heads/main → signature.keylessSubject (anchored)", async () => {
    setSigstoreModuleForTests(fakeModule({ san: `${SUBJECT}-x` }).mod);
    const bundle = makeBundle();
    const r = await check(withKeyless(bundle, [unboundEntry(bundle)]), policy(), await rootWith());
    expect(r.findings).toHaveLength(2);
    expect(byId(r, "signature.keylessSubject")?.facts).toEqual({
      index: 0,
      reason: "SUBJECT_MISMATCH",
      issuer: ISSUER,
      subject: `${SUBJECT}-x`,
    });
    expect(byId(r, "signature.keylessMissing")?.facts).toEqual({ issuer: ISSUER, subjectRegex: SUBJECT });
  });

  it("fake verify throws PolicyError → keylessIssuer; VerificationError → keylessBad BAD_SIGNATURE; TUFError → provider ERR_KEYLESS_UNAVAILABLE TRUSTED_ROOT, verdict error", async () => {
    const bundle = makeBundle();
    const b = withKeyless(bundle, [unboundEntry(bundle)]);
    const root = await rootWith();
    setSigstoreModuleForTests(fakeModule({ throwName: "PolicyError" }).mod);
    expect(byId(await check(b, policy(), root), "signature.keylessIssuer")?.facts).toEqual({
      index: 0,
      reason: "ISSUER_MISMATCH",
    });
    setSigstoreModuleForTests(fakeModule({ throwName: "VerificationError" }).mod);
    expect(byId(await check(b, policy(), root), "signature.keylessBad")?.facts).toEqual({
      index: 0,
      reason: "BAD_SIGNATURE",
    });
    setSigstoreModuleForTests(fakeModule({ throwName: "TUFError" }).mod);
    const tuf = await check(b, policy(), root);
    expect(tuf.verdict).toBe("error");
    expect(tuf.findings).toHaveLength(1);
    expect(tuf.findings[0]?.facts).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      __provider: true,
      index: 0,
      reason: "TRUSTED_ROOT",
    });
    setSigstoreModuleForTests(fakeModule({ throwName: "TypeError" }).mod);
    expect((await check(b, policy(), root)).findings[0]?.facts).toMatchObject({ reason: "VERIFY_FAILED" });
  });

  it("fake verify returns another issuer → signature.keylessIssuer (AXIOM re-check); no SAN → keylessSubject NO_IDENTITY", async () => {
    const bundle = makeBundle();
    const b = withKeyless(bundle, [unboundEntry(bundle)]);
    const root = await rootWith();
    setSigstoreModuleForTests(fakeModule({ issuer: "https://evil.example" }).mod);
    expect(byId(await check(b, policy(), root), "signature.keylessIssuer")?.facts).toMatchObject({
      reason: "ISSUER_MISMATCH",
      issuer: "https://evil.example",
    });
    setSigstoreModuleForTests(fakeModule({ san: "" }).mod);
    expect(byId(await check(b, policy(), root), "signature.keylessSubject")?.facts).toMatchObject({
      reason: "NO_IDENTITY",
    });
  });

  it("entry payloadType ≠ expected → keylessBad PAYLOAD_TYPE + keylessMissing; other bytes → PAYLOAD_MISMATCH; no dsseEnvelope → NOT_DSSE", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const bundle = makeBundle();
    const root = await rootWith();
    const wrongType = keylessEntry(canonicalBytes(bundle.manifest), "text/plain");
    const otherBytes = keylessEntry(canonicalBytes({ other: true }), UNBOUND);
    const r = await check(withKeyless(bundle, [wrongType, otherBytes]), policy(), root);
    expect(summary(r)).toEqual([
      { id: "signature.keylessBad", facts: { index: 0, reason: "PAYLOAD_TYPE" } },
      { id: "signature.keylessBad", facts: { index: 1, reason: "PAYLOAD_MISMATCH" } },
      { id: "signature.keylessMissing", facts: { issuer: ISSUER, subjectRegex: SUBJECT } },
    ]);
    // NOT_DSSE is only reachable past the bundle schema (which requires dsseEnvelope): a loose bundle.
    const loose = { ...bundle, keylessSignatures: [{ mediaType: "x" }] } as unknown as ManifestBundle;
    const { verifyKeylessEntries } = await import("../src/keyless");
    const out = await verifyKeylessEntries(
      loose,
      { version: 1, keys: [] },
      { issuer: ISSUER, subjectRegex: SUBJECT, offline: false },
    );
    expect(out).toEqual({
      kind: "done",
      identities: [],
      findings: [{ id: "signature.keylessBad", message: expect.any(String), facts: { index: 0, reason: "NOT_DSSE" } }],
    });
    const malformed = await verifyKeylessEntries(
      { ...bundle, keylessSignatures: [1] } as unknown as ManifestBundle,
      { version: 1, keys: [] },
      { issuer: ISSUER, subjectRegex: SUBJECT, offline: false },
    );
    expect(malformed).toMatchObject({ findings: [{ facts: { reason: "MALFORMED" } }] });
  });

  it("no keylessSignatures → signature.keylessMissing {issuer, subjectRegex}; the module is not loaded", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const r = await check(makeBundle(), policy(), await rootWith());
    expect(summary(r)).toEqual([{ id: "signature.keylessMissing", facts: { issuer: ISSUER, subjectRegex: SUBJECT } }]);
    expect(sigstoreLoadAttempts()).toBe(0);
  });

  it("store rootId and an unbound keyless entry → PAYLOAD_TYPE failure + keylessMissing; a bound entry for the rootId passes", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const bundle = makeBundle();
    const root = await rootWith({ version: 1, keys: [], rootId: "acme" });
    const r = await check(withKeyless(bundle, [unboundEntry(bundle)]), policy(), root);
    expect(summary(r).map((f) => [f.id, f.facts.reason])).toEqual([
      ["signature.keylessBad", "PAYLOAD_TYPE"],
      ["signature.keylessMissing", undefined],
    ]);
    const bound = keylessEntry(canonicalBytes({ manifest: bundle.manifest, rootId: "acme" }), BOUND);
    expect((await check(withKeyless(bundle, [bound]), policy(), root)).verdict).toBe("pass");
  });

  it("trust file missing, valid keyless entry → pass (empty key set, no ERR_NOT_FOUND)", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const bundle = makeBundle();
    const r = await check(withKeyless(bundle, [unboundEntry(bundle)]), policy(), await rootWith());
    expect(r.verdict).toBe("pass");
    expect(r.findings).toEqual([]);
  });

  it("offline: true → fake verify received tufForceCache: true (and certificateIssuer)", async () => {
    const fake = fakeModule();
    setSigstoreModuleForTests(fake.mod);
    const bundle = makeBundle();
    await check(withKeyless(bundle, [unboundEntry(bundle)]), policy({ offline: true }), await rootWith());
    expect(fake.calls[0]?.options).toMatchObject({ certificateIssuer: ISSUER, tufForceCache: true });
    await check(withKeyless(bundle, [unboundEntry(bundle)]), policy(), await rootWith());
    expect(fake.calls[1]?.options).toMatchObject({ tufForceCache: false });
  });

  it("module missing (seam simulates module-not-found) → provider MODULE_MISSING; module without verify → MODULE_SHAPE; other import error → MODULE_LOAD_FAILED", async () => {
    const bundle = makeBundle();
    const b = withKeyless(bundle, [unboundEntry(bundle)]);
    const root = await rootWith();
    setSigstoreModuleForTests(
      Object.assign(new Error("Cannot find package 'sigstore'"), { code: "ERR_MODULE_NOT_FOUND" }),
    );
    expect((await check(b, policy(), root)).findings[0]?.facts).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      reason: "MODULE_MISSING",
    });
    setSigstoreModuleForTests({ attest: async () => ({}) });
    expect((await check(b, policy(), root)).findings[0]?.facts).toMatchObject({ reason: "MODULE_SHAPE" });
    setSigstoreModuleForTests({ default: fakeModule().mod });
    expect((await check(b, policy(), root)).verdict).toBe("pass");
    setSigstoreModuleForTests(new SyntaxError("boom"));
    expect((await check(b, policy(), root)).findings[0]?.facts).toMatchObject({ reason: "MODULE_LOAD_FAILED" });
  });

  it("a check without a keyless policy never loads the module", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const k = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(k.privateKey, bundle.manifest)];
    const b = withKeyless(bundle, [unboundEntry(bundle)]);
    expect((await check(b, {}, await rootWith(storeOf([trustedKey(k)])))).verdict).toBe("pass");
    expect(sigstoreLoadAttempts()).toBe(0);
  });
});

describe("keyless signer (§4.1, §4.2)", () => {
  it("no token env and no option → NO_OIDC, module never loaded", async () => {
    setSigstoreModuleForTests(fakeModule().mod);
    const out = await signKeyless(makeBundle().manifest, { env: {} });
    expect(out).toMatchObject({ kind: "unavailable", reason: "NO_OIDC" });
    expect(sigstoreLoadAttempts()).toBe(0);
  });

  it("injected module + identityToken → attest received JCS(manifest) and the unbound type; endpoints passed through", async () => {
    const fake = fakeModule();
    setSigstoreModuleForTests(fake.mod);
    const m = makeBundle().manifest;
    const out = await signKeyless(m, {
      identityToken: "tok",
      fulcioURL: "http://127.0.0.1:1/fulcio",
      rekorURL: "http://127.0.0.1:1/rekor",
      timeout: 1000,
      env: {},
    });
    expect(out.kind).toBe("signed");
    expect(fake.attests[0]?.payloadType).toBe(UNBOUND);
    expect(Buffer.from(fake.attests[0]?.payload).equals(Buffer.from(canonicalBytes(m)))).toBe(true);
    expect(fake.attests[0]?.options).toEqual({
      identityToken: "tok",
      fulcioURL: "http://127.0.0.1:1/fulcio",
      rekorURL: "http://127.0.0.1:1/rekor",
      timeout: 1000,
    });
  });

  it("token order: option, then SIGSTORE_ID_TOKEN, then the Actions pair (library fetches: no identityToken passed)", async () => {
    const fake = fakeModule();
    setSigstoreModuleForTests(fake.mod);
    const m = makeBundle().manifest;
    await signKeyless(m, { env: { SIGSTORE_ID_TOKEN: "env-tok" } });
    await signKeyless(m, {
      env: { ACTIONS_ID_TOKEN_REQUEST_URL: "http://127.0.0.1:1/", ACTIONS_ID_TOKEN_REQUEST_TOKEN: "x" },
    });
    expect(fake.attests.map((a) => a.options)).toEqual([{ identityToken: "env-tok" }, {}]);
  });

  it("rootId → bound type and JCS({manifest, rootId}); attest throws → SIGN_FAILED with details name", async () => {
    const fake = fakeModule();
    setSigstoreModuleForTests(fake.mod);
    const m = makeBundle().manifest;
    await signKeyless(m, { identityToken: "t", rootId: "X", env: {} });
    expect(fake.attests[0]?.payloadType).toBe(BOUND);
    expect(Buffer.from(fake.attests[0]?.payload).toString()).toBe(
      Buffer.from(canonicalBytes({ manifest: m, rootId: "X" })).toString(),
    );
    const failing = {
      verify: fake.mod.verify,
      attest: async () => {
        const e = new Error("fulcio down");
        e.name = "InternalError";
        throw e;
      },
    };
    setSigstoreModuleForTests(failing);
    expect(await signKeyless(m, { identityToken: "t", env: {} })).toEqual({
      kind: "unavailable",
      reason: "SIGN_FAILED",
      message: "keyless signing failed",
      name: "InternalError",
    });
  });
});

// signing.md §4.4–§4.6 with the REAL `sigstore` package (4.1.x, decision D21): entries are signed by
// `signKeyless` against the testkit's local Fulcio (test CA + CT log) and Rekor (SET + inclusion
// proof + checkpoint), and `manifest.requireSigned {keyless}` verifies them with the real
// `sigstore.verify` against a trusted root served by the local TUF mirror (or a pre-seeded cache
// for `offline`). Everything listens on 127.0.0.1; the token variables are scrubbed.
import { canonicalBytes } from "@codai/axiom-canon";
import type { CheckReport, ManifestBundle } from "@codai/axiom-schema";
import { makeTempRoot, type SigstoreMocks, startSigstoreMocks, type TempRoot } from "@codai/axiom-testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDefaultRegistry, runChecks, setSigstoreModuleForTests, signKeyless } from "../src/index";
import { makeBundle, signedProfile } from "./sig-fixtures";

const SUBJECT = "release-bot@axiom.test";
const SEAM_VARS = ["AXIOM_SIGSTORE_TUF_MIRROR_URL", "AXIOM_SIGSTORE_TUF_ROOT_PATH", "AXIOM_SIGSTORE_TUF_CACHE_PATH"];
const TOKEN_VARS = ["SIGSTORE_ID_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN"];

let mocks: SigstoreMocks;
let work: string;
let tufRoot: string;
let signed: { bundle: ManifestBundle; entry: Record<string, unknown> };
const saved: Record<string, string | undefined> = {};
// Temp dirs live across the suite (the TUF root is made in beforeAll), so they go in afterAll.
const temps: TempRoot[] = [];

async function tmp(prefix: string): Promise<string> {
  const t = await makeTempRoot(prefix);
  temps.push(t);
  return t.root;
}

/** Signs `bundle.manifest` with the real sigstore against the mocks and attaches the entry. */
async function signWithMocks(bundle: ManifestBundle, m: SigstoreMocks = mocks): Promise<Record<string, unknown>> {
  const out = await signKeyless(bundle.manifest, {
    identityToken: m.mintToken({ email: SUBJECT, email_verified: true }),
    fulcioURL: m.fulcioURL,
    rekorURL: m.rekorURL,
    env: {},
  });
  if (out.kind !== "signed") throw new Error(`keyless signing failed: ${JSON.stringify(out)}`);
  return out.entry as Record<string, unknown>;
}

const withEntries = (b: ManifestBundle, entries: unknown[]): ManifestBundle => ({
  ...b,
  keylessSignatures: entries as ManifestBundle["keylessSignatures"],
});

const profile = (params: unknown) => signedProfile(params, { name: "keyless" });

const policy = (extra: Record<string, unknown> = {}) => ({
  keyless: { issuer: mocks.issuer, subjectRegex: "release-bot@axiom\\.test", ...extra },
});

async function check(bundle: ManifestBundle, params: unknown): Promise<CheckReport> {
  const root = await tmp("axiom-klr-root-");
  return runChecks({ bundle, profile: profile(params), root, registry: createDefaultRegistry() });
}

const ids = (r: CheckReport) => r.findings.map((f) => [f.id, f.facts?.reason]);

beforeAll(async () => {
  for (const k of [...TOKEN_VARS, ...SEAM_VARS]) {
    saved[k] = process.env[k];
    delete process.env[k];
  }
  setSigstoreModuleForTests(undefined); // the real package, not a fake
  mocks = await startSigstoreMocks();
  work = await tmp("axiom-klr-");
  tufRoot = await mocks.writeTufRoot(work);
  const bundle = makeBundle({ text: "keyless\n" });
  signed = { bundle, entry: await signWithMocks(bundle) };
});

afterAll(async () => {
  await mocks.close();
  for (const k of [...TOKEN_VARS, ...SEAM_VARS]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  for (const t of temps.splice(0)) await t.cleanup();
});

beforeEach(async () => {
  // SIGN-3 seam: the predicate reads the TUF options from the environment; a fresh cache per test.
  process.env.AXIOM_SIGSTORE_TUF_MIRROR_URL = mocks.tufMirrorURL;
  process.env.AXIOM_SIGSTORE_TUF_ROOT_PATH = tufRoot;
  process.env.AXIOM_SIGSTORE_TUF_CACHE_PATH = await tmp("axiom-klr-cache-");
  mocks.tufOnline = true;
});
afterEach(() => {
  for (const k of SEAM_VARS) delete process.env[k];
});

describe("real sigstore: the signed entry (§4.1 call, §4.3 shape)", () => {
  it("attest against the local Fulcio/Rekor → v0.3 DSSE bundle over JCS(manifest): certificate, tlog entry with SET, inclusion proof and checkpoint", () => {
    const e = signed.entry as {
      mediaType: string;
      dsseEnvelope: { payload: string; payloadType: string; signatures: { sig: string }[] };
      verificationMaterial: { certificate?: { rawBytes: string }; tlogEntries: Record<string, unknown>[] };
    };
    expect(e.mediaType).toBe("application/vnd.dev.sigstore.bundle.v0.3+json");
    expect(e.dsseEnvelope.payloadType).toBe("application/vnd.axiom.manifest+json");
    expect(
      Buffer.from(e.dsseEnvelope.payload, "base64").equals(Buffer.from(canonicalBytes(signed.bundle.manifest))),
    ).toBe(true);
    expect(e.verificationMaterial.certificate?.rawBytes).toEqual(expect.any(String));
    const tlog = e.verificationMaterial.tlogEntries[0] as {
      kindVersion: unknown;
      inclusionPromise?: unknown;
      inclusionProof?: { checkpoint?: { envelope?: string } };
    };
    expect(tlog.kindVersion).toEqual({ kind: "dsse", version: "0.0.1" });
    expect(tlog.inclusionPromise).toBeDefined();
    expect(tlog.inclusionProof?.checkpoint?.envelope).toContain("\n\n\u2014 127.0.0.1:");
    expect(mocks.hits.fulcio).toBeGreaterThanOrEqual(1);
    expect(mocks.hits.rekor).toBeGreaterThanOrEqual(1);
  });
});

describe("real sigstore: manifest.requireSigned {keyless} (§4.5)", () => {
  it("matching issuer and subject → pass; the trusted root came from the local TUF mirror", async () => {
    const before = mocks.hits.tuf;
    const r = await check(withEntries(signed.bundle, [signed.entry]), policy());
    expect(r.findings).toEqual([]);
    expect(r.verdict).toBe("pass");
    expect(mocks.hits.tuf).toBeGreaterThan(before);
    expect(mocks.requests).toContain("GET /tuf/targets/trusted_root.json");
  });

  it("issuer mismatch → signature.keylessIssuer ISSUER_MISMATCH (sigstore's PolicyError)", async () => {
    const r = await check(withEntries(signed.bundle, [signed.entry]), policy({ issuer: "https://other.axiom.test" }));
    expect(r.verdict).toBe("fail");
    expect(r.findings.find((f) => f.id === "signature.keylessIssuer")?.facts).toEqual({
      index: 0,
      reason: "ISSUER_MISMATCH",
    });
  });

  it("subject regex mismatch (anchored) → signature.keylessSubject SUBJECT_MISMATCH with the certificate's SAN", async () => {
    const r = await check(withEntries(signed.bundle, [signed.entry]), policy({ subjectRegex: "release-bot" }));
    expect(r.verdict).toBe("fail");
    expect(r.findings.find((f) => f.id === "signature.keylessSubject")?.facts).toEqual({
      index: 0,
      reason: "SUBJECT_MISMATCH",
      issuer: mocks.issuer,
      subject: SUBJECT,
    });
  });

  it("tampered payload (another manifest, payload swapped to its JCS) → signature.keylessBad BAD_SIGNATURE", async () => {
    const other = makeBundle({ text: "other\n" });
    const entry = structuredClone(signed.entry) as { dsseEnvelope: { payload: string } };
    entry.dsseEnvelope.payload = Buffer.from(canonicalBytes(other.manifest)).toString("base64");
    const r = await check(withEntries(other, [entry]), policy());
    expect(ids(r)).toContainEqual(["signature.keylessBad", "BAD_SIGNATURE"]);
    expect(r.verdict).toBe("fail");
  });

  it("tampered bundle: DSSE signature, checkpoint, or a certificate from an untrusted CA → signature.keylessBad BAD_SIGNATURE", async () => {
    const sig = structuredClone(signed.entry) as { dsseEnvelope: { signatures: [{ sig: string }] } };
    const raw = Buffer.from(sig.dsseEnvelope.signatures[0].sig, "base64");
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 0x01;
    sig.dsseEnvelope.signatures[0].sig = raw.toString("base64");

    const cp = structuredClone(signed.entry) as {
      verificationMaterial: { tlogEntries: [{ inclusionProof: { checkpoint: { envelope: string } } }] };
    };
    const proof = cp.verificationMaterial.tlogEntries[0].inclusionProof;
    proof.checkpoint.envelope = proof.checkpoint.envelope.replace(/\n(\d+)\n/, (_m, n) => `\n${Number(n) + 1}\n`);

    const foreign = await startSigstoreMocks();
    let stranger: Record<string, unknown>;
    try {
      stranger = await signWithMocks(signed.bundle, foreign);
    } finally {
      await foreign.close();
    }
    for (const entry of [sig, cp, stranger]) {
      const r = await check(withEntries(signed.bundle, [entry]), policy());
      expect(ids(r)).toEqual([
        ["signature.keylessBad", "BAD_SIGNATURE"],
        ["signature.keylessMissing", undefined],
      ]);
    }
  });

  it("offline: true with a pre-seeded TUF cache → pass without any request to the mirror", async () => {
    const cache = process.env.AXIOM_SIGSTORE_TUF_CACHE_PATH as string;
    await mocks.seedTufCache(cache);
    const before = mocks.hits.tuf;
    const r = await check(withEntries(signed.bundle, [signed.entry]), policy({ offline: true }));
    expect(r.verdict).toBe("pass");
    expect(mocks.hits.tuf).toBe(before);
  });

  it("offline: true, trusted root unavailable (empty cache / expired cache, mirror down) → provider ERR_KEYLESS_UNAVAILABLE TRUSTED_ROOT, verdict error", async () => {
    mocks.tufOnline = false;
    const tufBefore = mocks.hits.tuf;
    const empty = await check(withEntries(signed.bundle, [signed.entry]), policy({ offline: true }));
    // SIGN-3a: sigstore-js's forceCache falls back to the mirror when the cache is unusable.
    expect(mocks.hits.tuf).toBeGreaterThan(tufBefore);
    expect(empty.verdict).toBe("error");
    expect(empty.findings).toHaveLength(1);
    expect(empty.findings[0]?.facts).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      index: 0,
      reason: "TRUSTED_ROOT",
    });
    const expiredCache = await tmp("axiom-klr-expired-");
    await mocks.seedTufCache(expiredCache, mocks.expiredTufRepo());
    process.env.AXIOM_SIGSTORE_TUF_CACHE_PATH = expiredCache;
    const expired = await check(withEntries(signed.bundle, [signed.entry]), policy({ offline: true }));
    expect(expired.verdict).toBe("error");
    expect(expired.findings[0]?.facts).toMatchObject({ code: "ERR_KEYLESS_UNAVAILABLE", reason: "TRUSTED_ROOT" });
    // Every request any of this made went to the local mocks (nothing else is reachable by URL).
    expect(mocks.hits.other).toBe(0);
  });
});

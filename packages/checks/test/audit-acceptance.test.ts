// Audit of checks.md "Acceptance tests this chapter implies": the lines that had no test asserting
// them. Real runner, real registry, real temp roots, real module loader (no seam) for line 55.
import { canonicalBytes } from "@codai/axiom-canon";
import type { CheckReport, ManifestBundle } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { createDefaultRegistry, runChecks, setSigstoreModuleForTests, sigstoreLoadAttempts } from "../src/index";
import { rootWithKeys } from "./helpers";
import { makeBundle, signedProfile } from "./sig-fixtures";

afterEach(async () => {
  setSigstoreModuleForTests(undefined);
});

/** A temp root whose trust store holds `keysJson` (raw text), if given. */
const rootWith = (keysJson?: string): Promise<string> => rootWithKeys(keysJson);

const profile = (params: unknown) => signedProfile(params);

const check = (bundle: ManifestBundle, params: unknown, root: string): Promise<CheckReport> =>
  runChecks({ bundle, profile: profile(params), root, registry: createDefaultRegistry() });

describe("checks.md acceptance (audit)", () => {
  it("45. requireSigned, trust file `{` → ERR_PROVIDER_FAILED with facts.trustFile", async () => {
    const root = await rootWith("{");
    const report = await check(makeBundle(), {}, root);
    expect(report.verdict).toBe("error");
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ id: "signed", predicate: "manifest.requireSigned", severity: "error" });
    expect(report.findings[0]?.facts).toMatchObject({
      code: "ERR_PROVIDER_FAILED",
      __provider: true,
      trustFile: ".axiom/trust/keys.json",
    });
  });

  it("55. Keyless with `sigstore` not installed (loader sees module-not-found) → provider failure ERR_KEYLESS_UNAVAILABLE, verdict error", async () => {
    // sigstore 4.1 is a root devDependency (SHIP-6): the real import would succeed and reach for the
    // public TUF mirror, so the seam raises the import's module-not-found error. The same line runs
    // for real in packages/mcp/test/keyless-real.test.ts (a dist copy with no node_modules above it).
    setSigstoreModuleForTests(
      Object.assign(new Error("Cannot find package 'sigstore'"), { code: "ERR_MODULE_NOT_FOUND" }),
    );
    const root = await rootWith();
    const bundle = makeBundle();
    const entry = {
      mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
      verificationMaterial: { certificate: { rawBytes: "AAAA" }, tlogEntries: [] },
      dsseEnvelope: {
        payload: Buffer.from(canonicalBytes(bundle.manifest)).toString("base64"),
        payloadType: "application/vnd.axiom.manifest+json",
        signatures: [{ sig: "AAAA", keyid: "" }],
      },
    };
    const b = { ...bundle, keylessSignatures: [entry] as unknown as ManifestBundle["keylessSignatures"] };
    const before = sigstoreLoadAttempts();
    const report = await check(
      b,
      {
        keyless: {
          issuer: "https://token.actions.githubusercontent.com",
          subjectRegex: "repo:a/b:ref:refs/heads/main",
        },
      },
      root,
    );
    expect(sigstoreLoadAttempts()).toBeGreaterThan(before);
    expect(report.verdict).toBe("error");
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.severity).toBe("error");
    expect(report.findings[0]?.facts).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      __provider: true,
      reason: "MODULE_MISSING",
    });
  });
});

// signing.md §4.1 / §4.5 / §4.6 (decision D21) over the real CLI and the REAL `sigstore` package
// (4.1.x): `axiom sign --keyless` child processes get a test ID token and the testkit's local Fulcio
// / Rekor through the SIGN-3 variables; `axiom check` / `axiom apply` verify the result with the real
// `sigstore.verify` against the test trusted root served by the local TUF mirror. Child envs are
// scrubbed (only the injected token variables); every mock listens on 127.0.0.1 and counts its hits.
import { X509Certificate } from "node:crypto";
import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { canonicalBytes } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { type SigstoreMocks, startSigstoreMocks } from "@codai/axiom-testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";
import { distCopy } from "./dist-copy";
import { makeBundle } from "./sign-helpers";

const UNBOUND = "application/vnd.axiom.manifest+json";
const BOUND = "application/vnd.axiom.manifest-bound+json";
const SUBJECT = "release-bot@axiom.test";

let mocks: SigstoreMocks;
let tufRootFile: string;
let shared: TempDir;
let temps: TempDir[] = [];

beforeAll(async () => {
  mocks = await startSigstoreMocks();
  shared = await tempDir("axiom-klr-shared-");
  tufRootFile = await mocks.writeTufRoot(shared.dir);
});
afterAll(async () => {
  await mocks.close();
  await shared.cleanup();
});
afterEach(async () => {
  await Promise.all(temps.map((t) => t.cleanup()));
  temps = [];
});

async function dir(prefix: string): Promise<string> {
  const t = await tempDir(prefix);
  temps.push(t);
  return realpath(t.dir);
}

/** SIGN-3 signing endpoints at the mocks + the injected token (the only token variable the child sees). */
const signEnv = (extra: Record<string, string>) => ({
  AXIOM_SIGSTORE_FULCIO_URL: mocks.fulcioURL,
  AXIOM_SIGSTORE_REKOR_URL: mocks.rekorURL,
  ...extra,
});

/** SIGN-3 verification: the trusted root from the local TUF mirror, a per-test cache. */
async function verifyEnv(): Promise<Record<string, string>> {
  return {
    AXIOM_SIGSTORE_TUF_MIRROR_URL: mocks.tufMirrorURL,
    AXIOM_SIGSTORE_TUF_ROOT_PATH: tufRootFile,
    AXIOM_SIGSTORE_TUF_CACHE_PATH: await dir("axiom-klr-cache-"),
  };
}

const emailToken = () => mocks.mintToken({ email: SUBJECT, email_verified: true });

async function writeBundle(cwd: string, bundle: ManifestBundle, name = "b.json"): Promise<string> {
  const file = join(cwd, name);
  await writeFile(file, `${JSON.stringify(bundle, null, 2)}\n`);
  return file;
}

/** A root whose profile `keyless` requires a keyless signature from the test issuer for SUBJECT. */
async function keylessRoot(policy: Record<string, unknown> = {}, rootId?: string): Promise<string> {
  const root = await dir("axiom-klr-root-");
  await mkdir(join(root, ".axiom", "profiles"), { recursive: true });
  const keyless = { issuer: mocks.issuer, subjectRegex: "release-bot@axiom\\.test", ...policy };
  await writeFile(
    join(root, ".axiom", "profiles", "keyless.json"),
    JSON.stringify({
      apiVersion: "axiom.dev/v2",
      kind: "Profile",
      name: "keyless",
      checks: [{ id: "signed", predicate: "manifest.requireSigned", params: { keyless } }],
    }),
  );
  if (rootId !== undefined) {
    // What `axiom trust root-id <id>` writes (signing.md §3.3), without another child process.
    await mkdir(join(root, ".axiom", "trust"), { recursive: true });
    await writeFile(join(root, ".axiom", "trust", "keys.json"), JSON.stringify({ version: 1, keys: [], rootId }));
  }
  return root;
}

/** One unbound keyless signature made by the real CLI, shared by the tests below. */
let unbound: {
  cwd: string;
  file: string;
  bundle: ManifestBundle;
  token: string;
  run: Awaited<ReturnType<typeof runCli>>;
};
let hitsBefore: SigstoreMocks["hits"];

beforeAll(async () => {
  const cwd = await realpath(shared.dir);
  const bundle = makeBundle({ text: "keyless\n" });
  const file = await writeBundle(cwd, bundle);
  const token = emailToken();
  hitsBefore = { ...mocks.hits };
  const run = await runCli(["sign", "b.json", "--keyless"], { cwd, env: signEnv({ SIGSTORE_ID_TOKEN: token }) });
  unbound = { cwd, file, bundle, token, run };
});

describe("axiom sign --keyless with the real sigstore package and local mocks", () => {
  it("SIGSTORE_ID_TOKEN (test JWT) → Fulcio + Rekor mocks hit once, v0.3 DSSE entry over JCS(manifest) appended; the token is never printed", async () => {
    const { run, bundle, file, token } = unbound;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      manifestDigest: bundle.manifestDigest,
      keyless: true,
      keylessSignatures: 1,
      out: file,
    });
    expect(run.stdout + run.stderr).not.toContain(token);
    expect(mocks.hits.fulcio).toBeGreaterThanOrEqual(hitsBefore.fulcio + 1);
    expect(mocks.hits.rekor).toBeGreaterThanOrEqual(hitsBefore.rekor + 1);
    const entry = JSON.parse(await readFile(file, "utf8")).keylessSignatures[0];
    expect(entry.mediaType).toBe("application/vnd.dev.sigstore.bundle.v0.3+json");
    expect(entry.dsseEnvelope.payloadType).toBe(UNBOUND);
    expect(Buffer.from(entry.dsseEnvelope.payload, "base64").equals(Buffer.from(canonicalBytes(bundle.manifest)))).toBe(
      true,
    );
    expect(entry.verificationMaterial.tlogEntries[0].inclusionProof.checkpoint.envelope).toContain("\u2014 127.0.0.1:");
    const cert = new X509Certificate(Buffer.from(entry.verificationMaterial.certificate.rawBytes, "base64"));
    expect(cert.subjectAltName).toBe(`email:${SUBJECT}`);
  });

  it("an ID token the CA refuses (expired) → stdout ERR_KEYLESS_UNAVAILABLE SIGN_FAILED, exit 1, bundle untouched", async () => {
    const cwd = await dir("axiom-klr-bad-");
    const file = await writeBundle(cwd, makeBundle());
    const original = await readFile(file, "utf8");
    const before = mocks.hits.fulcio;
    const expired = mocks.mintToken({ email: SUBJECT, email_verified: true, expiresIn: -60 });
    const run = await runCli(["sign", "b.json", "--keyless"], { cwd, env: signEnv({ SIGSTORE_ID_TOKEN: expired }) });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      details: { reason: "SIGN_FAILED" },
    });
    expect(mocks.hits.fulcio).toBeGreaterThan(before);
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("GitHub Actions token variables (no SIGSTORE_ID_TOKEN) → the library fetches the token from the local Actions endpoint; the certificate's SAN is the URI subject", async () => {
    const cwd = await dir("axiom-klr-gha-");
    const file = await writeBundle(cwd, makeBundle());
    const before = mocks.hits.actions;
    const sub = "https://github.com/acme/app/.github/workflows/release.yml@refs/heads/main";
    mocks.actionsClaims = { sub };
    const run = await runCli(["sign", "b.json", "--keyless"], {
      cwd,
      env: signEnv({
        ACTIONS_ID_TOKEN_REQUEST_URL: mocks.actionsTokenURL,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: mocks.actionsRequestToken,
      }),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(mocks.hits.actions).toBe(before + 1);
    expect(run.stdout + run.stderr).not.toContain(mocks.actionsRequestToken);
    const entry = JSON.parse(await readFile(file, "utf8")).keylessSignatures[0];
    const cert = new X509Certificate(Buffer.from(entry.verificationMaterial.certificate.rawBytes, "base64"));
    expect(cert.subjectAltName).toBe(`URI:${sub}`);
  });

  it("on a terminal: SIGNED … keyless in words, where the bundle went and how to verify it; the token is never shown", async () => {
    const cwd = await dir("axiom-klr-tty-");
    const bundle = makeBundle({ text: "keyless tty\n" });
    await writeBundle(cwd, bundle);
    const token = emailToken();
    const tty = await runCliTty(["sign", "b.json", "--keyless", "-o", "signed.json"], {
      cwd,
      env: { ...signEnv({ SIGSTORE_ID_TOKEN: token }), NO_COLOR: "1" },
    });
    expect(tty.code, tty.output).toBe(0);
    expect(tty.output).toBe(
      [
        `SIGNED ${bundle.manifestDigest} keyless (1 keyless signature on the bundle)`,
        `  wrote ${join(cwd, "signed.json")}`,
        "next:",
        "  axiom verify signed.json --root <repo>",
        "  (checks the signatures against the repo's trusted keys: axiom trust list --root <repo>)",
        "",
      ].join("\n"),
    );
    expect(tty.output).not.toContain(token);
  });
});

describe("keyless policy of manifest.requireSigned over the CLI (real sigstore.verify)", () => {
  it("`axiom apply` with a profile requiring a keyless signature: the signed bundle → applied (trusted root fetched from the local TUF mirror); an unsigned one → refused with signature.keylessMissing", async () => {
    const { file, bundle } = unbound;
    const root = await keylessRoot();
    const tufBefore = mocks.hits.tuf;
    const run = await runCli(
      ["apply", file, "--root", root, "--profile", "keyless", "--confirm", bundle.manifestDigest],
      {
        env: await verifyEnv(),
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "applied" });
    expect(await readFile(join(root, "a.txt"), "utf8")).toBe("keyless\n");
    expect(mocks.hits.tuf).toBeGreaterThan(tufBefore);
    expect(mocks.requests).toContain("GET /tuf/targets/trusted_root.json");

    const other = await keylessRoot();
    const plain = makeBundle({ text: "unsigned\n" });
    const plainFile = await writeBundle(await dir("axiom-klr-plain-"), plain);
    const refused = await runCli(
      ["apply", plainFile, "--root", other, "--profile", "keyless", "--confirm", plain.manifestDigest],
      { env: await verifyEnv() },
    );
    expect(refused.code).toBe(1);
    const result = JSON.parse(refused.stdout);
    expect(result).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    expect(result.error.details.findings).toEqual(["signature.keylessMissing"]);
    await expect(readFile(join(other, "a.txt"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("`sign --keyless --root-id acme` → bound payload type; `axiom check` against a store with rootId acme → PASS", async () => {
    const cwd = await dir("axiom-klr-bound-");
    const file = await writeBundle(cwd, makeBundle({ text: "bound\n" }));
    const run = await runCli(["sign", "b.json", "--keyless", "--root-id", "acme"], {
      cwd,
      env: signEnv({ SIGSTORE_ID_TOKEN: emailToken() }),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rootId: "acme", bound: true, keylessSignatures: 1 });
    const signed = JSON.parse(await readFile(file, "utf8"));
    expect(signed.keylessSignatures[0].dsseEnvelope.payloadType).toBe(BOUND);
    const check = await runCli(["check", file, "--root", await keylessRoot({}, "acme"), "--profile", "keyless"], {
      env: await verifyEnv(),
    });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    // Piped, check prints its CheckReport (CLI-O1).
    expect(JSON.parse(check.stdout)).toMatchObject({ kind: "CheckReport", verdict: "pass" });
  });

  it("offline policy, empty TUF cache and the mirror down → ERR_KEYLESS_UNAVAILABLE TRUSTED_ROOT (verdict error); only the local mocks were ever contacted", async () => {
    mocks.tufOnline = false;
    try {
      const root = await keylessRoot({ offline: true });
      const run = await runCli(["check", unbound.file, "--root", root, "--profile", "keyless", "--json"], {
        env: await verifyEnv(),
      });
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout);
      expect(report.verdict).toBe("error");
      expect(report.findings).toHaveLength(1);
      expect(report.findings[0].facts).toMatchObject({ code: "ERR_KEYLESS_UNAVAILABLE", reason: "TRUSTED_ROOT" });
    } finally {
      mocks.tufOnline = true;
    }
    expect(mocks.hits.other).toBe(0);
    expect(mocks.requests.every((r) => /^(GET|POST) \/(api|tuf|actions)\//.test(r))).toBe(true);
  });

  it('checks.md acceptance 55 "Keyless with `sigstore` not installed → provider failure ERR_KEYLESS_UNAVAILABLE, verdict error" (a dist copy whose node_modules holds only zod)', async () => {
    const copy = await distCopy();
    temps.push(copy);
    const root = await keylessRoot();
    const run = await runCli(["check", unbound.file, "--root", root, "--profile", "keyless", "--json"], {
      entry: copy.cli,
      env: await verifyEnv(),
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.verdict).toBe("error");
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0].facts).toMatchObject({ code: "ERR_KEYLESS_UNAVAILABLE", reason: "MODULE_MISSING" });
  });
});

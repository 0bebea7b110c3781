// signing.md §4.1, §4.2, §4.6: `axiom sign --keyless` with the sigstore module injected through the
// loader seam (offline; no token variables, no network). runKeyless runs in-process so the seam
// reaches it; stdout is captured from the one CLI writer.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { canonicalBytes } from "@codai/axiom-canon";
import { setSigstoreModuleForTests, sigstoreLoadAttempts } from "@codai/axiom-checks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runKeyless, setKeylessSignOptionsForTests } from "../src/cli/sign-keyless";
import { runCli } from "./cli-run";
import { makeBundle, tempDir, writeJson } from "./sign-helpers";

const UNBOUND = "application/vnd.axiom.manifest+json";
const BOUND = "application/vnd.axiom.manifest-bound+json";
const TOKEN_VARS = ["SIGSTORE_ID_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN"];
const saved: Record<string, string | undefined> = {};
let cleanups: (() => Promise<void>)[] = [];
let out = "";

beforeEach(() => {
  for (const k of TOKEN_VARS) {
    saved[k] = process.env[k];
    delete process.env[k];
  }
  out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  setSigstoreModuleForTests(undefined);
  setKeylessSignOptionsForTests({});
  process.exitCode = 0;
  for (const k of TOKEN_VARS) if (saved[k] !== undefined) process.env[k] = saved[k];
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

function fixtureEntry(payload: Uint8Array, payloadType: string) {
  return {
    mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
    verificationMaterial: { certificate: { rawBytes: "AAAA" }, tlogEntries: [] },
    dsseEnvelope: { payload: Buffer.from(payload).toString("base64"), payloadType, signatures: [{ sig: "AAAA" }] },
  };
}

function fake(opts: { entry?: unknown; throwName?: string } = {}) {
  const attests: { payload: Buffer; payloadType: string; options: Record<string, unknown> }[] = [];
  return {
    attests,
    mod: {
      verify: async () => ({}),
      async attest(payload: Buffer, payloadType: string, options: Record<string, unknown>) {
        attests.push({ payload, payloadType, options });
        if (opts.throwName) {
          const e = new Error("nope");
          e.name = opts.throwName;
          throw e;
        }
        return opts.entry ?? fixtureEntry(payload, payloadType);
      },
    },
  };
}

async function bundleFile(): Promise<{ dir: string; file: string; text: string }> {
  const t = await tempDir("axiom-keyless-cli-");
  cleanups.push(t.cleanup);
  const file = join(t.dir, "b.json");
  await writeJson(file, makeBundle());
  return { dir: t.dir, file, text: await readFile(file, "utf8") };
}

const ctx = (dir: string, values: Record<string, string | boolean>) => ({ values, positionals: ["b.json"], cwd: dir });

describe("axiom sign --keyless with an injected sigstore module", () => {
  it("injected module + identityToken → entry appended to keylessSignatures; attest got JCS(manifest) and the unbound type", async () => {
    const f = fake();
    setSigstoreModuleForTests(f.mod);
    setKeylessSignOptionsForTests({ identityToken: "tok" });
    const { dir, file } = await bundleFile();
    await runKeyless(ctx(dir, { keyless: true }));
    const bundle = JSON.parse(await readFile(file, "utf8"));
    expect(bundle.keylessSignatures).toHaveLength(1);
    expect(f.attests[0]?.payloadType).toBe(UNBOUND);
    expect(Buffer.from(f.attests[0]?.payload).equals(Buffer.from(canonicalBytes(bundle.manifest)))).toBe(true);
    expect(f.attests[0]?.options).toEqual({ identityToken: "tok" });
    expect(JSON.parse(out)).toEqual({
      manifestDigest: bundle.manifestDigest,
      keyless: true,
      keylessSignatures: 1,
      out: file,
    });
    expect(process.exitCode ?? 0).toBe(0);
    expect(out).not.toContain('tok"');
  });

  it("SIGSTORE_ID_TOKEN from the environment; --root-id X → bound type and JCS({manifest, rootId}); output bound: true; -o leaves the input unchanged", async () => {
    const f = fake();
    setSigstoreModuleForTests(f.mod);
    process.env.SIGSTORE_ID_TOKEN = "env-token";
    const { dir, file, text } = await bundleFile();
    await runKeyless(ctx(dir, { keyless: true, "root-id": "X", out: "signed.json" }));
    expect(await readFile(file, "utf8")).toBe(text);
    const signed = JSON.parse(await readFile(join(dir, "signed.json"), "utf8"));
    expect(f.attests[0]?.payloadType).toBe(BOUND);
    expect(Buffer.from(f.attests[0]?.payload).toString()).toBe(
      Buffer.from(canonicalBytes({ manifest: signed.manifest, rootId: "X" })).toString(),
    );
    expect(f.attests[0]?.options).toEqual({ identityToken: "env-token" });
    expect(JSON.parse(out)).toMatchObject({ rootId: "X", bound: true, keylessSignatures: 1 });
  });

  it("fake attest throws → ERR_KEYLESS_UNAVAILABLE SIGN_FAILED with details.name, exit 1, bundle unchanged", async () => {
    setSigstoreModuleForTests(fake({ throwName: "InternalError" }).mod);
    setKeylessSignOptionsForTests({ identityToken: "tok" });
    const { dir, file, text } = await bundleFile();
    await runKeyless(ctx(dir, { keyless: true }));
    expect(JSON.parse(out)).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      details: { reason: "SIGN_FAILED", name: "InternalError" },
    });
    expect(process.exitCode).toBe(1);
    expect(await readFile(file, "utf8")).toBe(text);
  });

  it("module missing (seam simulates module-not-found) → MODULE_MISSING; module without verify → MODULE_SHAPE", async () => {
    setKeylessSignOptionsForTests({ identityToken: "tok" });
    const { dir } = await bundleFile();
    setSigstoreModuleForTests(Object.assign(new Error("missing"), { code: "ERR_MODULE_NOT_FOUND" }));
    await runKeyless(ctx(dir, { keyless: true }));
    expect(JSON.parse(out).details).toEqual({ reason: "MODULE_MISSING" });
    out = "";
    setSigstoreModuleForTests({ attest: async () => ({}) });
    await runKeyless(ctx(dir, { keyless: true }));
    expect(JSON.parse(out).details).toEqual({ reason: "MODULE_SHAPE" });
  });

  it("returned entry that does not fit §4.3 → ERR_INVALID_MANIFEST, bundle unchanged", async () => {
    setSigstoreModuleForTests(fake({ entry: { mediaType: "x" } }).mod);
    setKeylessSignOptionsForTests({ identityToken: "tok" });
    const { dir, file, text } = await bundleFile();
    await expect(runKeyless(ctx(dir, { keyless: true }))).rejects.toMatchObject({ code: "ERR_INVALID_MANIFEST" });
    expect(await readFile(file, "utf8")).toBe(text);
  });

  it("no token → NO_OIDC and the sigstore module is never loaded", async () => {
    setSigstoreModuleForTests(fake().mod);
    const { dir } = await bundleFile();
    await runKeyless(ctx(dir, { keyless: true }));
    expect(JSON.parse(out).details).toEqual({ reason: "NO_OIDC" });
    expect(sigstoreLoadAttempts()).toBe(0);
  });

  it("the test environment carries no Sigstore/Actions token variables", () => {
    for (const k of TOKEN_VARS) expect(process.env[k]).toBeUndefined();
  });
});

describe("verbs other than sign --keyless ignore keyless (real CLI)", () => {
  it("verify with a Sigstore token in the environment → plain result, no keyless output", async () => {
    vi.restoreAllMocks();
    // The in-process sigstoreLoadAttempts() assertions above prove that the predicate and signer
    // paths load the module only for a keyless policy / `sign --keyless`; this checks the real verb.
    const t = await tempDir("axiom-keyless-real-");
    cleanups.push(t.cleanup);
    await writeJson(join(t.dir, "b.json"), makeBundle());
    const env = { SIGSTORE_ID_TOKEN: "x" };
    const verify = await runCli(["verify", "b.json"], { cwd: t.dir, env });
    expect(verify.code).toBe(0);
    expect(verify.stdout).not.toContain("KEYLESS");
  });
});

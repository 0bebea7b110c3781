// signing.md §3.2 / cli.md §7.16: `axiom sign` (Ed25519 form) and the verify-surface signature block.
import { generateKeyPairSync } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  canonicalDigestRef,
  canonicalize,
  generateEd25519,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  pkcs8Der,
  sha256Hex,
} from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { verifyRootSignatures } from "@codai/axiom-workflow";
import { afterEach, describe, expect, it } from "vitest";
import { errorLine, runCli as runCliAt } from "./cli-run";
import { distCopy } from "./dist-copy";
import { makeBundle, runCli, stderrError, tempDir, writeJson } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
async function dir(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

interface Key {
  keyid: string;
  file: string;
  b64: string;
}

/** keygen + trust add through the real CLI. */
async function keyInStore(root: string, trust = true): Promise<Key> {
  const kg = await runCli(["keygen", "--out", "keys"], { cwd: root });
  const out = JSON.parse(kg.stdout);
  if (trust) {
    const pub = join(root, `pub-${out.publicEntry.keyid.slice(0, 8)}.json`);
    await writeFile(pub, kg.stdout);
    const added = await runCli(["trust", "add", pub, "--root", "."], { cwd: root });
    expect(added.code).toBe(0);
  }
  return {
    keyid: out.publicEntry.keyid,
    file: out.privateKeyFile,
    b64: (await readFile(out.privateKeyFile, "utf8")).trim(),
  };
}

async function bundleFile(root: string, bundle: ManifestBundle = makeBundle(), name = "b.json"): Promise<string> {
  const file = join(root, name);
  await writeJson(file, bundle);
  return file;
}
const readBundle = async (file: string): Promise<ManifestBundle> => JSON.parse(await readFile(file, "utf8"));

describe("axiom sign (Ed25519)", () => {
  it("sign then verify with the key in the store → `signatures.ok: true`, `keyids: [keyid]`", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    const file = await bundleFile(root);
    const run = await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const signed = await readBundle(file);
    expect(JSON.parse(run.stdout)).toEqual({
      manifestDigest: signed.manifestDigest,
      keyid: key.keyid,
      signatures: 1,
      out: file,
    });
    expect(await verifyRootSignatures(signed, root)).toEqual({
      trustFile: ".axiom/trust/keys.json",
      keyids: [key.keyid],
      findings: [],
      ok: true,
    });
  });

  it("signing does not change `manifestDigest` (bundle before/after compared)", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    const before = makeBundle();
    const file = await bundleFile(root, before);
    await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    const after = await readBundle(file);
    expect(after.manifestDigest).toBe(before.manifestDigest);
    expect(canonicalDigestRef(after.manifest)).toBe(before.manifestDigest);
    const { signatures, ...rest } = after;
    expect(rest).toEqual(before);
    expect(signatures).toHaveLength(1);
  });

  it("unbound envelope payload decodes to exactly `JCS(manifest)` bytes; its sha256 = `manifestDigest`", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    const file = await bundleFile(root);
    await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    const env = (await readBundle(file)).signatures?.[0];
    expect(env?.payloadType).toBe("application/vnd.axiom.manifest+json");
    const bytes = Buffer.from(env?.payload as string, "base64");
    expect(bytes.toString("utf8")).toBe(canonicalize(makeBundle().manifest));
    expect(`sha256:${sha256Hex(bytes)}`).toBe(makeBundle().manifestDigest);
    expect(env?.signatures).toEqual([{ keyid: key.keyid, sig: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/) }]);
  });

  it("`sign` twice with the same key → one envelope for that key (replaced, appended last)", async () => {
    const root = await dir();
    const a = await keyInStore(root);
    const b = await keyInStore(root);
    const file = await bundleFile(root);
    for (const k of [a, b, a])
      expect((await runCli(["sign", "b.json", "--key-file", k.file], { cwd: root })).code).toBe(0);
    const envs = (await readBundle(file)).signatures ?? [];
    expect(envs.map((e) => e.signatures[0]?.keyid)).toEqual([b.keyid, a.keyid]);
    const last = await runCli(["sign", "b.json", "--key-file", a.file], { cwd: root });
    expect(JSON.parse(last.stdout).signatures).toBe(2);
  });

  it("`sign` with two different keys → two envelopes; both keys verify", async () => {
    const root = await dir();
    const a = await keyInStore(root);
    const b = await keyInStore(root);
    const file = await bundleFile(root);
    await runCli(["sign", "b.json", "--key-file", a.file], { cwd: root });
    await runCli(["sign", "b.json", "--key-file", b.file], { cwd: root });
    const signed = await readBundle(file);
    expect(signed.signatures).toHaveLength(2);
    expect((await verifyRootSignatures(signed, root))?.keyids).toEqual([a.keyid, b.keyid].sort());
  });

  it("`sign` without `-o` → input file overwritten with the signed bundle; with `-o` → input unchanged", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    const withO = await runCli(["sign", "b.json", "--key-file", key.file, "-o", "out.json"], { cwd: root });
    expect(withO.code).toBe(0);
    expect(JSON.parse(withO.stdout).out).toBe(join(root, "out.json"));
    expect(await readFile(file, "utf8")).toBe(original);
    const out = await readFile(join(root, "out.json"), "utf8");
    expect(out.endsWith("}\n")).toBe(true);
    expect(out).toContain('\n  "signatures": [');
    const inPlace = await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    expect(JSON.parse(inPlace.stdout).out).toBe(file);
    expect(await readFile(file, "utf8")).toBe(out);
  });

  it("`sign` with neither `--key-file` nor `AXIOM_SIGNING_KEY` → `ERR_NOT_FOUND`, exit 2, file unchanged; blank variable too", async () => {
    const root = await dir();
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    for (const env of [{}, { AXIOM_SIGNING_KEY: "  \n" }] as Record<string, string>[]) {
      const run = await runCli(["sign", "b.json"], { cwd: root, env });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(stderrError(run).code).toBe("ERR_NOT_FOUND");
    }
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("`sign --key-file missing.key` → `ERR_NOT_FOUND` (and it wins over AXIOM_SIGNING_KEY)", async () => {
    const root = await dir();
    await bundleFile(root);
    const key = await keyInStore(root, false);
    const run = await runCli(["sign", "b.json", "--key-file", "missing.key"], {
      cwd: root,
      env: { AXIOM_SIGNING_KEY: key.b64 },
    });
    expect(run.code).toBe(2);
    expect(stderrError(run)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "missing.key" } });
  });

  it("`sign` with `AXIOM_SIGNING_KEY` = base64 raw 32-byte seed / base64 PKCS#8 / PEM → all three produce a verifying envelope with the same keyid", async () => {
    const root = await dir();
    const pair = generateEd25519();
    await writeJson(join(root, "pub.json"), {
      keyid: pair.keyid,
      alg: "ed25519",
      publicKey: Buffer.from(pair.publicRaw).toString("base64"),
    });
    await runCli(["trust", "add", "pub.json", "--root", "."], { cwd: root });
    const der = Buffer.from(pkcs8Der(pair.privateKey));
    const forms = {
      seed: der.subarray(16).toString("base64"),
      pkcs8: der.toString("base64"),
      pem: pair.privateKey.export({ format: "pem", type: "pkcs8" }) as string,
    };
    for (const [name, material] of Object.entries(forms)) {
      const file = await bundleFile(root, makeBundle(), `${name}.json`);
      const run = await runCli(["sign", `${name}.json`], { cwd: root, env: { AXIOM_SIGNING_KEY: material } });
      expect(run.code, name).toBe(0);
      expect(JSON.parse(run.stdout).keyid).toBe(pair.keyid);
      const block = await verifyRootSignatures(await readBundle(file), root);
      expect(block, name).toMatchObject({ ok: true, keyids: [pair.keyid] });
    }
  });

  it("`sign` with an RSA PEM key → `ERR_SIGNATURE_INVALID`; key material not present in stderr", async () => {
    const root = await dir();
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      format: "pem",
      type: "pkcs8",
    }) as string;
    await writeFile(join(root, "rsa.pem"), pem);
    for (const run of [
      await runCli(["sign", "b.json"], { cwd: root, env: { AXIOM_SIGNING_KEY: pem } }),
      await runCli(["sign", "b.json", "--key-file", "rsa.pem"], { cwd: root }),
      await runCli(["sign", "b.json"], {
        cwd: root,
        env: { AXIOM_SIGNING_KEY: "bm90IGEga2V5IGF0IGFsbCwganVzdCB0ZXh0IQ==" },
      }),
    ]) {
      expect(run.code).toBe(2);
      expect(stderrError(run).code).toBe("ERR_SIGNATURE_INVALID");
      for (const line of pem.split("\n").filter((l) => l.length > 20 && !l.startsWith("-----"))) {
        expect(run.stderr).not.toContain(line);
      }
      expect(run.stderr).not.toContain("bm90IGEga2V5");
    }
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it('`sign --root-id "bad id"` → `ERR_INVALID_PROFILE`', async () => {
    const root = await dir();
    const key = await keyInStore(root, false);
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    const run = await runCli(["sign", "b.json", "--key-file", key.file, "--root-id", "bad id"], { cwd: root });
    expect(run.code).toBe(2);
    expect(stderrError(run)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { issues: expect.any(Array) } });
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("`sign --root-id acme` → bound envelope over JCS({manifest, rootId}); verifies against a store with `rootId: acme`", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    await runCli(["trust", "root-id", "acme", "--root", "."], { cwd: root });
    const file = await bundleFile(root);
    const run = await runCli(["sign", "b.json", "--key-file", key.file, "--root-id", "acme"], { cwd: root });
    expect(JSON.parse(run.stdout)).toEqual({
      manifestDigest: makeBundle().manifestDigest,
      keyid: key.keyid,
      signatures: 1,
      rootId: "acme",
      bound: true,
      out: file,
    });
    const signed = await readBundle(file);
    const env = signed.signatures?.[0];
    expect(env?.payloadType).toBe(MANIFEST_BOUND_PAYLOAD_TYPE);
    expect(Buffer.from(env?.payload as string, "base64").toString("utf8")).toBe(
      canonicalize({ manifest: signed.manifest, rootId: "acme" }),
    );
    expect(await verifyRootSignatures(signed, root)).toMatchObject({ ok: true, keyids: [key.keyid] });
    // re-bind the store elsewhere: the same envelope no longer counts
    await runCli(["trust", "root-id", "other", "--root", "."], { cwd: root });
    expect(await verifyRootSignatures(signed, root)).toMatchObject({ ok: false, code: "ERR_SIGNATURE_INVALID" });
  });

  it("`sign --bound` without `--keyless` → usage error, exit 2; `--root` without `--keyless` too", async () => {
    const root = await dir();
    const key = await keyInStore(root, false);
    await bundleFile(root);
    for (const extra of [["--bound"], ["--root", "."]]) {
      const run = await runCli(["sign", "b.json", "--key-file", key.file, ...extra], { cwd: root });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
  });

  it("`sign` on a bundle whose `manifestDigest` was edited → `ERR_NOT_CANONICAL`, file untouched", async () => {
    const root = await dir();
    const key = await keyInStore(root, false);
    const file = await bundleFile(root, { ...makeBundle(), manifestDigest: `sha256:${"0".repeat(64)}` });
    const original = await readFile(file, "utf8");
    const run = await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    expect(run.code).toBe(2);
    expect(stderrError(run)).toMatchObject({
      code: "ERR_NOT_CANONICAL",
      details: { declared: `sha256:${"0".repeat(64)}`, recomputed: makeBundle().manifestDigest },
    });
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("`sign` on a schema-invalid bundle → ERR_INVALID_MANIFEST; a missing bundle → ERR_NOT_FOUND; non-JSON → ERR_INVALID_MANIFEST", async () => {
    const root = await dir();
    const key = await keyInStore(root, false);
    await bundleFile(root, { ...makeBundle(), extra: 1 } as unknown as ManifestBundle);
    expect(stderrError(await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root })).code).toBe(
      "ERR_INVALID_MANIFEST",
    );
    expect(stderrError(await runCli(["sign", "nope.json", "--key-file", key.file], { cwd: root })).code).toBe(
      "ERR_NOT_FOUND",
    );
    await writeFile(join(root, "x.json"), "nope");
    expect(stderrError(await runCli(["sign", "x.json", "--key-file", key.file], { cwd: root })).code).toBe(
      "ERR_INVALID_MANIFEST",
    );
  });
});

describe("verify surface signature block with CLI-signed bundles (signing.md §6)", () => {
  it("tamper one byte of the manifest and recompute `manifestDigest` → verify `code: ERR_SIGNATURE_INVALID`, ok false", async () => {
    const root = await dir();
    const key = await keyInStore(root);
    const file = await bundleFile(root);
    await runCli(["sign", "b.json", "--key-file", key.file], { cwd: root });
    const signed = await readBundle(file);
    const tampered = makeBundle({ text: "hellp\n" });
    tampered.signatures = signed.signatures;
    const block = await verifyRootSignatures(tampered, root);
    expect(block).toMatchObject({ ok: false, code: "ERR_SIGNATURE_INVALID", keyids: [] });
    expect(block?.findings).toEqual([{ id: "signature.bad", message: expect.any(String) }]);
  });

  it("bundle with no `signatures` and a store → verify `code: ERR_SIGNATURE_MISSING`", async () => {
    const root = await dir();
    await keyInStore(root);
    expect(await verifyRootSignatures(makeBundle(), root)).toMatchObject({
      ok: false,
      code: "ERR_SIGNATURE_MISSING",
      findings: [{ id: "signature.missing", message: expect.any(String) }],
    });
  });

  it("one valid and one bad envelope → `signatures.ok: false`", async () => {
    const root = await dir();
    const trusted = await keyInStore(root);
    const stranger = await keyInStore(root, false);
    const file = await bundleFile(root);
    await runCli(["sign", "b.json", "--key-file", trusted.file], { cwd: root });
    await runCli(["sign", "b.json", "--key-file", stranger.file], { cwd: root });
    const block = await verifyRootSignatures(await readBundle(file), root);
    expect(block).toMatchObject({ ok: false, code: "ERR_SIGNATURE_INVALID", keyids: [trusted.keyid] });
    expect(block?.findings.map((f) => f.id)).toEqual(["signature.unknownKey"]);
  });
});

describe("axiom sign --keyless (first pass: flag rules and token resolution)", () => {
  const noTokens = {};
  it("keyless sign with no token env and no option → stdout `ERR_KEYLESS_UNAVAILABLE` `reason: NO_OIDC`, exit 1, bundle unchanged", async () => {
    const root = await dir();
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    const run = await runCli(["sign", "b.json", "--keyless"], { cwd: root, env: noTokens });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      code: "ERR_KEYLESS_UNAVAILABLE",
      message: expect.any(String),
      details: { reason: "NO_OIDC" },
    });
    expect(await readFile(file, "utf8")).toBe(original);
    // only one of the two Actions variables is not a token source either
    const half = await runCli(["sign", "b.json", "--keyless"], {
      cwd: root,
      env: { ACTIONS_ID_TOKEN_REQUEST_URL: "http://127.0.0.1:9" },
    });
    expect(JSON.parse(half.stdout).details.reason).toBe("NO_OIDC");
  });

  it("keyless sign with a token but no sigstore package installed → `MODULE_MISSING`, exit 1, bundle unchanged", async () => {
    // sigstore is a root devDependency now: run a copy of the built CLI whose node_modules holds
    // only zod, so the import fails for real whatever the repo has installed.
    const copy = await distCopy();
    cleanups.push(copy.cleanup);
    expect(() => createRequire(copy.cli).resolve("sigstore")).toThrow();
    const root = await dir();
    const file = await bundleFile(root);
    const original = await readFile(file, "utf8");
    const run = await runCliAt(["sign", "b.json", "--keyless"], {
      entry: copy.cli,
      cwd: root,
      env: { SIGSTORE_ID_TOKEN: "test-token-not-real" },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: "ERR_KEYLESS_UNAVAILABLE",
      details: { reason: "MODULE_MISSING" },
    });
    expect(run.stdout + run.stderr).not.toContain("test-token-not-real");
    expect(await readFile(file, "utf8")).toBe(original);
  });

  it("keyless sign with `--key-file` → usage error; `--root` without `--bound` → usage error", async () => {
    const root = await dir();
    await bundleFile(root);
    for (const extra of [
      ["--key-file", "k"],
      ["--root", "."],
    ]) {
      const run = await runCli(["sign", "b.json", "--keyless", ...extra], { cwd: root });
      expect(run.code).toBe(2);
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
  });

  it("keyless sign `--bound --root R` where the store has no rootId → usage error; with a rootId → token step (NO_OIDC)", async () => {
    const root = await dir();
    await bundleFile(root);
    await keyInStore(root);
    const run = await runCli(["sign", "b.json", "--keyless", "--bound", "--root", "."], { cwd: root });
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_USAGE");
    await runCli(["trust", "root-id", "acme", "--root", "."], { cwd: root });
    const bound = await runCli(["sign", "b.json", "--keyless", "--bound", "--root", "."], { cwd: root });
    expect(bound.code).toBe(1);
    expect(JSON.parse(bound.stdout).details.reason).toBe("NO_OIDC");
  });

  it("keyless sign checks the bundle first: edited digest → ERR_NOT_CANONICAL, exit 2", async () => {
    const root = await dir();
    await bundleFile(root, { ...makeBundle(), manifestDigest: `sha256:${"0".repeat(64)}` });
    const run = await runCli(["sign", "b.json", "--keyless"], { cwd: root });
    expect(run.code).toBe(2);
    expect(stderrError(run).code).toBe("ERR_NOT_CANONICAL");
  });
});

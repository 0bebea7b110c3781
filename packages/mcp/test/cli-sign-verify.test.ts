// signing.md §6 / formats.md §10.1 steps 6–7: the `verify --root` document (structural first, then
// signatures), built by the workflow's verifyBundle and the CLI's verifyDocument with real keys, real
// trust stores and real temp roots.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Ed25519KeyPair, generateEd25519, signManifest } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { verifyBundle } from "@codai/axiom-workflow";
import { afterEach, describe, expect, it } from "vitest";
import { verifyDocument } from "../src/cli/verify-signatures";
import { makeBundle, tempDir } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function rootWithKeys(keys: Ed25519KeyPair[], extra: Record<string, unknown> = {}): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.cleanup);
  await mkdir(join(t.dir, ".axiom", "trust"), { recursive: true });
  const entries = keys.map((k) => ({
    keyid: k.keyid,
    alg: "ed25519",
    publicKey: Buffer.from(k.publicRaw).toString("base64"),
  }));
  await writeFile(join(t.dir, ".axiom", "trust", "keys.json"), JSON.stringify({ version: 1, keys: entries, ...extra }));
  return t.dir;
}

const doc = async (input: ManifestBundle | Record<string, unknown>, root: string) =>
  verifyDocument(await verifyBundle({ bundle: input, root }));

describe("verify --root document", () => {
  it("sign then verify with the key in the store → `signatures.ok: true`, `keyids: [keyid]`, `signed: true`", async () => {
    const k = generateEd25519();
    const bundle = makeBundle();
    bundle.signatures = [signManifest(k.privateKey, bundle.manifest)];
    const out = await doc(bundle, await rootWithKeys([k]));
    expect(out).toMatchObject({
      ok: true,
      signed: true,
      signatures: { trustFile: ".axiom/trust/keys.json", keyids: [k.keyid], findings: [], ok: true },
    });
    expect(out.signatures).not.toHaveProperty("code");
  });

  it("verify `--root` on a root without keys.json → `signatures: null`, `note`, `signed: false`", async () => {
    const t = await tempDir();
    cleanups.push(t.cleanup);
    const bundle = makeBundle();
    bundle.signatures = [signManifest(generateEd25519().privateKey, bundle.manifest)];
    const out = await doc(bundle, t.dir);
    expect(out).toMatchObject({
      ok: true,
      signed: false,
      signatures: null,
      note: "no .axiom/trust/keys.json under root",
    });
  });

  it("tamper one byte of the manifest and recompute `manifestDigest` → verify `code: ERR_SIGNATURE_INVALID`, top-level `ok: false`", async () => {
    const k = generateEd25519();
    const original = makeBundle();
    const tampered = makeBundle({ text: "hellO\n" });
    tampered.signatures = [signManifest(k.privateKey, original.manifest)];
    const out = await doc(tampered, await rootWithKeys([k]));
    expect(out).toMatchObject({
      ok: false,
      signed: false,
      canonical: true,
      errors: [],
      signatures: { ok: false, code: "ERR_SIGNATURE_INVALID" },
    });
  });

  it("bundle with no `signatures` and a store → verify `code: ERR_SIGNATURE_MISSING`", async () => {
    const out = await doc(makeBundle(), await rootWithKeys([generateEd25519()]));
    expect(out).toMatchObject({
      ok: false,
      signed: false,
      signatures: { ok: false, code: "ERR_SIGNATURE_MISSING", keyids: [] },
    });
  });

  it("`verify --root` on a bundle with only `keylessSignatures` → `signatures.code: ERR_SIGNATURE_MISSING` (keyless not evaluated)", async () => {
    const bundle = {
      ...makeBundle(),
      keylessSignatures: [
        {
          mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
          verificationMaterial: {},
          dsseEnvelope: {
            payload: "e30=",
            payloadType: "application/vnd.axiom.manifest+json",
            signatures: [{ sig: "AAAA" }],
          },
        },
      ],
    };
    const out = await doc(bundle, await rootWithKeys([generateEd25519()]));
    expect(out).toMatchObject({ ok: false, signatures: { code: "ERR_SIGNATURE_MISSING" } });
  });

  it("one valid and one bad envelope: `verify --root` → `signatures.ok: false`", async () => {
    const [a, stranger] = [generateEd25519(), generateEd25519()];
    const bundle = makeBundle();
    bundle.signatures = [
      signManifest(a.privateKey, bundle.manifest),
      signManifest(stranger.privateKey, bundle.manifest),
    ];
    const out = await doc(bundle, await rootWithKeys([a]));
    expect(out).toMatchObject({
      ok: false,
      signed: false,
      signatures: { ok: false, code: "ERR_SIGNATURE_INVALID", keyids: [a.keyid] },
    });
  });

  it("keys.json with a keyid that does not match its publicKey → `verify --root` → `ERR_INVALID_PROFILE`", async () => {
    const [k, other] = [generateEd25519(), generateEd25519()];
    const root = await rootWithKeys([k]);
    await writeFile(
      join(root, ".axiom", "trust", "keys.json"),
      JSON.stringify({
        version: 1,
        keys: [{ keyid: other.keyid, alg: "ed25519", publicKey: Buffer.from(k.publicRaw).toString("base64") }],
      }),
    );
    await expect(doc(makeBundle(), root)).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE" });
  });

  it("structural failure → no `signatures` block at all, even with an invalid store", async () => {
    const root = await rootWithKeys([]);
    await writeFile(join(root, ".axiom", "trust", "keys.json"), "{");
    const out = await doc({ ...makeBundle(), manifestDigest: `sha256:${"0".repeat(64)}` }, root);
    expect(out.ok).toBe(false);
    expect(out).not.toHaveProperty("signatures");
  });
});

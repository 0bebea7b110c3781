// formats.md §10.1 (structural verify), §10.2 (diff), §5.4 (orderings); bundle intake (§6.3) is
// the store's (packages/store/test/intake.test.ts).
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { compilePlan, diffManifests, verifyBundle, withSignatures } from "../src/index";

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
async function example(): Promise<ManifestBundle> {
  return clone((await compilePlan(EXAMPLE_1())).bundle);
}
/** Recomputes manifestDigest (and the attestation subject) after editing the manifest. */
function rehash(b: ManifestBundle): ManifestBundle {
  b.manifestDigest = canonicalDigestRef(b.manifest);
  if (b.attestation?.subject[0]) b.attestation.subject[0].digest.sha256 = b.manifestDigest.slice(7);
  return b;
}
function flipHex(ref: string): string {
  const last = ref.at(-1) === "0" ? "1" : "0";
  return `${ref.slice(0, -1)}${last}`;
}

describe("verifyBundle (formats.md §10.1)", () => {
  it("a compiled inline bundle → ok: true, canonical, not signed, nothing missing, no errors", async () => {
    const b = await example();
    expect(verifyBundle(b)).toEqual({
      ok: true,
      manifestDigest: b.manifestDigest,
      canonical: true,
      signed: false,
      missing: [],
      errors: [],
    });
  });

  it('Bundle with manifestDigest altered by one hex digit → verify errors[0] = {code: ERR_NOT_CANONICAL, path: "manifestDigest"}, canonical: false', async () => {
    const b = await example();
    const r = verifyBundle({ ...b, manifestDigest: flipHex(b.manifestDigest) });
    expect(r.ok).toBe(false);
    expect(r.canonical).toBe(false);
    expect(r.errors[0]).toMatchObject({ code: "ERR_NOT_CANONICAL", path: "manifestDigest" });
  });

  it("Bundle with artifacts unsorted → verify lists ERR_NOT_CANONICAL with path manifest.artifacts (schema step: canonical false, no manifestDigest)", async () => {
    const b = await example();
    b.manifest.artifacts.reverse();
    const r = verifyBundle(rehash(b));
    expect(r.errors).toContainEqual(expect.objectContaining({ code: "ERR_NOT_CANONICAL", path: "manifest.artifacts" }));
    expect(r).toMatchObject({ ok: false, canonical: false, signed: false, missing: [] });
    expect("manifestDigest" in r).toBe(false);
  });

  it("Bundle with a non-delete artifact lacking digest → verify error ERR_INVALID_MANIFEST at manifest.artifacts.<i>.digest", async () => {
    const b = await example();
    delete (b.manifest.artifacts[1] as { digest?: unknown }).digest;
    const r = verifyBundle(rehash(b));
    expect(r.errors).toContainEqual(
      expect.objectContaining({ code: "ERR_INVALID_MANIFEST", path: "manifest.artifacts.1.digest" }),
    );
  });

  it("schema issues keep their own codes (ERR_DIGEST_FORMAT, ERR_PATH_*)", async () => {
    const b = await example();
    (b.manifest.artifacts[0] as { digest: { sha256: string } }).digest.sha256 = "XYZ";
    (b.manifest.artifacts[1] as { path: string }).path = "a\\b";
    const r = verifyBundle(b);
    expect(r.errors).toContainEqual(
      expect.objectContaining({ code: "ERR_DIGEST_FORMAT", path: "manifest.artifacts.0.digest.sha256" }),
    );
    expect(r.errors).toContainEqual(
      expect.objectContaining({ code: "ERR_PATH_NOT_RELATIVE_POSIX", path: "manifest.artifacts.1.path" }),
    );
  });

  it('Bundle blob whose data hashes to a different key → verify ERR_DIGEST_MISMATCH at blobs.<key>; base64 blob with "@@@@" → ERR_INVALID_MANIFEST', async () => {
    const b = await example();
    const [first, second] = Object.keys(b.blobs) as [string, string];
    b.blobs[first] = { encoding: "utf8", data: "tampered" };
    b.blobs[second] = { encoding: "base64", data: "@@@@" };
    const r = verifyBundle(b);
    expect(r.ok).toBe(false);
    expect(r.canonical).toBe(true);
    expect(r.errors).toEqual([
      expect.objectContaining({ code: "ERR_DIGEST_MISMATCH", path: `blobs.${first}` }),
      expect.objectContaining({ code: "ERR_INVALID_MANIFEST", path: `blobs.${second}` }),
    ]);
  });

  it("a blob whose bytes verify but whose artifact declares another size → ERR_SIZE_MISMATCH (P-5)", async () => {
    const b = await example();
    (b.manifest.artifacts[0] as { bytes: number }).bytes = 8;
    const r = verifyBundle(rehash(b));
    expect(r.errors).toEqual([
      expect.objectContaining({ code: "ERR_SIZE_MISMATCH", path: "manifest.artifacts.0.bytes" }),
    ]);
  });

  it("Bundle attestation subject naming another digest → verify ERR_DIGEST_MISMATCH at attestation.subject.0", async () => {
    const b = await example();
    (b.attestation as { subject: { digest: { sha256: string } }[] }).subject[0] = {
      name: "add-greeting",
      digest: { sha256: "0".repeat(64) },
    } as never;
    const r = verifyBundle(b);
    expect(r.errors).toEqual([expect.objectContaining({ code: "ERR_DIGEST_MISMATCH", path: "attestation.subject.0" })]);
  });

  it('Bundle compiled with store: "cas" → verify ok: true, missing = all non-delete paths', async () => {
    const t = await tempRepo();
    const { bundle } = await compilePlan(EXAMPLE_1(), { root: t.root, store: "cas" });
    const r = verifyBundle(bundle);
    expect(r.ok).toBe(true);
    expect(r.missing).toEqual(["README.md", "src/greet.ts"]);
  });

  it("verify never throws, whatever the input", () => {
    for (const input of [undefined, null, 1, "x", [], { manifest: 1 }, { manifest: { artifacts: "x" } }]) {
      expect(verifyBundle(input).ok).toBe(false);
    }
  });

  it("signatures hook (step 6–7): none → no `signatures`, signed: false; a failing trust check → ok: false, signed: false, signatures.code = ERR_SIGNATURE_INVALID; a passing one → signed: true", async () => {
    const b = await example();
    const none = verifyBundle(b, { signatures: () => undefined });
    expect("signatures" in none).toBe(false);
    expect(none).toMatchObject({ ok: true, signed: false });
    const failing = {
      trustFile: ".axiom/trust/keys.json",
      keyids: [],
      findings: [{ id: "signature.bad", message: "bad" }],
      ok: false,
      code: "ERR_SIGNATURE_INVALID" as const,
    };
    const bad = verifyBundle(b, { signatures: () => failing });
    expect(bad).toMatchObject({ ok: false, signed: false, signatures: { code: "ERR_SIGNATURE_INVALID" } });
    const good = withSignatures(verifyBundle(b), { trustFile: "t", keyids: ["k"], findings: [], ok: true });
    expect(good).toMatchObject({ ok: true, signed: true });
  });
});

describe("diffManifests (formats.md §10.2)", () => {
  it('Diff of Example 2 vs a manifest that drops src/old.ts, adds b.txt and changes README → {added: ["b.txt"], removed: ["src/old.ts"], changed: [{path: "README.md", from: "sha256:<R>", to: "sha256:…"}]}', async () => {
    const a = await example();
    const plan = EXAMPLE_1();
    plan.artifacts = [
      { path: "src/greet.ts", source: { type: "inline", content: 'export const greeting = "hi";\n' } },
      { path: "README.md", op: "overwrite", source: { type: "inline", content: "# demo v2\n" } },
      { path: "b.txt", source: { type: "inline", content: "b\n" } },
    ];
    const b = (await compilePlan(plan)).bundle;
    expect(diffManifests(a, b)).toEqual({
      added: ["b.txt"],
      removed: ["src/old.ts"],
      changed: [
        { path: "README.md", from: `sha256:${sha256Hex("# demo\n")}`, to: `sha256:${sha256Hex("# demo v2\n")}` },
      ],
    });
  });

  it("a mode-only (or op-only) change → changed: []", async () => {
    const a = await example();
    const plan = EXAMPLE_1();
    plan.artifacts[0] = {
      path: "src/greet.ts",
      mode: "0755",
      op: "overwrite",
      source: { type: "inline", content: 'export const greeting = "hi";\n' },
    };
    const b = (await compilePlan(plan)).bundle;
    expect(diffManifests(a, b)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("an overwrite turned into a delete → to: null (and back → from: null)", async () => {
    const a = await example();
    const plan = EXAMPLE_1();
    plan.artifacts[1] = { path: "README.md", op: "delete" };
    const b = (await compilePlan(plan)).bundle;
    expect(diffManifests(a, b).changed).toEqual([
      { path: "README.md", from: `sha256:${sha256Hex("# demo\n")}`, to: null },
    ]);
    expect(diffManifests(b, a).changed).toEqual([
      { path: "README.md", from: null, to: `sha256:${sha256Hex("# demo\n")}` },
    ]);
  });

  it("lists are sorted in code-point order and inputs pass intake", async () => {
    const a = await example();
    const plan = EXAMPLE_1();
    plan.artifacts.push(
      ...["😀.txt", "\uff41.txt", "z.txt"].map((path) => ({ path, source: { type: "inline", content: path } })),
    );
    const b = (await compilePlan(plan)).bundle;
    expect(diffManifests(a, b).added).toEqual(["z.txt", "\uff41.txt", "😀.txt"]);
    await expectCode(() => diffManifests(a, { ...b, manifestDigest: flipHex(b.manifestDigest) }), "ERR_NOT_CANONICAL");
    await expectCode(() => diffManifests({}, b), "ERR_INVALID_MANIFEST");
  });
});

// formats.md §6.3 (bundle intake), §10.1 (structural verify), §10.2 (diff), §5.4 (orderings).
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, makeTempRoot } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { compilePlan, diffManifests, intakeBundle, verifyBundle, withSignatures } from "../src/index";
import { expectCode } from "./helpers";

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

describe("bundle intake (formats.md §6.3)", () => {
  it("a compiled bundle passes intake unchanged", async () => {
    const b = await example();
    expect(intakeBundle(b)).toEqual(b);
  });

  it("Bundle with manifestDigest altered by one hex digit → ERR_NOT_CANONICAL {declared, recomputed}", async () => {
    const b = await example();
    const declared = flipHex(b.manifestDigest);
    const err = await expectCode(() => intakeBundle({ ...b, manifestDigest: declared }), "ERR_NOT_CANONICAL");
    expect(err.details).toEqual({ declared, recomputed: b.manifestDigest });
  });

  it("Bundle with artifacts unsorted → ERR_NOT_CANONICAL (thrown on intake)", async () => {
    const b = await example();
    b.manifest.artifacts.reverse();
    const err = await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
    expect(err.details?.issues).toContainEqual(
      expect.objectContaining({ path: "manifest.artifacts", code: "ERR_NOT_CANONICAL" }),
    );
  });

  it("duplicate checks or unsorted preImage → ERR_NOT_CANONICAL", async () => {
    const b = await example();
    b.manifest.checks.push(clone(b.manifest.checks[0] as never));
    await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
    const c = await example();
    c.manifest.preImage = [
      { path: "src/old.ts", sha256: "absent" },
      { path: "README.md", sha256: "absent" },
    ];
    await expectCode(() => intakeBundle(rehash(c)), "ERR_NOT_CANONICAL");
  });

  it('manifest artifacts ["\\uFF41.txt","😀.txt"] → accepted only in that (code-point) order, the reverse → ERR_NOT_CANONICAL', async () => {
    const b = await example();
    const art = (path: string) => ({
      path,
      op: "create" as const,
      mode: "0644" as const,
      digest: { sha256: "a".repeat(64) },
    });
    b.manifest.artifacts = [art("\uFF41.txt"), art("😀.txt")];
    expect(intakeBundle(rehash(clone(b))).manifest.artifacts.map((a) => a.path)).toEqual(["\uFF41.txt", "😀.txt"]);
    b.manifest.artifacts.reverse();
    await expectCode(() => intakeBundle(rehash(b)), "ERR_NOT_CANONICAL");
  });

  it("Bundle manifest check without severity → ERR_INVALID_MANIFEST", async () => {
    const b = await example();
    delete (b.manifest.checks[0] as { severity?: string }).severity;
    await expectCode(() => intakeBundle(rehash(b)), "ERR_INVALID_MANIFEST");
  });

  it("op and mode have no default inside a ManifestBody", async () => {
    const b = await example();
    delete (b.manifest.artifacts[0] as { mode?: string }).mode;
    await expectCode(() => intakeBundle(rehash(b)), "ERR_INVALID_MANIFEST");
  });

  it("inline blobs whose decoded sizes sum above 4 MiB → ERR_BUNDLE_TOO_LARGE (schema issue with total, max)", async () => {
    const b = await example();
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    const err = await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    expect(err.details).toMatchObject({ total: 17 * 262_144 + 7 + 30, max: 4_194_304 });
  });

  it("precedence ERR_NOT_CANONICAL > ERR_BUNDLE_TOO_LARGE > ERR_INVALID_MANIFEST, with every issue listed", async () => {
    const b = await example();
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${sha256Hex(`${i}`)}`] = { encoding: "utf8", data };
    delete (b.manifest.checks[0] as { severity?: string }).severity;
    await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    b.manifest.artifacts.reverse();
    const err = await expectCode(() => intakeBundle(b), "ERR_NOT_CANONICAL");
    const codes = (err.details as { issues: { code?: string }[] }).issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(["ERR_NOT_CANONICAL", "ERR_BUNDLE_TOO_LARGE"]));
  });

  it("an unknown key anywhere (strict schemas) → ERR_INVALID_MANIFEST; a non-object → ERR_INVALID_MANIFEST", async () => {
    const b = await example();
    await expectCode(() => intakeBundle({ ...b, extra: 1 }), "ERR_INVALID_MANIFEST");
    await expectCode(() => intakeBundle(null), "ERR_INVALID_MANIFEST");
    await expectCode(() => intakeBundle("bundle"), "ERR_INVALID_MANIFEST");
  });
});

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
    const t = await makeTempRoot();
    try {
      const { bundle } = await compilePlan(EXAMPLE_1(), { root: t.root, store: "cas" });
      const r = verifyBundle(bundle);
      expect(r.ok).toBe(true);
      expect(r.missing).toEqual(["README.md", "src/greet.ts"]);
    } finally {
      await t.cleanup();
    }
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

describe("absurd nesting in a bundle", () => {
  it("intake → ERR_INVALID_MANIFEST; verify → ok: false (never throws)", async () => {
    const b = await example();
    const deep = JSON.parse(`${"[".repeat(50_000)}${"]".repeat(50_000)}`) as unknown;
    (b.manifest.checks[0] as { params: unknown }).params = deep;
    await expectCode(() => intakeBundle(b), "ERR_INVALID_MANIFEST");
    expect(verifyBundle(b).ok).toBe(false);
  });
});

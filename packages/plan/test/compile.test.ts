// formats.md §3 (compile), §5 (digests) and §11 (worked examples).
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { canonicalize, sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, expectCode, tempRepo, writeTree } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { casPath, casPut, compilePlan, planPrime, RELEASE_VERSION } from "../src/index";

const R = sha256Hex("# demo\n");
const G = sha256Hex('export const greeting = "hi";\n');
/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}

describe("compile of the worked examples (formats.md §11)", () => {
  it('Compile of Example 1 → artifacts ordered README.md, src/greet.ts, src/old.ts; bytes 7 and 30; delete entry has no digest/bytes/origin; checks[0].severity = "error"; toolchain = {axiom: "2.0.0", emitters: {}}; no preImage, no counter', async () => {
    const { bundle } = await compilePlan(EXAMPLE_1());
    const m = bundle.manifest;
    expect(m.artifacts.map((a) => a.path)).toEqual(["README.md", "src/greet.ts", "src/old.ts"]);
    expect(m.artifacts[0]).toEqual({
      path: "README.md",
      op: "overwrite",
      mode: "0644",
      digest: { sha256: R },
      bytes: 7,
      origin: "inline",
    });
    expect(m.artifacts[1]).toEqual({
      path: "src/greet.ts",
      op: "create",
      mode: "0644",
      digest: { sha256: G },
      bytes: 30,
      origin: "inline",
    });
    expect(m.artifacts[2]).toEqual({ path: "src/old.ts", op: "delete", mode: "0644" });
    expect(m.checks[0]?.severity).toBe("error");
    expect(m.toolchain).toEqual({ axiom: "2.0.0", emitters: {} });
    expect("preImage" in m).toBe(false);
    expect("counter" in m).toBe(false);
  });

  it("P′ of Example 1 is exactly the JCS text printed in formats.md §11, and planDigest is its sha256", async () => {
    const expected = `{"apiVersion":"axiom.dev/v2","artifacts":[{"mode":"0644","op":"overwrite","path":"README.md","source":{"digest":"sha256:${R}","type":"inline"}},{"mode":"0644","op":"create","path":"src/greet.ts","source":{"digest":"sha256:${G}","type":"inline"}},{"mode":"0644","op":"delete","path":"src/old.ts"}],"capabilities":["fs"],"checks":[{"id":"no-secrets","params":{},"predicate":"content.noSecrets","severity":"error"}],"intent":"Add a greeting module, refresh the README, drop the stub","kind":"Plan","metadata":{},"name":"add-greeting","profile":"default"}`;
    const { bundle } = await compilePlan(EXAMPLE_1());
    const { parsePlan } = await import("../src/index");
    const prime = planPrime(
      parsePlan(EXAMPLE_1()),
      new Map([
        ["README.md", `sha256:${R}`],
        ["src/greet.ts", `sha256:${G}`],
      ]),
    );
    expect(canonicalize(prime)).toBe(expected);
    expect(bundle.manifest.planDigest).toBe(`sha256:${sha256Hex(expected)}`);
    expect(bundle.manifestDigest).toBe(`sha256:${sha256Hex(canonicalize(bundle.manifest))}`);
  });

  it("Example 3: the inline bundle carries both blobs as utf8 and the Statement of §8.1", async () => {
    const { bundle, statement } = await compilePlan(EXAMPLE_1());
    expect(bundle.blobs).toEqual({
      [`sha256:${R}`]: { encoding: "utf8", data: "# demo\n" },
      [`sha256:${G}`]: { encoding: "utf8", data: 'export const greeting = "hi";\n' },
    });
    const M = bundle.manifestDigest.slice(7);
    const P = bundle.manifest.planDigest.slice(7);
    expect(bundle.attestation).toEqual(statement);
    expect(statement).toEqual({
      _type: "https://in-toto.io/Statement/v1",
      subject: [{ name: "add-greeting", digest: { sha256: M } }],
      predicateType: "https://slsa.dev/provenance/v1",
      predicate: {
        buildDefinition: {
          buildType: "https://axiom.dev/build/plan@v2",
          externalParameters: { plan: { sha256: P }, profile: "default" },
          internalParameters: { toolchain: { axiom: "2.0.0" } },
          resolvedDependencies: [],
        },
        runDetails: {
          builder: { id: "https://axiom.dev/builder/mcp@v2", version: { axiom: "2.0.0", release: RELEASE_VERSION } },
          byproducts: [
            { name: "README.md", digest: { sha256: R } },
            { name: "src/greet.ts", digest: { sha256: G } },
          ],
        },
      },
    });
    expect(Object.keys(bundle)).toEqual(["manifest", "manifestDigest", "attestation", "blobs"]);
  });

  it("Example 1 with artifacts permuted → identical planDigest and manifestDigest", async () => {
    const a = await compilePlan(EXAMPLE_1());
    const plan = EXAMPLE_1();
    plan.artifacts.reverse();
    const b = await compilePlan(plan);
    expect(b.bundle.manifest.planDigest).toBe(a.bundle.manifest.planDigest);
    expect(b.bundle.manifestDigest).toBe(a.bundle.manifestDigest);
  });

  it('Example 1 with README sent as base64 of the same bytes → identical digests and identical blob {encoding: "utf8"}', async () => {
    const a = await compilePlan(EXAMPLE_1());
    const plan = EXAMPLE_1();
    plan.artifacts[1] = {
      path: "README.md",
      op: "overwrite",
      source: { type: "inline", encoding: "base64", content: Buffer.from("# demo\n").toString("base64") },
    };
    const b = await compilePlan(plan);
    expect(b.bundle.manifestDigest).toBe(a.bundle.manifestDigest);
    expect(b.bundle.manifest.planDigest).toBe(a.bundle.manifest.planDigest);
    expect(b.bundle.blobs[`sha256:${R}`]).toEqual({ encoding: "utf8", data: "# demo\n" });
  });

  it('Example 1 compiled with store: "cas" + root → same planDigest; blobs = {}; both blobs present under cas/sha256/<aa>/<hex>', async () => {
    const root = await tempRoot();
    const inline = await compilePlan(EXAMPLE_1(), { root });
    const cas = await compilePlan(EXAMPLE_1(), { root, store: "cas" });
    expect(cas.bundle.manifest.planDigest).toBe(inline.bundle.manifest.planDigest);
    expect(cas.bundle.manifestDigest).toBe(inline.bundle.manifestDigest);
    expect(cas.bundle.blobs).toEqual({});
    for (const hex of [R, G]) {
      const dir = join(root, ".axiom", "cas", "sha256", hex.slice(0, 2));
      expect(await readdir(dir)).toEqual([hex]);
      expect(casPath(root, hex)).toBe(join(dir, hex));
    }
  });

  it('store: "cas" without a root inlines the bytes (same digests)', async () => {
    const a = await compilePlan(EXAMPLE_1());
    const b = await compilePlan(EXAMPLE_1(), { store: "cas" });
    expect(b.bundle).toEqual(a.bundle);
  });

  it('Example 1 with and without root → same planDigest, different manifestDigest; with root preImage has 3 sorted entries, src/greet.ts = "absent", values are bare hex', async () => {
    const root = await tempRoot();
    await writeTree(root, { "README.md": "old readme\n", "src/old.ts": "stub\n" });
    const without = await compilePlan(EXAMPLE_1());
    const withRoot = await compilePlan(EXAMPLE_1(), { root });
    expect(withRoot.bundle.manifest.planDigest).toBe(without.bundle.manifest.planDigest);
    expect(withRoot.bundle.manifestDigest).not.toBe(without.bundle.manifestDigest);
    expect(withRoot.bundle.manifest.preImage).toEqual([
      { path: "README.md", sha256: sha256Hex("old readme\n") },
      { path: "src/greet.ts", sha256: "absent" },
      { path: "src/old.ts", sha256: sha256Hex("stub\n") },
    ]);
  });

  it("an injected readPreImage replaces the disk reader (preImage without a root)", async () => {
    const files: Record<string, string> = { "README.md": "old readme\n" };
    const { bundle } = await compilePlan(EXAMPLE_1(), {
      readPreImage: (p) => (files[p] === undefined ? undefined : new TextEncoder().encode(files[p])),
    });
    expect(bundle.manifest.preImage).toEqual([
      { path: "README.md", sha256: sha256Hex("old readme\n") },
      { path: "src/greet.ts", sha256: "absent" },
      { path: "src/old.ts", sha256: "absent" },
    ]);
  });

  it("Same Plan with two checks swapped → different planDigest (and manifestDigest)", async () => {
    const plan = EXAMPLE_1();
    plan.checks.push({ id: "deny", predicate: "path.deny", params: { globs: ["x"] } });
    const a = await compilePlan(plan);
    plan.checks.reverse();
    const b = await compilePlan(plan);
    expect(b.bundle.manifest.planDigest).not.toBe(a.bundle.manifest.planDigest);
    expect(b.bundle.manifestDigest).not.toBe(a.bundle.manifestDigest);
    expect(b.bundle.manifest.checks.map((c) => c.id)).toEqual(["deny", "no-secrets"]);
  });

  it("Plan whose sources are type: cas vs type: inline for the same bytes → different planDigest", async () => {
    const root = await tempRoot();
    await casPut(root, new TextEncoder().encode("# demo\n"));
    const inline = await compilePlan(EXAMPLE_1(), { root });
    const plan = EXAMPLE_1();
    plan.artifacts[1] = { path: "README.md", op: "overwrite", source: { type: "cas", digest: `sha256:${R}` } };
    const cas = await compilePlan(plan, { root });
    expect(cas.bundle.manifest.planDigest).not.toBe(inline.bundle.manifest.planDigest);
    expect(cas.bundle.manifest.artifacts[0]?.origin).toBe("cas");
    expect(cas.bundle.blobs[`sha256:${R}`]).toEqual({ encoding: "utf8", data: "# demo\n" });
  });

  it("Plan.counter is copied verbatim to ManifestBody.counter and hashed in both digests", async () => {
    const a = await compilePlan(EXAMPLE_1());
    const b = await compilePlan({ ...EXAMPLE_1(), counter: 7 });
    expect(b.bundle.manifest.counter).toBe(7);
    expect(b.bundle.manifest.planDigest).not.toBe(a.bundle.manifest.planDigest);
  });

  it("checks are sorted by id in code-point order in the manifest (😀 after ａ)", async () => {
    const plan = EXAMPLE_1();
    plan.checks = [
      { id: "😀", predicate: "a.b", params: 1 },
      { id: "\uff41", predicate: "a.b", params: 2 },
      { id: "z", predicate: "a.b", params: 3 },
    ];
    const { bundle } = await compilePlan(plan);
    expect(bundle.manifest.checks.map((c) => c.id)).toEqual(["z", "\uff41", "😀"]);
  });

  it("artifacts are sorted by path in code-point order: z.txt, ａ.txt, 😀.txt", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts = ["😀.txt", "\uff41.txt", "z.txt"].map((path) => ({
      path,
      source: { type: "inline", content: path },
    }));
    const { bundle } = await compilePlan(plan);
    expect(bundle.manifest.artifacts.map((a) => a.path)).toEqual(["z.txt", "\uff41.txt", "😀.txt"]);
    // byproducts use UTF-16 order instead (formats.md §8.1)
    const byproducts = (
      bundle.attestation as unknown as { predicate: { runDetails: { byproducts: { name: string }[] } } }
    ).predicate.runDetails.byproducts;
    expect(byproducts.map((b) => b.name)).toEqual(["z.txt", "😀.txt", "\uff41.txt"]);
  });
});

describe("toolchain and statement (formats.md §3.2 step 6, §8.1)", () => {
  it('Library toolchain: {axiom: "9.9.9", foo: "1.0.0"} → toolchain = {axiom: "2.0.0", emitters: {foo: "1.0.0"}}', async () => {
    const { bundle, statement } = await compilePlan(EXAMPLE_1(), { toolchain: { axiom: "9.9.9", foo: "1.0.0" } });
    expect(bundle.manifest.toolchain).toEqual({ axiom: "2.0.0", emitters: { foo: "1.0.0" } });
    const internal = (statement.predicate.buildDefinition as { internalParameters: unknown }).internalParameters;
    expect(internal).toEqual({ toolchain: { axiom: "2.0.0", "emitter:foo": "1.0.0" } });
  });

  it("Compile statement → subject[0].name = plan.name, byproducts exclude deletes and are in UTF-16 order, resolvedDependencies = [], builder.version.release = the package version, no metadata; with now injected → metadata.startedOn/finishedOn present and manifestDigest unchanged", async () => {
    const plain = await compilePlan(EXAMPLE_1());
    const s = plain.statement;
    expect(s.subject[0]?.name).toBe("add-greeting");
    const run = s.predicate.runDetails as Record<string, unknown>;
    expect((run.byproducts as { name: string }[]).map((b) => b.name)).toEqual(["README.md", "src/greet.ts"]);
    expect((s.predicate.buildDefinition as { resolvedDependencies: unknown }).resolvedDependencies).toEqual([]);
    const pkg = (await import("../package.json", { with: { type: "json" } })).default as { version: string };
    expect((run.builder as { version: { release: string } }).version.release).toBe(pkg.version);
    expect("metadata" in run).toBe(false);

    let tick = Date.UTC(2026, 0, 1);
    const stamped = await compilePlan(EXAMPLE_1(), {
      now: () => {
        tick += 1000;
        return new Date(tick);
      },
      invocationId: "inv-1",
    });
    const meta = (stamped.statement.predicate.runDetails as { metadata: Record<string, string> }).metadata;
    expect(meta).toEqual({
      invocationId: "inv-1",
      startedOn: "2026-01-01T00:00:01.000Z",
      finishedOn: "2026-01-01T00:00:02.000Z",
    });
    expect(stamped.bundle.manifestDigest).toBe(plain.bundle.manifestDigest);
  });

  it("the release version never enters a hashed object", async () => {
    const { bundle } = await compilePlan(EXAMPLE_1());
    expect(canonicalize(bundle.manifest)).not.toContain(`"release"`);
  });
});

describe("distinct inline blob cap (formats.md §3.2 step 9)", () => {
  it("Distinct inline blobs totalling 4 194 305 bytes → ERR_BUNDLE_TOO_LARGE {total, max: 4194304, hint: 'use store: \"cas\"'}; two artifacts with identical 3 MiB content → ok (counted once)", async () => {
    const root = await tempRoot();
    const big = new Uint8Array(3 * 1024 * 1024).fill(0x61);
    const bigHex = await casPut(root, big);
    const twice = EXAMPLE_1();
    twice.artifacts = [
      { path: "a.bin", source: { type: "cas", digest: `sha256:${bigHex}` } },
      { path: "b.bin", source: { type: "cas", digest: `sha256:${bigHex}` } },
    ];
    const ok = await compilePlan(twice, { root });
    expect(Object.keys(ok.bundle.blobs)).toEqual([`sha256:${bigHex}`]);

    const rest = new Uint8Array(4_194_305 - big.length).fill(0x62);
    const restHex = await casPut(root, rest);
    const over = EXAMPLE_1();
    over.artifacts = [
      { path: "a.bin", source: { type: "cas", digest: `sha256:${bigHex}` } },
      { path: "c.bin", source: { type: "cas", digest: `sha256:${restHex}` } },
    ];
    const err = await expectCode(() => compilePlan(over, { root }), "ERR_BUNDLE_TOO_LARGE");
    expect(err.details).toEqual({ total: 4_194_305, max: 4_194_304, hint: 'use store: "cas"' });
    // the same Plan with store "cas" compiles (nothing inline)
    const viaCas = await compilePlan(over, { root, store: "cas" });
    expect(viaCas.bundle.blobs).toEqual({});
  });
});

describe("algorithm order decides which error wins (formats.md §3.2)", () => {
  it("schema failure beats a duplicate path; a duplicate beats a resolve failure", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts.push({ path: "README.md", op: "delete" });
    plan.artifacts.push({ path: "x", source: { type: "cas", digest: "sha256:nope" } });
    const err = await expectCode(() => compilePlan(plan), "ERR_INVALID_PLAN");
    expect(err.details?.issues).toBeDefined();
    plan.artifacts.pop();
    plan.artifacts.push({ path: "y", source: { type: "template", emitter: "web", template: "t" } });
    const dup = await expectCode(() => compilePlan(plan), "ERR_INVALID_PLAN");
    expect(dup.path).toBe("README.md");
  });

  it("resolve runs in authored order: the first failing artifact wins", async () => {
    const plan = EXAMPLE_1();
    plan.artifacts = [
      { path: "z-first", source: { type: "template", emitter: "web", template: "t" } },
      { path: "a-second", source: { type: "cas", digest: `sha256:${R}` } },
    ];
    const err = await expectCode(() => compilePlan(plan), "ERR_EMITTER_UNKNOWN");
    expect(err.path).toBe("z-first");
    plan.artifacts.reverse();
    const err2 = await expectCode(() => compilePlan(plan), "ERR_BLOB_MISSING");
    expect(err2.path).toBe("a-second");
  });

  it("compile never sets envelope, signatures or keylessSignatures", async () => {
    const { bundle } = await compilePlan(EXAMPLE_1());
    for (const key of ["envelope", "signatures", "keylessSignatures"]) expect(key in bundle).toBe(false);
  });
});

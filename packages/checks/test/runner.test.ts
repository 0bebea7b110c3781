// checks.md §1–§2 acceptance lines: wire types, runChecks steps, severity, verdict, order, digest.
import { join } from "node:path";
import { canonicalDigestRef } from "@codai/axiom-canon";
import { CheckRefSchema, CheckReportSchema, type Finding } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { runChecks, sortFindings } from "../src/index";
import { ids, linkTree, makeBundle, profileOf, tempRoot, writeTree } from "./helpers";

const one = [{ path: "src/a.ts", content: "export {}\n" }];

describe("wire types (§1)", () => {
  it('1. CheckRef with predicate "Path.deny" → schema error; "path.deny" → valid; missing severity → "error"', () => {
    expect(CheckRefSchema.safeParse({ id: "x", predicate: "Path.deny", params: {} }).success).toBe(false);
    const ok = CheckRefSchema.parse({ id: "x", predicate: "path.deny", params: {} });
    expect(ok.severity).toBe("error");
  });

  it("CheckRef params key is required (any JSON value)", () => {
    expect(CheckRefSchema.safeParse({ id: "x", predicate: "path.deny" }).success).toBe(false);
  });

  it("every report validates against the strict CheckReport schema", async () => {
    const report = await runChecks({ bundle: makeBundle({ artifacts: one }), profile: profileOf([]) });
    expect(CheckReportSchema.parse(report)).toEqual(report);
    expect(CheckReportSchema.safeParse({ ...report, extra: 1 }).success).toBe(false);
  });
});

describe("runChecks steps (§2.2–§2.4)", () => {
  it("2. CheckRef params: null for manifest.noDeletes → treated as {}, no params error", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "manifest.noDeletes", predicate: "manifest.noDeletes", params: null }]),
    });
    expect(report.findings).toEqual([]);
    expect(report.verdict).toBe("pass");
  });

  it("3. Report always lists providers in order manifest, content, repo, guard (root-less run → repo skipped, guard skipped, both ms: 0)", async () => {
    const report = await runChecks({ bundle: makeBundle({ artifacts: one }), profile: profileOf([]) });
    expect(report.providers.map((p) => p.name)).toEqual(["manifest", "content", "repo", "guard"]);
    expect(report.providers[2]).toEqual({ name: "repo", status: "skipped", ms: 0 });
    expect(report.providers[3]).toEqual({ name: "guard", status: "skipped", ms: 0 });
  });

  it('4. Profile with a check on predicate foo.bar → finding id = check id, facts.code: "ERR_PREDICATE_UNKNOWN", verdict error', async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "my.check", predicate: "foo.bar", params: {} }]),
    });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      id: "my.check",
      predicate: "foo.bar",
      severity: "error",
      facts: { code: "ERR_PREDICATE_UNKNOWN", __provider: true },
    });
    expect(report.verdict).toBe("error");
  });

  it("a predicate missing from the registry (here an empty one) → ERR_PREDICATE_UNKNOWN", async () => {
    const { PredicateRegistry } = await import("../src/index");
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([
        { id: "a", predicate: "manifest.requireSigned", params: {} },
        { id: "b", predicate: "expr.cel", params: { expression: "true" } },
        { id: "c", predicate: "path.deny", params: { globs: ["x"] } },
      ]),
      registry: new PredicateRegistry(),
    });
    expect(report.findings.map((f) => [f.id, f.facts.code])).toEqual([
      ["a", "ERR_PREDICATE_UNKNOWN"],
      ["b", "ERR_PREDICATE_UNKNOWN"],
      ["c", "ERR_PREDICATE_UNKNOWN"],
    ]);
  });

  it("5. path.deny with params: {globs: []} → ERR_PREDICATE_PARAMS with facts.issues[0].path, verdict error", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "path.deny", predicate: "path.deny", params: { globs: [] } }]),
    });
    const f = report.findings[0] as Finding;
    expect(f.facts.code).toBe("ERR_PREDICATE_PARAMS");
    expect((f.facts.issues as { path: string }[])[0]?.path).toBe("globs");
    expect(report.verdict).toBe("error");
  });

  it("6. path.deny with unknown param key glob → ERR_PREDICATE_PARAMS", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "path.deny", predicate: "path.deny", params: { globs: ["x"], glob: "y" } }]),
    });
    expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
  });

  it("7. Root-less run of repo.noOverwriteOf with valid params → no finding, verdict unaffected", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: ".env", op: "overwrite", content: "x" }] }),
      profile: profileOf([{ id: "repo.noOverwriteOf", predicate: "repo.noOverwriteOf", params: { globs: [".env*"] } }]),
    });
    expect(report.findings).toEqual([]);
    expect(report.verdict).toBe("pass");
  });

  it("8. Root-less run of repo.noOverwriteOf with params: {} → ERR_PREDICATE_PARAMS, verdict error", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "repo.noOverwriteOf", predicate: "repo.noOverwriteOf", params: {} }]),
    });
    expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
    expect(report.verdict).toBe("error");
  });

  it('9. Repo provider construction throws (injected) → finding {id: "repo", predicate: "repo", code: ERR_PROVIDER_FAILED}, providers[repo] error, verdict error', async () => {
    const root = await tempRoot();
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([]),
      root,
      repoProvider: async () => {
        throw new Error("boom");
      },
    });
    expect(report.findings[0]).toMatchObject({
      id: "repo",
      predicate: "repo",
      severity: "error",
      facts: { code: "ERR_PROVIDER_FAILED", __provider: true },
    });
    expect(report.providers[2]?.status).toBe("error");
    expect(report.verdict).toBe("error");
  });

  it("a real root with allowRepo → providers[repo] ok; allowRepo: false → skipped and repo checks skipped", async () => {
    const root = await tempRoot({ ".env": "A=1" });
    const bundle = makeBundle({ artifacts: [{ path: ".env", op: "overwrite", content: "A=2" }] });
    const checks = [{ id: "repo.noOverwriteOf", predicate: "repo.noOverwriteOf", params: { globs: [".env*"] } }];
    const on = await runChecks({ bundle, profile: profileOf(checks), root });
    expect(on.providers[2]?.status).toBe("ok");
    expect(ids(on)).toEqual(["repo.noOverwriteOf"]);
    const off = await runChecks({
      bundle,
      profile: profileOf(checks, { facts: { allowRepo: false, allowGuards: false } }),
      root,
    });
    expect(off.providers[2]).toEqual({ name: "repo", status: "skipped", ms: 0 });
    expect(off.findings).toEqual([]);
  });

  it("a predicate that throws → provider failure ERR_PROVIDER_FAILED (predicate threw)", async () => {
    const { PredicateRegistry } = await import("../src/index");
    const { z } = await import("zod");
    const registry = new PredicateRegistry().register({
      id: "test.boom",
      requires: ["manifest"],
      params: z.strictObject({}),
      run() {
        throw new Error("kaput");
      },
    });
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "boom", predicate: "test.boom", params: {} }]),
      registry,
    });
    expect(report.findings[0]).toMatchObject({ id: "boom", facts: { code: "ERR_PROVIDER_FAILED" } });
    expect(report.findings[0]?.message).toMatch(/^predicate threw: /);
    expect(report.verdict).toBe("error");
  });

  it("the fact context is frozen: predicates cannot mutate it", async () => {
    const { PredicateRegistry } = await import("../src/index");
    const { z } = await import("zod");
    const registry = new PredicateRegistry().register({
      id: "test.mutate",
      requires: ["manifest"],
      params: z.strictObject({}),
      run({ facts }) {
        (facts.manifest.artifacts as unknown as unknown[]).push({});
        return [];
      },
    });
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([{ id: "m", predicate: "test.mutate", params: {} }]),
      registry,
    });
    expect(report.findings[0]?.facts.code).toBe("ERR_PROVIDER_FAILED");
  });
});

describe("pre-image (§2.2 step 5)", () => {
  it("10. manifest.preImage entry with a wrong sha256 for an existing file → manifest.preImage finding with expected/actual, report.preImage: drifted, verdict error", async () => {
    const root = await tempRoot({ "src/a.ts": "old" });
    const wrong = "a".repeat(64);
    const report = await runChecks({
      bundle: makeBundle({
        artifacts: [{ path: "src/a.ts", op: "overwrite", content: "new" }],
        preImage: [{ path: "src/a.ts", sha256: wrong }],
      }),
      profile: profileOf([]),
      root,
    });
    expect(report.preImage).toBe("drifted");
    expect(report.findings[0]).toMatchObject({
      id: "manifest.preImage",
      predicate: "manifest.preImage",
      severity: "error",
      path: "src/a.ts",
      facts: { code: "ERR_PREIMAGE_CHANGED", __provider: true, expected: wrong },
    });
    expect(report.findings[0]?.facts.actual).toMatch(/^[a-f0-9]{64}$/);
    expect(report.verdict).toBe("error");
  });

  it("11. preImage entry expecting absent where a symlink exists → no drift (symlink reads as absent)", async () => {
    const root = await tempRoot({ "real.txt": "x" });
    await linkTree(root, "link.txt", join(root, "real.txt"));
    await linkTree(root, "dirlink", root);
    const report = await runChecks({
      bundle: makeBundle({
        artifacts: [
          { path: "dirlink/real.txt", content: "y" },
          { path: "link.txt", content: "y" },
        ],
        preImage: [
          { path: "dirlink/real.txt", sha256: "absent" },
          { path: "link.txt", sha256: "absent" },
        ],
      }),
      profile: profileOf([]),
      root,
    });
    expect(report.preImage).toBe("verified");
    expect(report.findings).toEqual([]);
  });

  it('12. Root given, no preImage → report.preImage: "unverified"; matching preImage → "verified"', async () => {
    const root = await tempRoot({ "a.txt": "hello" });
    const { sha256Hex } = await import("@codai/axiom-canon");
    const none = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: "a.txt", op: "overwrite", content: "x" }] }),
      profile: profileOf([]),
      root,
    });
    expect(none.preImage).toBe("unverified");
    const match = await runChecks({
      bundle: makeBundle({
        artifacts: [
          { path: "a.txt", op: "overwrite", content: "x" },
          { path: "b.txt", content: "y" },
        ],
        preImage: [
          { path: "a.txt", sha256: sha256Hex("hello") },
          { path: "b.txt", sha256: "absent" },
        ],
      }),
      profile: profileOf([]),
      root,
    });
    expect(match.preImage).toBe("verified");
    const rootless = await runChecks({
      bundle: makeBundle({
        artifacts: [{ path: "a.txt", content: "x" }],
        preImage: [{ path: "a.txt", sha256: "b".repeat(64) }],
      }),
      profile: profileOf([]),
    });
    expect(rootless.preImage).toBe("unverified");
  });

  it('119. runChecks with verifyPreImage: false and a preImage entry that mismatches the tree → no manifest.preImage finding, report.preImage: "unverified"; the same run with verifyPreImage absent → "drifted", verdict error', async () => {
    const root = await tempRoot({ "a.txt": "changed" });
    const bundle = makeBundle({
      artifacts: [{ path: "a.txt", op: "overwrite", content: "x" }],
      preImage: [{ path: "a.txt", sha256: "c".repeat(64) }],
    });
    const off = await runChecks({ bundle, profile: profileOf([]), root, verifyPreImage: false });
    expect(off.preImage).toBe("unverified");
    expect(off.findings).toEqual([]);
    const on = await runChecks({ bundle, profile: profileOf([]), root });
    expect(on.preImage).toBe("drifted");
    expect(on.verdict).toBe("error");
  });

  it("attack (ARCH-S5): a symlink to an outside file swapped in after the reader's lstat → read as absent through O_NOFOLLOW, so a preImage naming the outside file's hash drifts (the old lstat-then-createReadStream reader followed it and verified)", async () => {
    const { rm, symlink } = await import("node:fs/promises");
    const { sha256Hex } = await import("@codai/axiom-canon");
    const { fsx } = await import("@codai/axiom-store");
    const { installFs } = await import("@codai/axiom-store/testing");
    const root = await tempRoot({ "a.txt": "inside" });
    const outside = await tempRoot({ "secret.txt": "outside secret" });
    const target = join(root, "a.txt");
    const open = fsx.open;
    let swapped = false;
    const restore = installFs({
      open: async (p, flags, mode) => {
        if (p === target && !swapped) {
          swapped = true;
          await rm(target);
          await symlink(join(outside, "secret.txt"), target);
        }
        return open(p, flags, mode);
      },
    });
    try {
      const report = await runChecks({
        bundle: makeBundle({
          artifacts: [{ path: "a.txt", op: "overwrite", content: "x" }],
          preImage: [{ path: "a.txt", sha256: sha256Hex("outside secret") }],
        }),
        profile: profileOf([]),
        root,
      });
      expect(swapped).toBe(true);
      expect(report.preImage).toBe("drifted");
      expect(report.findings[0]).toMatchObject({ id: "manifest.preImage", facts: { actual: "absent" } });
      expect(report.verdict).toBe("error");
    } finally {
      restore();
    }
  });

  // Mode 000 does not stop root from reading, so this case needs an unprivileged run.
  it.skipIf(process.getuid?.() === 0)(
    "an existing target that cannot be read → manifest.preImage provider failure (never read as absent), verdict error",
    async () => {
      const root = await tempRoot();
      const { chmod } = await import("node:fs/promises");
      await writeTree(root, "secret.txt", "x");
      await chmod(join(root, "secret.txt"), 0o000);
      const report = await runChecks({
        bundle: makeBundle({
          artifacts: [{ path: "secret.txt", content: "y" }],
          preImage: [{ path: "secret.txt", sha256: "absent" }],
        }),
        profile: profileOf([]),
        root,
      });
      expect(report.findings[0]).toMatchObject({
        id: "manifest.preImage",
        facts: { code: "ERR_PROVIDER_FAILED", reason: "EACCES" },
      });
      expect(report.verdict).toBe("error");
    },
  );

  it("a regular file under a real directory hashes; a directory or a file below a file reads as absent", async () => {
    const root = await tempRoot({ "d/f.txt": "x", file: "y" });
    const { readPreImage } = await import("../src/index");
    const { sha256Hex } = await import("@codai/axiom-canon");
    expect(await readPreImage(root, "d/f.txt")).toBe(sha256Hex("x"));
    expect(await readPreImage(root, "d")).toBe("absent");
    expect(await readPreImage(root, "file/below")).toBe("absent");
    expect(await readPreImage(root, "missing/x")).toBe("absent");
  });
});

describe("severity and verdict (§2.5, §2.6)", () => {
  const deny = (severity: "error" | "warn" | "info", params: unknown = { globs: ["src/**"] }) => ({
    id: "d",
    predicate: "path.deny",
    params,
    severity,
  });

  it("13. A check with severity warn whose predicate reports → finding severity warn, verdict pass", async () => {
    const report = await runChecks({ bundle: makeBundle({ artifacts: one }), profile: profileOf([deny("warn")]) });
    expect(report.findings[0]?.severity).toBe("warn");
    expect(report.verdict).toBe("pass");
  });

  it("14. A warn CheckRef on a provider failure (bad params) → finding stays error, verdict error", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: one }),
      profile: profileOf([deny("warn", { globs: [] })]),
    });
    expect(report.findings[0]?.severity).toBe("error");
    expect(report.verdict).toBe("error");
  });

  it("15. Only info/warn findings → verdict pass; one error finding → fail; one provider failure plus error findings → error", async () => {
    const bundle = makeBundle({ artifacts: one });
    expect(
      (await runChecks({ bundle, profile: profileOf([deny("info"), { ...deny("warn"), id: "e" }]) })).verdict,
    ).toBe("pass");
    expect((await runChecks({ bundle, profile: profileOf([deny("error")]) })).verdict).toBe("fail");
    const both = await runChecks({
      bundle,
      profile: profileOf([deny("error"), { id: "u", predicate: "foo.bar", params: {} }]),
    });
    expect(both.verdict).toBe("error");
  });
});

describe("finding order (§2.7)", () => {
  const f = (severity: Finding["severity"], id: string, path?: string): Finding => ({
    id,
    severity,
    predicate: "x.y",
    message: "",
    facts: {},
    ...(path ? { path } : {}),
  });

  it("16. Findings {warn, b}, {error, z}, {error, a, path y}, {error, a} → sorted error a (no path), error a y, error z, warn b", () => {
    const sorted = sortFindings([f("warn", "b"), f("error", "z"), f("error", "a", "y"), f("error", "a")]);
    expect(sorted.map((x) => [x.severity, x.id, x.path])).toEqual([
      ["error", "a", undefined],
      ["error", "a", "y"],
      ["error", "z", undefined],
      ["warn", "b", undefined],
    ]);
  });

  it("17. Ids differing only in non-ASCII characters sort by UTF-8 bytes, not UTF-16 code units", () => {
    // U+FF21 (one UTF-16 unit, 0xEF…) vs U+1F600 (surrogate pair 0xD83D…, UTF-8 0xF0…): UTF-16 order
    // puts the emoji first, UTF-8 byte order puts U+FF21 first.
    const a = "x\uFF21";
    const b = "x\u{1F600}";
    expect(sortFindings([f("error", b), f("error", a)]).map((x) => x.id)).toEqual([a, b]);
  });

  it("ties keep production order (stable sort)", () => {
    const first = { ...f("error", "same"), message: "first" };
    const second = { ...f("error", "same"), message: "second" };
    expect(sortFindings([first, second]).map((x) => x.message)).toEqual(["first", "second"]);
  });
});

describe("factsDigest (§2.8)", () => {
  it("18. factsDigest equals sha256 of JCS({manifestFacts, profileName, checkIds}) computed independently; changing a repo file does not change it; adding a check changes it", async () => {
    const root = await tempRoot({ "README.md": "1" });
    const bundle = makeBundle({
      artifacts: [
        { path: "src/a.ts", content: "abc" },
        { path: "old.txt", op: "delete" },
      ],
    });
    const checks = [{ id: "path.reservedNames", predicate: "path.reservedNames", params: {} }];
    const r1 = await runChecks({ bundle, profile: profileOf(checks), root });
    const expected = canonicalDigestRef({
      manifestFacts: {
        artifactCount: 2,
        totalBytes: 3,
        paths: ["old.txt", "src/a.ts"],
        byExt: { ".txt": 1, ".ts": 1 },
        hasDeletes: true,
        signed: false,
      },
      profileName: "test",
      checkIds: ["path.reservedNames"],
    });
    expect(r1.factsDigest).toBe(expected);
    await writeTree(root, "README.md", "2");
    const r2 = await runChecks({ bundle, profile: profileOf(checks), root });
    expect(r2.factsDigest).toBe(expected);
    const r3 = await runChecks({
      bundle,
      profile: profileOf([...checks, { id: "manifest.noDeletes", predicate: "manifest.noDeletes", params: {} }]),
      root,
    });
    expect(r3.factsDigest).not.toBe(expected);
  });

  it('19. byExt: a/B.TS, x.ts, .env, Makefile, c.tar.gz → {".ts": 2, "": 2, ".gz": 1}', async () => {
    const { manifestFactsOf } = await import("../src/index");
    const bundle = makeBundle({
      artifacts: ["a/B.TS", "x.ts", ".env", "Makefile", "c.tar.gz"].map((path) => ({ path, content: "z" })),
    });
    expect(manifestFactsOf(bundle).byExt).toEqual({ ".ts": 2, "": 2, ".gz": 1 });
  });

  it("20. signed true when bundle.signatures non-empty even if the signatures are invalid", async () => {
    const { manifestFactsOf } = await import("../src/index");
    const bundle = makeBundle({
      artifacts: one,
      signatures: [
        { payloadType: "application/vnd.axiom.manifest+json", payload: "AAAA", signatures: [{ sig: "AAAA" }] },
      ],
    });
    expect(manifestFactsOf(bundle).signed).toBe(true);
    expect(manifestFactsOf(makeBundle({ artifacts: one })).signed).toBe(false);
  });
});

describe("merging the manifest's checks (§2.3)", () => {
  const noSecrets = { id: "content.noSecrets", predicate: "content.noSecrets", params: {}, severity: "error" as const };

  it("21. Manifest check with a new id → appended after profile checks in checkIds", async () => {
    const { mergeChecks } = await import("../src/index");
    const bundle = makeBundle({
      artifacts: one,
      checks: [{ id: "mine", predicate: "manifest.noDeletes", params: {} }],
    });
    const { checks } = mergeChecks(profileOf([noSecrets]).checks, bundle.manifest.checks);
    expect(checks.map((c) => c.id)).toEqual(["content.noSecrets", "mine"]);
    const report = await runChecks({ bundle, profile: profileOf([noSecrets]) });
    const digest = canonicalDigestRef({
      manifestFacts: {
        artifactCount: 1,
        totalBytes: 10,
        paths: ["src/a.ts"],
        byExt: { ".ts": 1 },
        hasDeletes: false,
        signed: false,
      },
      profileName: "test",
      checkIds: ["content.noSecrets", "mine"],
    });
    expect(report.factsDigest).toBe(digest);
  });

  it('22. Manifest check reusing id content.noSecrets with severity: "info" → profile entry still runs at error, finding manifest.checkOverride (facts.checkId), verdict fail', async () => {
    const bundle = makeBundle({
      artifacts: [{ path: "k.txt", content: "AKIAABCDEFGHIJKLMNOP" }],
      checks: [{ ...noSecrets, severity: "info" }],
    });
    const report = await runChecks({ bundle, profile: profileOf([noSecrets]) });
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        id: "manifest.checkOverride",
        predicate: "manifest",
        severity: "error",
        facts: { checkId: "content.noSecrets" },
      }),
    );
    expect(report.findings).toContainEqual(
      expect.objectContaining({ id: "content.noSecrets.awsKey", severity: "error" }),
    );
    expect(report.verdict).toBe("fail");
  });

  it("23. Manifest check identical (JCS) to the profile's content.noSecrets entry → no extra finding", async () => {
    const bundle = makeBundle({ artifacts: one, checks: [noSecrets] });
    const report = await runChecks({ bundle, profile: profileOf([noSecrets]) });
    expect(report.findings).toEqual([]);
    expect(report.verdict).toBe("pass");
  });

  it("24. Profile limits.maxArtifacts: 1 with 2 artifacts and no maxArtifacts check → no finding (limits not enforced)", async () => {
    const bundle = makeBundle({
      artifacts: [
        { path: "a", content: "1" },
        { path: "b", content: "2" },
      ],
    });
    const report = await runChecks({ bundle, profile: profileOf([], { limits: { maxArtifacts: 1 } }) });
    expect(report.findings).toEqual([]);
  });
});

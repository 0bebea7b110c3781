// checks.md §3, §4.3–§4.8 acceptance lines: globs and every built-in predicate except
// manifest.requireSigned and expr.* (later issues).
import { encodeBlob, sha256Hex } from "@codai/axiom-canon";
import type { CheckRefInput } from "@codai/axiom-schema";
import { expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { createDefaultRegistry, runChecks } from "../src/index";
import { type BundleSpec, ids, makeBundle, profileOf, tempRoot, writeTree } from "./helpers";

async function run(spec: BundleSpec, checks: CheckRefInput[], root?: string) {
  return runChecks({ bundle: makeBundle(spec), profile: profileOf(checks), root });
}

describe("registry (§4.1)", () => {
  it("the built-ins are registered in the order of §4.1 (requireSigned and expr.* join with their issues)", () => {
    const ORDER = [
      "path.allow",
      "path.deny",
      "path.reservedNames",
      "content.noSecrets",
      "content.maxBytes",
      "content.encodingUtf8",
      "manifest.maxArtifacts",
      "manifest.maxTotalBytes",
      "manifest.requireSigned",
      "manifest.noDeletes",
      "deps.max",
      "deps.deny",
      "repo.noOverwriteOf",
      "repo.requireCompanion",
      "repo.requireReference",
      "guard.external",
      "expr.cel",
      "expr.cedar",
    ];
    const registered = createDefaultRegistry().ids();
    expect(registered).toEqual(ORDER.filter((id) => registered.includes(id)));
    const later = new Set(["manifest.requireSigned", "expr.cel", "expr.cedar"]);
    expect(ORDER.filter((id) => !later.has(id)).every((id) => registered.includes(id))).toBe(true);
  });

  it("Registering a duplicate id, or an id failing the CheckRef predicate regex, throws ERR_INTERNAL", async () => {
    const { z } = await import("zod");
    const registry = createDefaultRegistry();
    const def = { id: "path.allow", requires: ["manifest"] as const, params: z.strictObject({}), run: () => [] };
    await expectCode(() => registry.register(def), "ERR_INTERNAL");
    await expectCode(() => registry.register({ ...def, id: "Bad" }), "ERR_INTERNAL");
  });
});

describe("path.* (§4.3)", () => {
  it("26. path.deny globs [.claude/settings.json], nocase: true, artifact .Claude/Settings.json → finding; with nocase absent → no finding", async () => {
    const spec = { artifacts: [{ path: ".Claude/Settings.json", content: "{}" }] };
    const on = await run(spec, [
      { id: "path.deny", predicate: "path.deny", params: { globs: [".claude/settings.json"], nocase: true } },
    ]);
    expect(on.findings).toEqual([
      {
        id: "path.deny",
        severity: "error",
        predicate: "path.deny",
        message: "path matches a denied glob",
        path: ".Claude/Settings.json",
        facts: { globs: [".claude/settings.json"] },
      },
    ]);
    const off = await run(spec, [
      { id: "path.deny", predicate: "path.deny", params: { globs: [".claude/settings.json"] } },
    ]);
    expect(off.findings).toEqual([]);
  });

  it("27. path.allow globs [src/**] with a delete of docs/a.md → finding path.allow for docs/a.md", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "docs/a.md", op: "delete" },
          { path: "src/x.ts", content: "" },
        ],
      },
      [{ id: "path.allow", predicate: "path.allow", params: { globs: ["src/**"] } }],
    );
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["path.allow", "docs/a.md", { globs: ["src/**"] }],
    ]);
  });

  it("path.allow refuses an empty glob string (each non-empty)", async () => {
    const report = await run({ artifacts: [{ path: "a", content: "" }] }, [
      { id: "path.allow", predicate: "path.allow", params: { globs: [""] } },
    ]);
    expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
  });

  it('28. path.reservedNames on a manifest path CON/x (constructed past schema) → finding without path, facts.path: "CON/x", facts.issues non-empty', async () => {
    const report = await runChecks({
      bundle: makeBundle({
        artifacts: [
          { path: "CON/x", content: "" },
          { path: "ok.txt", content: "" },
        ],
        raw: true,
      }),
      profile: profileOf([{ id: "path.reservedNames", predicate: "path.reservedNames", params: {} }]),
    });
    expect(report.findings).toHaveLength(1);
    const f = report.findings[0];
    expect(f?.path).toBeUndefined();
    expect(f?.facts.path).toBe("CON/x");
    expect(f?.facts.issues).toEqual(["ERR_PATH_RESERVED_NAME"]);
  });
});

describe("content.noSecrets (§4.4)", () => {
  const noSecrets = (params: unknown = {}) => [{ id: "content.noSecrets", predicate: "content.noSecrets", params }];

  it('29. content.noSecrets {} on content AKIAABCDEFGHIJKLMNOP → finding content.noSecrets.awsKey with facts.pattern: "awsKey"', async () => {
    const report = await run({ artifacts: [{ path: "k.txt", content: "key=AKIAABCDEFGHIJKLMNOP\n" }] }, noSecrets());
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      id: "content.noSecrets.awsKey",
      path: "k.txt",
      facts: { pattern: "awsKey" },
    });
    expect(report.verdict).toBe("fail");
  });

  it('30. Same content under allowPaths: ["fixtures/**"] at fixtures/k.txt → no finding; with disable: ["awsKey"] → no finding', async () => {
    const spec = { artifacts: [{ path: "fixtures/k.txt", content: "AKIAABCDEFGHIJKLMNOP" }] };
    expect((await run(spec, noSecrets({ allowPaths: ["fixtures/**"] }))).findings).toEqual([]);
    expect((await run(spec, noSecrets({ disable: ["awsKey", "unknownName"] }))).findings).toEqual([]);
  });

  it("31. content.noSecrets {} on `email me at jane@corp.io` → no finding; with pii: true → content.noSecrets.email", async () => {
    const spec = { artifacts: [{ path: "a.md", content: "email me at jane@corp.io" }] };
    expect((await run(spec, noSecrets())).findings).toEqual([]);
    expect(ids(await run(spec, noSecrets({ pii: true })))).toEqual(["content.noSecrets.email"]);
  });

  it("39. Delete artifact with secret-looking old content → never scanned", async () => {
    const root = await tempRoot({ "k.txt": "AKIAABCDEFGHIJKLMNOP" });
    // The old bytes sit in the tree and even in the bundle's blobs; a delete is never scanned.
    const bundle = makeBundle({ artifacts: [{ path: "k.txt", op: "delete" }] });
    const bytes = new TextEncoder().encode("AKIAABCDEFGHIJKLMNOP");
    const withBlob = { ...bundle, blobs: { [`sha256:${sha256Hex(bytes)}`]: encodeBlob(bytes) } };
    const report = await runChecks({ bundle: withBlob, profile: profileOf(noSecrets()), root });
    expect(report.findings).toEqual([]);
  });

  it("38. Secret beyond the first 4 MiB of a 5 MiB artifact → no finding (and within it → finding)", async () => {
    const root = await tempRoot();
    const big = new Uint8Array(5 * 1024 * 1024).fill(0x61);
    const key = new TextEncoder().encode(" AKIAABCDEFGHIJKLMNOP ");
    const late = big.slice();
    late.set(key, 4 * 1024 * 1024 + 100);
    const early = big.slice();
    early.set(key, 100);
    // 5 MiB exceeds the inline cap: the bytes come from the CAS.
    for (const bytes of [late, early]) {
      const hex = sha256Hex(bytes);
      await writeTree(root, `.axiom/cas/sha256/${hex.slice(0, 2)}/${hex}`, bytes);
    }
    const lateReport = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: "big.txt", content: late, omitBlob: true }] }),
      profile: profileOf(noSecrets()),
      root,
    });
    expect(lateReport.findings).toEqual([]);
    const earlyReport = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: "big.txt", content: early, omitBlob: true }] }),
      profile: profileOf(noSecrets()),
      root,
    });
    expect(ids(earlyReport)).toEqual(["content.noSecrets.awsKey"]);
  });

  it("findings carry the pattern name only, never the matched text (no secret echo)", async () => {
    const secret = "AKIAABCDEFGHIJKLMNOP";
    const report = await run({ artifacts: [{ path: "k.txt", content: `x ${secret} y` }] }, noSecrets());
    expect(JSON.stringify(report)).not.toContain(secret);
  });

  it("one finding per (artifact, pattern), patterns in table order", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "a.txt", content: "xoxb-1 AKIAABCDEFGHIJKLMNOP AKIAABCDEFGHIJKLMNOQ" },
          { path: "b.txt", content: "AKIAABCDEFGHIJKLMNOP" },
        ],
      },
      noSecrets(),
    );
    expect(report.findings.map((f) => [f.id, f.path])).toEqual([
      ["content.noSecrets.awsKey", "a.txt"],
      ["content.noSecrets.awsKey", "b.txt"],
      ["content.noSecrets.slackToken", "a.txt"],
    ]);
  });

  it("an unavailable blob (missing from bundle and CAS) is not scanned", async () => {
    const report = await run(
      { artifacts: [{ path: "k.txt", content: "AKIAABCDEFGHIJKLMNOP", omitBlob: true }] },
      noSecrets(),
    );
    expect(report.findings).toEqual([]);
  });

  it("a CAS blob whose bytes do not hash to the digest reads as unavailable", async () => {
    const root = await tempRoot();
    const bytes = new TextEncoder().encode("AKIAABCDEFGHIJKLMNOP");
    const hex = sha256Hex(bytes);
    await writeTree(root, `.axiom/cas/sha256/${hex.slice(0, 2)}/${hex}`, "tampered AKIAABCDEFGHIJKLMNOP");
    const report = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: "k.txt", content: bytes, omitBlob: true, bytes: null }] }),
      profile: profileOf(noSecrets()),
      root,
    });
    expect(report.findings).toEqual([]);
  });
});

describe("content.maxBytes, content.encodingUtf8 (§4.4)", () => {
  it("40. content.maxBytes {max: 10} on an 11-byte create → finding {bytes: 11, max: 10}; on a delete → none", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "a.txt", content: "01234567890" },
          { path: "b.txt", op: "delete" },
        ],
      },
      [{ id: "content.maxBytes", predicate: "content.maxBytes", params: { max: 10 } }],
    );
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["content.maxBytes", "a.txt", { bytes: 11, max: 10 }],
    ]);
  });

  it("content.maxBytes: globs restrict; size falls back to the blob length when bytes is absent", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "a.txt", content: "01234567890", bytes: null },
          { path: "b.md", content: "01234567890" },
        ],
      },
      [{ id: "content.maxBytes", predicate: "content.maxBytes", params: { max: 10, globs: ["*.txt"] } }],
    );
    expect(report.findings.map((f) => [f.path, f.facts])).toEqual([["a.txt", { bytes: 11, max: 10 }]]);
  });

  it("41. content.encodingUtf8 on bytes 0xC3 0x28 → finding; blob unavailable (CAS missing) → none", async () => {
    const check = [{ id: "content.encodingUtf8", predicate: "content.encodingUtf8", params: {} }];
    const bad = new Uint8Array([0xc3, 0x28]);
    expect(ids(await run({ artifacts: [{ path: "a.bin", content: bad }] }, check))).toEqual(["content.encodingUtf8"]);
    const root = await tempRoot();
    expect((await run({ artifacts: [{ path: "a.bin", content: bad, omitBlob: true }] }, check, root)).findings).toEqual(
      [],
    );
  });
});

describe("manifest.* (§4.5)", () => {
  it("42. manifest.maxArtifacts {max: 1} with 2 artifacts → one finding without path, {artifactCount: 2, max: 1}", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "a", content: "" },
          { path: "b", content: "" },
        ],
      },
      [{ id: "manifest.maxArtifacts", predicate: "manifest.maxArtifacts", params: { max: 1 } }],
    );
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.path).toBeUndefined();
    expect(report.findings[0]?.facts).toEqual({ artifactCount: 2, max: 1 });
  });

  it("manifest.maxTotalBytes reports {totalBytes, max}; manifest.noDeletes one finding per delete", async () => {
    const report = await run(
      {
        artifacts: [
          { path: "a", content: "12345" },
          { path: "b", op: "delete" },
        ],
      },
      [
        { id: "manifest.maxTotalBytes", predicate: "manifest.maxTotalBytes", params: { max: 4 } },
        { id: "manifest.noDeletes", predicate: "manifest.noDeletes", params: {} },
      ],
    );
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["manifest.maxTotalBytes", undefined, { totalBytes: 5, max: 4 }],
      ["manifest.noDeletes", "b", {}],
    ]);
  });
});

describe("deps.* (§4.6)", () => {
  const pkg = JSON.stringify({ dependencies: { react: "1" }, devDependencies: { "left-pad": "1" } });

  it("57. deps.max {max: 1} on package.json with 1 dependency + 1 devDependency → finding {count: 2, max: 1}; non-JSON package.json → none", async () => {
    const check = [{ id: "deps.max", predicate: "deps.max", params: { max: 1 } }];
    const report = await run({ artifacts: [{ path: "package.json", content: pkg }] }, check);
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["deps.max", "package.json", { count: 2, max: 1 }],
    ]);
    expect((await run({ artifacts: [{ path: "package.json", content: "{nope" }] }, check)).findings).toEqual([]);
  });

  it('58. deps.deny {packages: ["left-pad"]} with left-pad in devDependencies → finding deps.deny.left-pad, facts.package', async () => {
    const report = await run({ artifacts: [{ path: "pkgs/x/package.json", content: pkg }] }, [
      { id: "deps.deny", predicate: "deps.deny", params: { packages: ["left-pad"] } },
    ]);
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["deps.deny.left-pad", "pkgs/x/package.json", { package: "left-pad" }],
    ]);
  });
});

describe("repo.noOverwriteOf, repo.requireCompanion (§4.7)", () => {
  it('59. repo.noOverwriteOf {globs: [".env*"]}: overwrite of existing .env → finding {op: "overwrite"}; create of absent .env.local → none', async () => {
    const root = await tempRoot({ ".env": "A=1" });
    const report = await run(
      {
        artifacts: [
          { path: ".env", op: "overwrite", content: "A=2" },
          { path: ".env.local", content: "B=1" },
        ],
      },
      [{ id: "repo.noOverwriteOf", predicate: "repo.noOverwriteOf", params: { globs: [".env*"] } }],
      root,
    );
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["repo.noOverwriteOf", ".env", { op: "overwrite", globs: [".env*"] }],
    ]);
  });

  it("repo.noOverwriteOf: delete of an existing match is reported; an overwrite of an absent file is not", async () => {
    const root = await tempRoot({ "a.lock": "x" });
    const report = await run(
      {
        artifacts: [
          { path: "a.lock", op: "delete" },
          { path: "b.lock", op: "overwrite", content: "" },
        ],
      },
      [{ id: "repo.noOverwriteOf", predicate: "repo.noOverwriteOf", params: { globs: ["**/*.lock"] } }],
      root,
    );
    expect(report.findings.map((f) => [f.path, f.facts.op])).toEqual([["a.lock", "delete"]]);
  });

  const companion = (mustChange?: boolean) => [
    {
      id: "repo.requireCompanion",
      predicate: "repo.requireCompanion",
      params: {
        rules: [
          {
            when: "src/**/*.ts",
            expect: [{ name: "tests", match: "test/**", ...(mustChange === undefined ? {} : { mustChange }) }],
          },
        ],
      },
    },
  ];

  it('60. repo.requireCompanion rule when src/**/*.ts, expect {name: "tests", match: "test/**"}: plan touches only src/a.ts, repo has test/a.test.ts → none; with mustChange: true → finding repo.requireCompanion.tests with triggers: ["src/a.ts"]', async () => {
    const root = await tempRoot({ "test/a.test.ts": "" });
    const spec = { artifacts: [{ path: "src/a.ts", content: "" }] };
    expect((await run(spec, companion(), root)).findings).toEqual([]);
    const report = await run(spec, companion(true), root);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.id).toBe("repo.requireCompanion.tests");
    expect(report.findings[0]?.path).toBeUndefined();
    expect(report.findings[0]?.facts).toEqual({
      when: "src/**/*.ts",
      expect: "test/**",
      name: "tests",
      mustChange: true,
      triggers: ["src/a.ts"],
    });
  });

  it("repo.requireCompanion: no trigger → rule skipped; a planned companion satisfies it", async () => {
    const root = await tempRoot();
    expect((await run({ artifacts: [{ path: "docs/a.md", content: "" }] }, companion(true), root)).findings).toEqual(
      [],
    );
    expect(
      (
        await run(
          {
            artifacts: [
              { path: "src/a.ts", content: "" },
              { path: "test/a.test.ts", content: "" },
            ],
          },
          companion(true),
          root,
        )
      ).findings,
    ).toEqual([]);
    expect(ids(await run({ artifacts: [{ path: "src/a.ts", content: "" }] }, companion(), root))).toEqual([
      "repo.requireCompanion.tests",
    ]);
  });
});

describe("repo.requireReference (§4.8)", () => {
  const rule = (extra: Record<string, unknown> = {}) => [
    {
      id: "repo.requireReference",
      predicate: "repo.requireReference",
      params: {
        rules: [{ name: "changelog", when: "src/**", in: "CHANGELOG.md", mustContain: "${basename}", ...extra }],
      },
    },
  ];

  it('61. repo.requireReference in: "CHANGELOG.md", mustContain: "${basename}": repo CHANGELOG lacks a.ts → finding source repo; plan also updates CHANGELOG to mention it → none', async () => {
    const root = await tempRoot({ "CHANGELOG.md": "# Changes\n- b.ts\n" });
    const report = await run({ artifacts: [{ path: "src/a.ts", content: "" }] }, rule(), root);
    expect(report.findings.map((f) => [f.id, f.path, f.facts])).toEqual([
      ["repo.requireReference.changelog", "src/a.ts", { in: "CHANGELOG.md", expected: "a.ts", source: "repo" }],
    ]);
    const both = await run(
      {
        artifacts: [
          { path: "src/a.ts", content: "" },
          { path: "CHANGELOG.md", op: "overwrite", content: "- a.ts\n" },
        ],
      },
      rule(),
      root,
    );
    expect(both.findings).toEqual([]);
  });

  it('62. requireReference with jsonPointer: "/files" and an array companion ["src/a.ts"] → contains by equality; pointer to a number → ERR_PROVIDER_FAILED', async () => {
    const root = await tempRoot({ "index.json": JSON.stringify({ files: ["src/a.ts"], n: 3 }) });
    const params = { in: "index.json", mustContain: "${path}" };
    const ok = await run(
      { artifacts: [{ path: "src/a.ts", content: "" }] },
      rule({ ...params, jsonPointer: "/files" }),
      root,
    );
    expect(ok.findings).toEqual([]);
    const missing = await run(
      { artifacts: [{ path: "src/b.ts", content: "" }] },
      rule({ ...params, jsonPointer: "/files" }),
      root,
    );
    expect(missing.findings[0]?.facts).toEqual({
      in: "index.json",
      expected: "src/b.ts",
      source: "repo",
      jsonPointer: "/files",
    });
    const num = await run(
      { artifacts: [{ path: "src/a.ts", content: "" }] },
      rule({ ...params, jsonPointer: "/n" }),
      root,
    );
    expect(num.findings[0]).toMatchObject({
      id: "repo.requireReference",
      path: "src/a.ts",
      facts: { code: "ERR_PROVIDER_FAILED", __provider: true },
    });
    expect(num.verdict).toBe("error");
  });

  it("requireReference: pointer that does not resolve, or a non-JSON companion, → ERR_PROVIDER_FAILED; object companion → own key", async () => {
    const root = await tempRoot({ "map.json": JSON.stringify({ files: { "a.ts": 1 } }), "bad.json": "{" });
    const spec = { artifacts: [{ path: "src/a.ts", content: "" }] };
    expect((await run(spec, rule({ in: "map.json", jsonPointer: "/files" }), root)).findings).toEqual([]);
    expect((await run(spec, rule({ in: "map.json", jsonPointer: "/nope" }), root)).findings[0]?.facts.code).toBe(
      "ERR_PROVIDER_FAILED",
    );
    expect((await run(spec, rule({ in: "bad.json", jsonPointer: "" }), root)).findings[0]?.facts.code).toBe(
      "ERR_PROVIDER_FAILED",
    );
  });

  it("63. requireReference with the plan deleting the companion → finding source absent, mustChange in facts", async () => {
    const root = await tempRoot({ "CHANGELOG.md": "a.ts" });
    const report = await run(
      {
        artifacts: [
          { path: "src/a.ts", content: "" },
          { path: "CHANGELOG.md", op: "delete" },
        ],
      },
      rule(),
      root,
    );
    expect(report.findings.map((f) => [f.id, f.facts])).toEqual([
      [
        "repo.requireReference.changelog",
        { in: "CHANGELOG.md", expected: "a.ts", source: "absent", mustChange: false },
      ],
    ]);
    expect(report.verdict).toBe("fail");
  });

  it("requireReference mustChange: true with the companion not in the plan → absent even when the repo mentions it", async () => {
    const root = await tempRoot({ "CHANGELOG.md": "a.ts" });
    const report = await run({ artifacts: [{ path: "src/a.ts", content: "" }] }, rule({ mustChange: true }), root);
    expect(report.findings[0]?.facts).toMatchObject({ source: "absent", mustChange: true });
  });

  it("64. requireReference companion not UTF-8 → ERR_PROVIDER_FAILED per trigger", async () => {
    const root = await tempRoot({ "CHANGELOG.md": new Uint8Array([0xc3, 0x28]) });
    const report = await run(
      {
        artifacts: [
          { path: "src/a.ts", content: "" },
          { path: "src/b.ts", content: "" },
        ],
      },
      rule(),
      root,
    );
    expect(report.findings.map((f) => [f.id, f.path, f.facts.code])).toEqual([
      ["repo.requireReference", "src/a.ts", "ERR_PROVIDER_FAILED"],
      ["repo.requireReference", "src/b.ts", "ERR_PROVIDER_FAILED"],
    ]);
  });

  it("requireReference repo companion over the 8 MiB read cap → ERR_PROVIDER_FAILED (exists but unreadable)", async () => {
    const root = await tempRoot();
    await writeTree(root, "CHANGELOG.md", new Uint8Array(8 * 1024 * 1024 + 1).fill(0x61));
    const report = await run({ artifacts: [{ path: "src/a.ts", content: "" }] }, rule(), root);
    expect(report.findings[0]?.facts.code).toBe("ERR_PROVIDER_FAILED");
  });
});

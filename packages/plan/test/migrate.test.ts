// migrateV1 (sources.md §5): every mapping, the report, dropped reasons and determinism.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { migrateV1 } from "@codai/axiom-plan";
import { PlanSchema } from "@codai/axiom-schema";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";

const v1 = (artifacts: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ version: "1.0.3", ...extra, artifacts });
const run = (json: unknown, opts: Record<string, unknown> = {}) => migrateV1(json, { version: "v1", ...opts });

describe("migrate v1: artifacts", () => {
  it('"`migrate v1` on `{ version: "1.0.3", artifacts: [{ path: "./a\\\\b.txt", contentUtf8: "x" }] }` → Plan artifact `a/b.txt`, inline utf8 `x`, `op: create`"', async () => {
    const { plan, report } = await run(v1([{ path: "./a\\b.txt", contentUtf8: "x" }]));
    expect(plan.artifacts).toEqual([
      { path: "a/b.txt", mode: "0644", op: "create", source: { type: "inline", content: "x", encoding: "utf8" } },
    ]);
    expect(report.ok).toBe(true);
    expect(report.artifacts).toEqual({ total: 1, inline: 1, cas: 0, unresolved: 0, skipped: 0 });
    expect(PlanSchema.safeParse(plan).success).toBe(true);
  });

  it("leading `./` is stripped repeatedly; `--overwrite` → `op: overwrite`", async () => {
    const { plan } = await run(v1([{ path: "././.\\x.txt", contentUtf8: "x" }]), { overwrite: true });
    expect(plan.artifacts[0]?.path).toBe("x.txt");
    expect(plan.artifacts[0]?.op).toBe("overwrite");
  });

  it('"`migrate v1` on `{ version: "2.0" … }` → `ERR_INVALID_MANIFEST`"; a non-JSON input too', async () => {
    const bad = await expectCode(
      run(JSON.stringify({ version: "2.0", artifacts: [{ path: "a", contentUtf8: "x" }] })),
      "ERR_INVALID_MANIFEST",
    );
    expect(Array.isArray(bad.details?.issues)).toBe(true);
    await expectCode(run("{not json"), "ERR_INVALID_MANIFEST");
    await expectCode(run(v1([])), "ERR_INVALID_MANIFEST");
  });

  it("`contentBase64` must be canonical padded base64, else ERR_INVALID_MANIFEST", async () => {
    await expectCode(run(v1([{ path: "a", contentBase64: "eA" }])), "ERR_INVALID_MANIFEST");
    const { plan } = await run(v1([{ path: "a", contentBase64: Buffer.from([0, 1, 2]).toString("base64") }]));
    expect(plan.artifacts[0]?.source).toEqual({ type: "inline", content: "AAEC", encoding: "base64" });
  });

  it('"`migrate v1` with `kind: "dir"` only → `ERR_INVALID_PLAN` `details.skipped: 1`"', async () => {
    const e = await expectCode(run(v1([{ path: "src", kind: "dir" }])), "ERR_INVALID_PLAN");
    expect(e.details).toEqual({ skipped: 1 });
  });

  it('"`migrate v1` with path `../x` → `ERR_PATH_NOT_RELATIVE_POSIX`" `details: { original, issues }`', async () => {
    const e = await expectCode(run(v1([{ path: "../x", contentUtf8: "x" }])), "ERR_PATH_NOT_RELATIVE_POSIX");
    expect(e.details?.original).toBe("../x");
    expect(Array.isArray(e.details?.issues)).toBe(true);
  });

  it('"`migrate v1` with `a.txt` and `./a.txt` → `ERR_INVALID_PLAN` (duplicate)"', async () => {
    await expectCode(
      run(
        v1([
          { path: "a.txt", contentUtf8: "1" },
          { path: "./a.txt", contentUtf8: "2" },
        ]),
      ),
      "ERR_INVALID_PLAN",
    );
  });

  it('"`migrate v1` with `contentUtf8` and a wrong declared `sha256` → one warning, Plan uses the content"', async () => {
    const { plan, report } = await run(v1([{ path: "a", contentUtf8: "x", sha256: "0".repeat(64) }]));
    expect(report.ok).toBe(false);
    expect(report.warnings).toHaveLength(1);
    expect(plan.artifacts[0]?.source).toEqual({ type: "inline", content: "x", encoding: "utf8" });
    expect((plan.metadata.migration as { warnings: string[] }).warnings).toEqual(report.warnings);
  });

  it("a wrong declared `bytes` with content → warning only", async () => {
    const { report } = await run(v1([{ path: "a", contentUtf8: "x", bytes: 7 }]));
    expect(report.warnings).toHaveLength(1);
  });

  it('"hash-only artifact, `--content` file with other bytes → `ERR_DIGEST_MISMATCH`" `{ expected, actual }`', async () => {
    const declared = sha256Hex(new TextEncoder().encode("expected"));
    const e = await expectCode(
      run(v1([{ path: "a.txt", sha256: declared }]), { resolveContent: async () => new TextEncoder().encode("other") }),
      "ERR_DIGEST_MISMATCH",
    );
    expect(e.details).toEqual({
      expected: `sha256:${declared}`,
      actual: `sha256:${sha256Hex(new TextEncoder().encode("other"))}`,
    });
  });

  it("hash-only artifact with matching resolved content → inline source; bytes mismatch → warning", async () => {
    const bytes = new TextEncoder().encode("resolved\n");
    const { plan, report } = await run(v1([{ path: "a.txt", sha256: sha256Hex(bytes), bytes: 1 }]), {
      resolveContent: async (p: string) => (p === "a.txt" ? bytes : undefined),
    });
    expect(plan.artifacts[0]?.source).toEqual({ type: "inline", content: "resolved\n", encoding: "utf8" });
    expect(report.warnings).toHaveLength(1);
  });

  it('"hash-only artifact, no file → `{ type: "cas", digest: "sha256:<declared>" }`, `report.artifacts.unresolved: 1`" with a warning', async () => {
    const declared = "a".repeat(64);
    const { plan, report } = await run(v1([{ path: "a.txt", sha256: declared }]), {
      resolveContent: async () => undefined,
    });
    expect(plan.artifacts[0]?.source).toEqual({ type: "cas", digest: `sha256:${declared}` });
    expect(report.artifacts.unresolved).toBe(1);
    expect(report.ok).toBe(false);
  });

  it('"`migrate v1` artifact with neither content nor sha256 → `ERR_BLOB_MISSING`"', async () => {
    await expectCode(run(v1([{ path: "a.txt" }])), "ERR_BLOB_MISSING");
  });

  it('"`migrate v1` with 300 KiB `contentUtf8`, no `--cas` → `ERR_BLOB_TOO_LARGE`; with `--cas <root>` → CAS source, blob present in that CAS"', async () => {
    const content = "a".repeat(300 * 1024);
    const e = await expectCode(run(v1([{ path: "big.txt", contentUtf8: content }])), "ERR_BLOB_TOO_LARGE");
    expect(e.details).toEqual({ bytes: 300 * 1024, max: 262_144 });
    const { root } = await tempRepo();
    const { plan, report } = await run(v1([{ path: "big.txt", contentUtf8: content }]), { casRoot: root });
    const hex = sha256Hex(new TextEncoder().encode(content));
    expect(plan.artifacts[0]?.source).toEqual({ type: "cas", digest: `sha256:${hex}` });
    expect(report.artifacts.cas).toBe(1);
    expect(await readFile(join(root, ".axiom", "cas", "sha256", hex.slice(0, 2), hex), "utf8")).toBe(content);
  });

  it("binary content over 262 144 bytes without --cas → ERR_BLOB_TOO_LARGE (the byte cap of both encodings, SEC-31); NUL bytes go base64", async () => {
    const big = Buffer.alloc(262_145, 0);
    const e = await expectCode(
      run(v1([{ path: "b.bin", contentBase64: big.toString("base64") }])),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(e.details).toEqual({ bytes: 262_145, max: 262_144 });
    const at = await run(v1([{ path: "c.bin", contentBase64: Buffer.alloc(262_144, 0).toString("base64") }]));
    expect(at.plan.artifacts[0]?.source).toMatchObject({ encoding: "base64" });
    const { plan } = await run(v1([{ path: "n.txt", contentUtf8: "a\u0000b" }]));
    expect(plan.artifacts[0]?.source).toMatchObject({ encoding: "base64" });
  });

  it("a failed migration writes nothing to the CAS", async () => {
    const { root } = await tempRepo();
    await expectCode(
      run(v1([{ path: "a.txt", contentUtf8: "x" }, { path: "b.txt" }]), { casRoot: root }),
      "ERR_BLOB_MISSING",
    );
    await expect(readFile(join(root, ".axiom", "cas", "sha256"))).rejects.toThrow();
  });
});

describe("migrate v1: checks", () => {
  it('"`migrate v1` profile `budget` → checks `v1-budget-max-bundle-size-kb` (`manifest.maxTotalBytes` 512000) then `v1-budget-max-dependencies` (`deps.max` 5); `no_analytics`, `no_telemetry` dropped"', async () => {
    const { plan, report } = await run(v1([{ path: "a", contentUtf8: "x" }], { profile: "budget" }));
    expect(plan.checks).toEqual([
      { id: "v1-budget-max-bundle-size-kb", predicate: "manifest.maxTotalBytes", params: { max: 512_000 } },
      { id: "v1-budget-max-dependencies", predicate: "deps.max", params: { max: 5 } },
    ]);
    expect(report.checks).toBe(2);
    const reason = "runtime metric; v2 checks are static predicates";
    expect(report.dropped).toEqual([
      { field: "version", reason: "v1 format version; kept in metadata.migration.source.version" },
      { field: "profile.budget.no_analytics", reason },
      { field: "profile.budget.no_telemetry", reason },
    ]);
  });

  it('"`migrate v1` profile `edge` → `content.maxBytes { max: 52428800 }` only"', async () => {
    const { plan, report } = await run(v1([{ path: "a", contentUtf8: "x" }], { profile: "edge" }));
    expect(plan.checks).toEqual([
      { id: "v1-edge-max-artifact-size-mb", predicate: "content.maxBytes", params: { max: 52_428_800 } },
    ]);
    expect(report.dropped.map((d) => d.field)).toEqual([
      "version",
      "profile.edge.timeout_ms",
      "profile.edge.memory_mb",
      "profile.edge.cold_start_ms",
      "profile.edge.no_fs_heavy",
    ]);
  });

  it('unknown v1 profile → one dropped entry `profile` (`unknown v1 profile "<p>"`); `default` → no checks', async () => {
    const unknown = await run(v1([{ path: "a", contentUtf8: "x" }], { profile: "turbo" }));
    expect(unknown.report.dropped).toContainEqual({ field: "profile", reason: 'unknown v1 profile "turbo"' });
    expect(unknown.plan.checks).toEqual([]);
    const def = await run(v1([{ path: "a", contentUtf8: "x" }], { profile: "default" }));
    expect(def.plan.checks).toEqual([]);
  });

  it('"`migrate v1` evidence with `scan.artifacts.no_personal_data()` twice → one `content.noSecrets` check, second dropped as duplicate"', async () => {
    const expr = { expression: "scan.artifacts.no_personal_data()" };
    const { plan, report } = await run(
      v1([{ path: "a", contentUtf8: "x" }], {
        evidence: [
          { checkName: "pii", details: expr },
          { checkName: "pii-again", details: expr },
          { kind: "sla", details: { expression: "p99 < 100" } },
          { checkName: "perf", kind: "unit" },
          { checkName: "other", details: { expression: "x()" } },
          { checkName: "nothing" },
        ],
      }),
    );
    expect(plan.checks).toEqual([{ id: "pii", predicate: "content.noSecrets", params: {} }]);
    expect(report.dropped).toEqual([
      { field: "version", reason: "v1 format version; kept in metadata.migration.source.version" },
      { field: "evidence[1] (pii-again)", reason: "duplicate of an earlier content.noSecrets check" },
      { field: "evidence[2] (v1-check-2)", reason: "sla evidence is a runtime measurement" },
      { field: "evidence[3] (perf)", reason: "unit evidence is a runtime measurement" },
      { field: "evidence[4] (other)", reason: 'no v2 predicate for expression "x()"' },
      { field: "evidence[5] (nothing)", reason: "no v2 predicate for expression null" },
    ]);
  });

  it("an evidence check whose name is already used by an earlier check gets id `<name>-<i>`", async () => {
    const { plan } = await run(
      v1([{ path: "a", contentUtf8: "x" }], {
        profile: "edge",
        evidence: [
          { checkName: "v1-edge-max-artifact-size-mb", details: { expression: "scan.artifacts.no_personal_data()" } },
        ],
      }),
    );
    expect(plan.checks.map((c) => c.id)).toEqual(["v1-edge-max-artifact-size-mb", "v1-edge-max-artifact-size-mb-0"]);
  });
});

describe("migrate v1: output Plan and report", () => {
  it("dropped order: top-level keys in input key order, then per-artifact entries, then profile, then evidence; exact reasons", async () => {
    const json = JSON.stringify({
      createdAt: "2024-01-01T00:00:00Z",
      version: "1.2.0",
      buildId: 7,
      profile: "budget",
      irHash: "abc",
      vendor: "x",
      artifacts: [
        { path: "dist", kind: "dir" },
        {
          kind: "file",
          path: "a.txt",
          contentUtf8: "x",
          sha256: sha256Hex(new TextEncoder().encode("x")),
          bytes: 1,
          owner: "me",
        },
      ],
      evidence: [{ checkName: "e", kind: "sla" }],
    });
    const { report, plan } = await run(json);
    expect(report.dropped).toEqual([
      { field: "createdAt", reason: "timestamp; nothing hashed in v2 carries a clock value" },
      { field: "version", reason: "v1 format version; kept in metadata.migration.source.version" },
      { field: "buildId", reason: "v2 identifies a build by manifestDigest" },
      { field: "irHash", reason: "v2 hashes the plan as planDigest" },
      { field: "vendor", reason: "no v2 equivalent" },
      { field: "artifacts[0] (dist)", reason: "v2 artifacts are files; directories are implicit" },
      { field: "artifacts[1].kind", reason: "v2 artifacts are files; directories are implicit" },
      { field: "artifacts[1].sha256", reason: "v2 recomputes digests at compile" },
      { field: "artifacts[1].bytes", reason: "v2 recomputes sizes at compile" },
      { field: "artifacts[1].owner", reason: "no v2 equivalent" },
      { field: "profile.budget.no_analytics", reason: "runtime metric; v2 checks are static predicates" },
      { field: "profile.budget.no_telemetry", reason: "runtime metric; v2 checks are static predicates" },
      { field: "evidence[0] (e)", reason: "sla evidence is a runtime measurement" },
    ]);
    expect(report.ok).toBe(true);
    expect(report.artifacts).toEqual({ total: 2, inline: 1, cas: 0, unresolved: 0, skipped: 1 });
    expect(plan.metadata).toEqual({
      migration: {
        from: "v1",
        tool: "axiom migrate",
        version: "2.0.0",
        source: { version: "1.2.0", profile: "budget" },
        dropped: report.dropped,
        warnings: [],
      },
    });
    expect(plan.name).toBe("migrated-v1-budget");
    expect(plan.intent).toBe("Migrated from AXIOM v1 manifest (profile budget, 1 artifacts)");
    expect(plan.profile).toBe("default");
  });

  it('"`migrate v1` same input twice → byte-identical JSON output; `metadata.migration.version` = `"2.0.0"`"', async () => {
    const input = v1(
      [
        { path: "a", contentUtf8: "x" },
        { path: "b", sha256: "b".repeat(64) },
      ],
      { profile: "edge" },
    );
    const a = JSON.stringify(await run(input));
    const b = JSON.stringify(await run(input));
    expect(a).toBe(b);
    expect((JSON.parse(a).plan.metadata.migration as { version: string }).version).toBe("2.0.0");
  });

  it('"`migrate v1` `--name "My Project!"` → name `my-project`"; other names normalised; `--profile` written', async () => {
    const input = v1([{ path: "a", contentUtf8: "x" }]);
    expect((await run(input, { name: "My Project!" })).plan.name).toBe("my-project");
    expect((await run(input, { name: "!!!" })).plan.name).toBe("migrated-v1");
    expect((await run(input, { name: "x".repeat(80) })).plan.name).toBe("x".repeat(64));
    expect((await run(input)).plan.name).toBe("migrated-v1-manifest");
    const p = (await run(input, { profile: "strict" })).plan;
    expect(p.profile).toBe("strict");
    expect(p.intent).toBe("Migrated from AXIOM v1 manifest (profile none, 1 artifacts)");
  });
});

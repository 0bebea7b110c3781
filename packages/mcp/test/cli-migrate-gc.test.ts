// `axiom migrate v1` (cli.md §7.19, sources.md §5.6) and `axiom gc` (cli.md §7.11, sources.md §6),
// spawned for real on the built dist: exit codes, stdout documents, usage errors.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliRun, errorLine, helloPlan, runCli, type TempDir, tempDir } from "./cli-run";

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir("axiom-migrate-gc-");
});
afterEach(async () => {
  await tmp.cleanup();
});

const cli = (args: string[]) => runCli(args, { cwd: tmp.dir });

function expectUsage(run: CliRun): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(errorLine(run).code).toBe("ERR_USAGE");
}

function expectError(run: CliRun, code: string): Record<string, unknown> {
  expect(run.stdout).toBe("");
  expect(run.code).toBe(2);
  const err = errorLine(run);
  expect(err.code).toBe(code);
  return err;
}

describe("axiom migrate v1", () => {
  it('"`migrate v1` on { version: "1.0.3", artifacts: [{ path: "./a\\\\b.txt", contentUtf8: "x" }] } → Plan artifact `a/b.txt`, inline utf8 `x`, `op: create`, exit 0"', async () => {
    await tmp.write(
      "m.json",
      JSON.stringify({ version: "1.0.3", artifacts: [{ path: "./a\\b.txt", contentUtf8: "x" }] }),
    );
    const run = await cli(["migrate", "v1", "m.json"]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { plan: { artifacts: unknown[] }; report: { ok: boolean } };
    expect(Object.keys(doc)).toEqual(["plan", "report"]);
    expect(doc.plan.artifacts).toEqual([
      { path: "a/b.txt", mode: "0644", op: "create", source: { type: "inline", content: "x", encoding: "utf8" } },
    ]);
    expect(doc.report.ok).toBe(true);
    expect(run.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
  });

  it("the migrated Plan compiles", async () => {
    await tmp.write("m.json", JSON.stringify({ version: "1.0.3", artifacts: [{ path: "a.txt", contentUtf8: "x" }] }));
    const run = await cli(["migrate", "v1", "m.json", "-o", "plan.json"]);
    expect(run.code).toBe(0);
    const compiled = await cli(["compile", "plan.json"]);
    expect(compiled.code).toBe(0);
  });

  it('"`migrate v1` on `{ version: "2.0" … }` → `ERR_INVALID_MANIFEST`, exit 2"; "on a non-JSON file → `ERR_INVALID_MANIFEST`, exit 2"', async () => {
    await tmp.write("v2.json", JSON.stringify({ version: "2.0", artifacts: [{ path: "a", contentUtf8: "x" }] }));
    expectError(await cli(["migrate", "v1", "v2.json"]), "ERR_INVALID_MANIFEST");
    await tmp.write("text.json", "this is not json");
    expectError(await cli(["migrate", "v1", "text.json"]), "ERR_INVALID_MANIFEST");
    const missing = expectError(await cli(["migrate", "v1", "nope.json"]), "ERR_NOT_FOUND");
    expect(missing.details).toEqual({ file: "nope.json" });
  });

  it('"`migrate v2 x.json` → usage error, exit 2"; wrong positional count → usage error', async () => {
    await tmp.write("x.json", "{}");
    expectUsage(await cli(["migrate", "v2", "x.json"]));
    expectUsage(await cli(["migrate", "v1"]));
    expectUsage(await cli(["migrate", "v1", "x.json", "y.json"]));
  });

  it('"a migration with warnings → exit 1 with `{plan, report}` on stdout" (contentUtf8 + wrong declared sha256: one warning, Plan uses the content)', async () => {
    await tmp.write(
      "m.json",
      JSON.stringify({ version: "1.0.0", artifacts: [{ path: "a.txt", contentUtf8: "x", sha256: "0".repeat(64) }] }),
    );
    const run = await cli(["migrate", "v1", "m.json"]);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout) as {
      plan: { artifacts: { source: unknown }[] };
      report: { ok: boolean; warnings: string[] };
    };
    expect(doc.report.ok).toBe(false);
    expect(doc.report.warnings).toHaveLength(1);
    expect(doc.plan.artifacts[0]?.source).toEqual({ type: "inline", content: "x", encoding: "utf8" });
  });

  it('"hash-only artifact, `--content` file with other bytes → `ERR_DIGEST_MISMATCH`, exit 2"; default content dir = the manifest\'s directory', async () => {
    const declared = sha256Hex(new TextEncoder().encode("right\n"));
    await tmp.write(
      "in/m.json",
      JSON.stringify({ version: "1.0.0", artifacts: [{ path: "src/a.txt", sha256: declared }] }),
    );
    await tmp.write("other/src/a.txt", "wrong\n");
    expectError(await cli(["migrate", "v1", "in/m.json", "--content", "other"]), "ERR_DIGEST_MISMATCH");
    await tmp.write("in/src/a.txt", "right\n");
    const ok = await cli(["migrate", "v1", "in/m.json"]);
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as { plan: { artifacts: { source: unknown }[] } }).plan.artifacts[0]?.source).toEqual(
      {
        type: "inline",
        content: "right\n",
        encoding: "utf8",
      },
    );
  });

  it('"hash-only artifact, no file → `{ type: "cas", digest: "sha256:<declared>" }`, `report.artifacts.unresolved: 1`, exit 1"', async () => {
    const declared = "f".repeat(64);
    await tmp.write("m.json", JSON.stringify({ version: "1.0.0", artifacts: [{ path: "a.txt", sha256: declared }] }));
    const run = await cli(["migrate", "v1", "m.json"]);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout) as {
      plan: { artifacts: { source: unknown }[] };
      report: { artifacts: { unresolved: number } };
    };
    expect(doc.plan.artifacts[0]?.source).toEqual({ type: "cas", digest: `sha256:${declared}` });
    expect(doc.report.artifacts.unresolved).toBe(1);
  });

  it('"with `-o` the Plan is written (pretty JSON + LF) and stdout is `{ ...report, out }`"; `--cas <root>` → CAS source, blob present', async () => {
    const content = "a".repeat(300 * 1024);
    await tmp.write(
      "m.json",
      JSON.stringify({ version: "1.0.0", profile: "budget", artifacts: [{ path: "big.txt", contentUtf8: content }] }),
    );
    expectError(await cli(["migrate", "v1", "m.json", "-o", "p.json"]), "ERR_BLOB_TOO_LARGE");
    expect(existsSync(tmp.path("p.json"))).toBe(false);
    mkdirSync(tmp.path("cas-root"));
    const run = await cli([
      "migrate",
      "v1",
      "m.json",
      "-o",
      "p.json",
      "--cas",
      "cas-root",
      "--name",
      "My Project!",
      "--profile",
      "strict",
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(["ok", "artifacts", "checks", "dropped", "warnings", "out"]);
    expect(summary.out).toBe(tmp.path("p.json"));
    const text = readFileSync(tmp.path("p.json"), "utf8");
    const plan = JSON.parse(text) as { name: string; profile: string; artifacts: { source: { digest: string } }[] };
    expect(text).toBe(`${JSON.stringify(plan, null, 2)}\n`);
    expect(plan.name).toBe("my-project");
    expect(plan.profile).toBe("strict");
    const hex = sha256Hex(new TextEncoder().encode(content));
    expect(plan.artifacts[0]?.source.digest).toBe(`sha256:${hex}`);
    expect(existsSync(tmp.path("cas-root", ".axiom", "cas", "sha256", hex.slice(0, 2), hex))).toBe(true);
  });

  it("`--cas` that is not a directory → ERR_ROOT_NOT_DIR, exit 2", async () => {
    await tmp.write("m.json", JSON.stringify({ version: "1.0.0", artifacts: [{ path: "a", contentUtf8: "x" }] }));
    expectError(await cli(["migrate", "v1", "m.json", "--cas", "missing-dir"]), "ERR_ROOT_NOT_DIR");
  });
});

/** A root with one compiled `--store cas` manifest (blob live) and one unreferenced blob. */
async function gcRoot(): Promise<{ root: string; orphan: string; orphanFile: string }> {
  const root = tmp.path("R");
  mkdirSync(root);
  await tmp.write("plan.json", JSON.stringify(helloPlan()));
  const compiled = await cli(["compile", "plan.json", "--store", "cas", "--root", "R"]);
  expect(compiled.code).toBe(0);
  const orphan = sha256Hex(new TextEncoder().encode("orphan"));
  const orphanFile = join(root, ".axiom", "cas", "sha256", orphan.slice(0, 2), orphan);
  mkdirSync(dirname(orphanFile), { recursive: true });
  writeFileSync(orphanFile, "orphan");
  return { root, orphan, orphanFile };
}

describe("axiom gc", () => {
  it('"`gc --root r --dry-run` → report, nothing deleted, exit 0"; then a real run removes the unreferenced blob', async () => {
    const { root, orphan, orphanFile } = await gcRoot();
    const dry = await cli(["gc", "--root", "R", "--dry-run"]);
    expect(dry.code).toBe(0);
    const report = JSON.parse(dry.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      root,
      keep: "all-manifests",
      dryRun: true,
      scanned: 3,
      live: 2,
      missing: 0,
      removed: [{ sha: orphan, bytes: 6 }],
      skippedYoung: 0,
      freedBytes: 6,
    });
    expect(dry.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(existsSync(orphanFile)).toBe(true);
    const real = await cli(["gc", "--root", "R"]);
    expect(real.code).toBe(0);
    expect(JSON.parse(real.stdout)).toEqual({ ...report, dryRun: false });
    expect(existsSync(orphanFile)).toBe(false);
    expect(real.stderr).toBe("");
  });

  it('"`gc --root r --keep everything` and `--older-than 5w` → usage error"; "`gc --older-than 5x` → usage error, exit 2"; `--root` required', async () => {
    mkdirSync(tmp.path("R"));
    expectUsage(await cli(["gc", "--root", "R", "--keep", "everything"]));
    expectUsage(await cli(["gc", "--root", "R", "--older-than", "5w"]));
    expectUsage(await cli(["gc", "--root", "R", "--older-than", "5x"]));
    expectUsage(await cli(["gc"]));
    expectUsage(await cli(["gc", "--root", "R", "--dry-run=1"]));
    const ok = await cli(["gc", "--root", "R", "--older-than", " 10 ", "--keep", "journal"]);
    expect(ok.code).toBe(0);
    expectError(await cli(["gc", "--root", "nope"]), "ERR_ROOT_NOT_DIR");
  });

  it('"`gc` while another process holds the lock → `ERR_LOCKED` after ~1 s, exit 2, nothing deleted"', async () => {
    const { root, orphanFile } = await gcRoot();
    // The holder: this test process (alive, same host).
    const record = {
      pid: process.pid,
      hostname: hostname(),
      startedAt: new Date().toISOString(),
      manifestDigest: `sha256:${"a".repeat(64)}`,
    };
    writeFileSync(join(root, ".axiom", "lock"), JSON.stringify(record));
    const start = Date.now();
    const err = expectError(await cli(["gc", "--root", "R"]), "ERR_LOCKED");
    expect(Date.now() - start).toBeGreaterThanOrEqual(900);
    expect((err.details as { holder: { pid: number } }).holder.pid).toBe(process.pid);
    expect(existsSync(orphanFile)).toBe(true);
  });

  it('"`gc` with a journal naming an unstored manifest → `ERR_BLOB_MISSING`, nothing deleted"; a non-JSON stored manifest → `ERR_INVALID_MANIFEST`', async () => {
    const { root, orphanFile } = await gcRoot();
    const hex = "c".repeat(64);
    const journal = join(root, ".axiom", "journal", `${hex}.json`);
    mkdirSync(dirname(journal), { recursive: true });
    writeFileSync(
      journal,
      JSON.stringify({
        manifestDigest: `sha256:${hex}`,
        phase: "committed",
        steps: [],
        startedAt: new Date().toISOString(),
        pid: 1,
      }),
    );
    const err = expectError(await cli(["gc", "--root", "R"]), "ERR_BLOB_MISSING");
    expect(err.details).toEqual({ manifestDigest: `sha256:${hex}`, file: journal });
    expect(existsSync(orphanFile)).toBe(true);

    rmSync(journal);
    const manifests = join(root, ".axiom", "manifests");
    const stored = readdirSync(manifests)[0] as string;
    writeFileSync(join(manifests, stored), "not json");
    expectError(await cli(["gc", "--root", "R", "--keep", "all-manifests"]), "ERR_INVALID_MANIFEST");
    expect(existsSync(orphanFile)).toBe(true);
  });
});

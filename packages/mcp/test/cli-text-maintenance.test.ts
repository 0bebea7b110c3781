// Issue 21: migrate and snapshot-diff print text for a person on a terminal (a real pseudo-terminal)
// and the same JSON documents as before when piped or with --json (CLI-O1); schema prints its JSON
// Schema on a terminal too, and its help says so (CLI-R1).
import { rm, stat } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let cwd: string;

beforeAll(async () => {
  t = await tempDir("axiom-text-maint-");
  cwd = t.dir;
});
afterAll(() => t.cleanup());

const NO_COLOR = { NO_COLOR: "1" };

describe("axiom migrate v1", () => {
  beforeAll(async () => {
    await t.write("m/ok.json", JSON.stringify({ version: "1.0.3", artifacts: [{ path: "a.txt", contentUtf8: "x" }] }));
    await t.write(
      "m/warn.json",
      JSON.stringify({
        version: "1.0.0",
        buildId: "b-7",
        artifacts: [
          { path: "a.txt", contentUtf8: "x", sha256: "0".repeat(64) },
          { path: "docs", kind: "dir" },
        ],
      }),
    );
    await t.write("m/dirs.json", JSON.stringify({ version: "1.0.0", artifacts: [{ path: "docs", kind: "dir" }] }));
  });

  it("terminal, -o: what was migrated, where the Plan went, and the compile to run next", async () => {
    const tty = await runCliTty(["migrate", "v1", "m/ok.json", "-o", "plan.json"], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(0);
    expect(tty.output).toBe(
      [
        "MIGRATED v1 m/ok.json → Plan migrated-v1-manifest: 1 artifact (1 inline, 0 cas), 0 checks",
        "  dropped version: v1 format version; kept in metadata.migration.source.version",
        "  wrote plan.json",
        "next:",
        "  axiom compile plan.json --root . -o plan.bundle.json",
        "",
      ].join("\n"),
    );
    const coloured = await runCliTty(["migrate", "v1", "m/ok.json"], { cwd });
    expect(coloured.output).toContain("\u001b[32mMIGRATED\u001b[0m");
    expect(coloured.plain).toContain("  the Plan itself: add -o <plan.json> to write it, or --json to print it\n");
  });

  it("terminal, warnings: MIGRATED WITH WARNINGS, each warning and the skipped directory, exit 1", async () => {
    const tty = await runCliTty(["migrate", "v1", "m/warn.json"], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(1);
    const lines = tty.output.split("\n");
    expect(lines[0]).toBe(
      "MIGRATED WITH WARNINGS v1 m/warn.json → Plan migrated-v1-manifest: 1 artifact (1 inline, 0 cas), 1 directory skipped, 0 checks",
    );
    expect(lines[1]).toMatch(/^ {2}warning: artifacts\[0\] \(a\.txt\): declared sha256 0{64} differs/);
    expect(lines).toContain("  dropped buildId: v2 identifies a build by manifestDigest");
    expect(lines).toContain("  dropped artifacts[1] (docs): v2 artifacts are files; directories are implicit");
  });

  it("nothing to migrate: a manifest of directories only is refused in words, exit 2, no Plan written", async () => {
    const tty = await runCliTty(["migrate", "v1", "m/dirs.json", "-o", "dirs.plan.json"], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(2);
    expect(tty.output).toBe(
      "error ERR_INVALID_PLAN: the v1 manifest has no file artifacts\n  hint: nothing to migrate: the v1 manifest lists only directories, and v2 artifacts are files\n",
    );
    const piped = await runCli(["migrate", "v1", "m/dirs.json", "-o", "dirs.plan.json"], { cwd });
    expect(piped.stdout).toBe("");
    expect(JSON.parse(piped.stderr)).toMatchObject({ code: "ERR_INVALID_PLAN", details: { skipped: 1 } });
    await expect(stat(t.path("dirs.plan.json"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("piped and --json: `{plan, report}`, and with -o the report plus `out`, as before", async () => {
    const piped = await runCli(["migrate", "v1", "m/warn.json"], { cwd });
    expect(piped.code).toBe(1);
    const doc = JSON.parse(piped.stdout);
    expect(Object.keys(doc)).toEqual(["plan", "report"]);
    expect(Object.keys(doc.report)).toEqual(["ok", "artifacts", "checks", "dropped", "warnings"]);
    const json = await runCliTty(["migrate", "v1", "m/warn.json", "--json"], { cwd });
    expect(JSON.parse(json.output)).toEqual(doc);
    const out = JSON.parse((await runCli(["migrate", "v1", "m/ok.json", "-o", "p2.json"], { cwd })).stdout);
    expect(Object.keys(out)).toEqual(["ok", "artifacts", "checks", "dropped", "warnings", "out"]);
    expect(out.out).toBe(t.path("p2.json"));
  });
});

describe("axiom snapshot-diff", () => {
  beforeAll(async () => {
    await t.write("tree/keep.txt", "same\n");
    await t.write("tree/edit.txt", "one\n");
    await t.write("tree/gone.txt", "bye\n");
    await runCli(["snapshot", "--root", "tree", "-o", "before.json"], { cwd });
    await t.write("tree/edit.txt", "two\n");
    await t.write("tree/new.txt", "hi\n");
    await rm(t.path("tree/gone.txt"));
    await runCli(["snapshot", "--root", "tree", "-o", "after.json"], { cwd });
  });

  it("terminal: a summary line, then added / removed / changed paths", async () => {
    const tty = await runCliTty(["snapshot-diff", "before.json", "after.json"], { cwd, env: NO_COLOR });
    expect(tty.code).toBe(0);
    expect(tty.output).toBe(
      [
        "SNAPSHOT DIFF before.json → after.json: 1 added, 1 removed, 1 changed",
        "  added   new.txt",
        "  removed gone.txt",
        "  changed edit.txt",
        "",
      ].join("\n"),
    );
    const coloured = await runCliTty(["snapshot-diff", "before.json", "after.json"], { cwd });
    expect(coloured.output).toContain("\u001b[31mremoved\u001b[0m gone.txt");
  });

  it("terminal: two equal snapshots say no difference", async () => {
    const tty = await runCliTty(["snapshot-diff", "after.json", "after.json"], { cwd, env: NO_COLOR });
    expect(tty.output).toBe(
      "no difference: after.json and after.json list the same paths with the same contents and modes\n",
    );
  });

  it("terminal: a long list is cut at 20 paths with how many more --json lists", async () => {
    for (let i = 0; i < 25; i++) await t.write(`big/f${String(i).padStart(2, "0")}.txt`, `${i}\n`);
    await runCli(["snapshot", "--root", "big", "-o", "big.json"], { cwd });
    const tty = await runCliTty(["snapshot-diff", "after.json", "big.json"], { cwd, env: NO_COLOR });
    const lines = tty.output.trimEnd().split("\n");
    expect(lines[0]).toBe("SNAPSHOT DIFF after.json → big.json: 25 added, 3 removed, 0 changed");
    expect(lines).toHaveLength(22);
    expect(lines[21]).toBe("  … and 8 more paths (--json lists them all)");
  });

  it("piped and --json: `{added, removed, changed}` as before", async () => {
    const piped = await runCli(["snapshot-diff", "before.json", "after.json"], { cwd });
    const doc = JSON.parse(piped.stdout);
    expect(doc).toEqual({
      added: ["new.txt"],
      removed: ["gone.txt"],
      changed: [{ path: "edit.txt", from: expect.any(String), to: expect.any(String) }],
    });
    const json = await runCliTty(["snapshot-diff", "before.json", "after.json", "--json"], { cwd });
    expect(JSON.parse(json.output)).toEqual(doc);
  });
});

describe("axiom schema (CLI-R1)", () => {
  it("prints the JSON Schema on a terminal too, the same document as piped; --json is accepted", async () => {
    const piped = await runCli(["schema", "Plan"], { cwd });
    const doc = JSON.parse(piped.stdout);
    expect(doc).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema" });
    const tty = await runCliTty(["schema", "Plan"], { cwd });
    expect(JSON.parse(tty.output)).toEqual(doc);
    const json = await runCliTty(["schema", "Plan", "--json"], { cwd });
    expect(JSON.parse(json.output)).toEqual(doc);
  });

  it("--help says the schema is JSON on a terminal too", async () => {
    const help = await runCli(["schema", "--help"], { cwd });
    expect(help.stdout).toContain("  axiom schema Plan > plan.schema.json\n      prints JSON on a terminal too");
  });
});

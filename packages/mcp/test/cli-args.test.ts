// Issue 21, the argument layer: relative roots resolve against the cwd, `-o` into a missing
// directory is the user's error (CLI-H-7), and a verb's own usage errors carry ERR_USAGE with the
// verb's usage line (CLI-H-1).
import { mkdir, readdir, realpath } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorLine, helloPlan, runCli, type TempDir, tempDir } from "./cli-run";

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir("axiom-args-");
  await tmp.write("p.json", JSON.stringify(helloPlan()));
});
afterEach(() => tmp.cleanup());

describe("relative roots (cli.md §6)", () => {
  it("`--root .` and `--root sub` resolve against the cwd: status reports the realpath", async () => {
    await mkdir(tmp.path("repo", "sub"), { recursive: true });
    for (const [cwd, root, want] of [
      [tmp.path("repo"), ".", tmp.path("repo")],
      [tmp.path("repo"), "sub", tmp.path("repo", "sub")],
      [tmp.path("repo", "sub"), "..", tmp.path("repo")],
    ] as const) {
      const run = await runCli(["status", "--root", root, "--json"], { cwd });
      expect(run.code, `${cwd} ${root}`).toBe(0);
      expect(JSON.parse(run.stdout).root).toBe(await realpath(want));
    }
  });

  it("`axiom compile p.json --root . -o b.json` then `axiom apply b.json --root . --dry-run` in the cwd", async () => {
    expect((await runCli(["compile", "p.json", "--root", ".", "-o", "b.json"], { cwd: tmp.dir })).code).toBe(0);
    const run = await runCli(["apply", "b.json", "--root", ".", "--dry-run"], { cwd: tmp.dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ mode: "dry-run", root: tmp.dir });
  });
});

describe("-o <file> (CLI-H-7)", () => {
  it("into a directory that does not exist → ERR_NOT_FOUND naming it, nothing created, stdout empty, exit 2", async () => {
    const run = await runCli(["compile", "p.json", "-o", "missing/b.json"], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(errorLine(run)).toMatchObject({
      code: "ERR_NOT_FOUND",
      details: { file: "missing/b.json", dir: tmp.path("missing"), reason: "no-such-directory" },
    });
    expect((await readdir(tmp.dir)).sort()).toEqual(["p.json"]);
  });

  it("onto an existing directory → ERR_TARGET_TYPE {kind: directory}, the directory untouched", async () => {
    await mkdir(tmp.path("out"));
    const run = await runCli(["snapshot", "--root", ".", "-o", "out"], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({ code: "ERR_TARGET_TYPE", details: { file: "out", kind: "directory" } });
    expect(await readdir(tmp.path("out"))).toEqual([]);
  });
});

describe("a verb's own usage errors (CLI-H-1)", () => {
  it("`axiom apply b.json` without --root → ERR_USAGE with apply's usage and see: axiom help apply", async () => {
    const run = await runCli(["apply", "b.json", "--dry-run"], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(errorLine(run)).toMatchObject({
      code: "ERR_USAGE",
      details: {
        verb: "apply",
        see: "axiom help apply",
        usage: [expect.stringMatching(/^axiom apply <bundle\.json> /)],
      },
    });
  });

  it("`axiom status extra` (too many arguments) → ERR_USAGE {arguments: 1}", async () => {
    const run = await runCli(["status", "extra"], { cwd: tmp.dir });
    expect(errorLine(run)).toMatchObject({ code: "ERR_USAGE", details: { verb: "status", arguments: 1 } });
  });
});

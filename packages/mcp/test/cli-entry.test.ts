// cli.md §1.1 (entry laziness), §2 / §2.1 (top-level routing and usage errors), spawned for real.
import { copyFile, cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, REPO, runCli, type TempDir, tempDir } from "./cli-run";

const VERSION = JSON.parse(await readFile(join(REPO, "packages/mcp/package.json"), "utf8")).version as string;

let tmp: TempDir | undefined;
afterEach(async () => {
  await tmp?.cleanup();
  tmp = undefined;
});

function expectUsage(run: { code: number | null; stdout: string; stderr: string }, message?: string) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/^error: .+\n\naxiom — /);
  if (message) expect(run.stderr.startsWith(`error: ${message}\n\n`)).toBe(true);
}

describe("entry and parsing (cli.md acceptance)", () => {
  it('"`axiom --version` and `axiom-mcp -v` → stdout = package version + LF, exit 0, stderr empty"', async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "packages/mcp/package.json"), "utf8"));
    expect(pkg.bin).toEqual({ axiom: "dist/cli.js", "axiom-mcp": "dist/cli.js" });
    for (const flag of ["--version", "-v"]) {
      const run = await runCli([flag]);
      expect(run).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    }
  });

  it('"A temp dir holding only `dist/cli.js` → `node cli.js --version` succeeds (no other module loaded)"', async () => {
    tmp = await tempDir();
    const lone = tmp.path("cli.js");
    await copyFile(CLI, lone);
    const run = await runCli(["--version"], { entry: lone, cwd: tmp.dir });
    expect(run).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    // Without cli-main.js next to it, any other verb cannot load: proof that --version needed nothing else.
    expect((await runCli(["schema", "Plan"], { entry: lone, cwd: tmp.dir })).code).not.toBe(0);
  });

  it("dist/cli.js has no static import (cli.md §1.1)", async () => {
    const text = await readFile(CLI, "utf8");
    expect(text).not.toMatch(/^\s*import\s/m);
    expect(text).not.toMatch(/\brequire\(/);
  });

  it("compile / verify / diff / schema run from a copy of dist with no node_modules (no MCP SDK reachable)", async () => {
    tmp = await tempDir();
    await cp(join(REPO, "packages/mcp/dist"), tmp.path("dist"), { recursive: true });
    const entry = tmp.path("dist", "cli.js");
    await tmp.write(
      "p.yaml",
      "apiVersion: axiom.dev/v2\nkind: Plan\nname: lone\nintent: x\nartifacts:\n  - path: a.txt\n    source: { type: inline, content: a }\n",
    );
    const compiled = await runCli(["compile", "p.yaml", "-o", "b.json"], { entry, cwd: tmp.dir });
    expect(compiled.stderr).toBe("");
    expect(compiled.code).toBe(0);
    expect((await runCli(["verify", "b.json"], { entry, cwd: tmp.dir })).code).toBe(0);
    expect((await runCli(["diff", "b.json", "b.json"], { entry, cwd: tmp.dir })).code).toBe(0);
    expect((await runCli(["schema", "ManifestBundle"], { entry, cwd: tmp.dir })).code).toBe(0);
  });

  it('"`axiom` (no verb) → help on stdout, exit 2; `axiom --help`, `axiom -h`, `axiom help foo` → help on stdout, exit 0"', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/^axiom — /);
    expect(none.stderr).toBe("");
    for (const args of [["--help"], ["-h"], ["help", "foo"]]) {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(none.stdout);
      expect(run.stderr).toBe("");
    }
  });

  it("the global help lists every registered verb's synopsis line in §7.0 order, and the exit-code table", async () => {
    const { stdout } = await runCli(["--help"]);
    const compile = stdout.indexOf("  axiom compile <plan.json|plan.yaml|plan.yml|plan.axm> [-o <file>]");
    const verify = stdout.indexOf("  axiom verify <bundle.json>");
    const diff = stdout.indexOf("  axiom diff <a.json> <b.json>\n");
    const schema = stdout.indexOf(
      "  axiom schema <Plan|Manifest|ManifestBundle|CheckReport|ApplyResult|Profile|Journal|RepoSnapshot>\n",
    );
    expect(compile).toBeGreaterThan(0);
    expect(verify).toBeGreaterThan(compile);
    expect(diff).toBeGreaterThan(verify);
    expect(schema).toBeGreaterThan(diff);
    expect(stdout).toContain("Exit codes:\n  0  ");
  });

  it('"`axiom frobnicate` → stderr starts `error: unknown verb: frobnicate`, then a blank line and the help; stdout empty; exit 2"', async () => {
    const help = (await runCli(["--help"])).stdout;
    const run = await runCli(["frobnicate"]);
    expectUsage(run, "unknown verb: frobnicate");
    expect(run.stderr).toBe(`error: unknown verb: frobnicate\n\n${help}`);
  });

  it('"`axiom compile plan.json --bogus` → usage error, exit 2"; a flag of another verb is a usage error too', async () => {
    expectUsage(await runCli(["compile", "plan.json", "--bogus"]));
    expectUsage(await runCli(["verify", "b.json", "--store", "cas"]));
    expectUsage(await runCli(["schema", "Plan", "--root", "."]));
  });

  it("a single-value flag given twice is a usage error (`--root a --root b`)", async () => {
    expectUsage(await runCli(["compile", "p.json", "--root", "a", "--root", "b"]), "--root given more than once");
    expectUsage(await runCli(["compile", "p.json", "-o", "a.json", "--out", "b.json"]), "--out given more than once");
  });

  it("a boolean flag given a value (`--allow-net=1`) and a value flag without a value are usage errors", async () => {
    expectUsage(await runCli(["compile", "p.json", "--allow-net=1"]));
    expectUsage(await runCli(["compile", "p.json", "--root"]));
    expectUsage(await runCli(["compile", "p.json", "--root", "--allow-net"]));
  });

  it("a wrong number of positionals is a usage error", async () => {
    expectUsage(await runCli(["compile"]));
    expectUsage(await runCli(["compile", "a.json", "b.json"]));
    expectUsage(await runCli(["diff", "a.json"]));
    expectUsage(await runCli(["verify"]));
  });

  it("Node's ERR_PARSE_ARGS_* never appears as a code: the usage error carries no JSON", async () => {
    const run = await runCli(["compile", "p.json", "--bogus"]);
    expect(run.stderr).not.toContain("ERR_PARSE_ARGS");
    expect(run.stderr).not.toContain('"code"');
  });

  it("`--` ends flag parsing: the rest are positionals", async () => {
    tmp = await tempDir();
    const run = await runCli(["compile", "--", "--plan.json"], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "--plan.json" } });
  });

  it('"`axiom compile --help` → help on stdout, exit 0" (also with -h, and with no positional)', async () => {
    const help = (await runCli(["--help"])).stdout;
    for (const args of [
      ["compile", "--help"],
      ["compile", "-h"],
      ["verify", "b.json", "--help"],
      ["schema", "-h"],
    ]) {
      const run = await runCli(args);
      expect(run).toMatchObject({ code: 0, stdout: help, stderr: "" });
    }
  });

  it('"`axiom setup` and `axiom setup foo` → usage error, exit 2"', async () => {
    expectUsage(await runCli(["setup"]));
    expectUsage(await runCli(["setup", "foo"]));
  });

  it('"With `AXIOM_ROOT=some/dir` in the environment" no flag falls back to the environment: compile without --root has no preImage', async () => {
    tmp = await tempDir();
    await tmp.write(
      "p.json",
      JSON.stringify({
        apiVersion: "axiom.dev/v2",
        kind: "Plan",
        name: "x",
        intent: "",
        artifacts: [{ path: "a", source: { type: "inline", content: "a" } }],
      }),
    );
    const run = await runCli(["compile", "p.json"], { cwd: tmp.dir, env: { AXIOM_ROOT: tmp.dir } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).manifest.preImage).toBeUndefined();
  });
});

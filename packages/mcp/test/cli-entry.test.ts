// cli.md §1.1 (entry laziness), §2 / §2.1 (top-level routing and usage errors), spawned for real.
import { copyFile, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadBuildGraph } from "./build-graph";
import { CLI, errorLine, REPO, runCli, type TempDir, tempDir } from "./cli-run";
import { distCopy } from "./dist-copy";

const VERSION = JSON.parse(await readFile(join(REPO, "packages/mcp/package.json"), "utf8")).version as string;

let tmp: TempDir | undefined;

afterEach(async () => {
  await tmp?.cleanup();
  tmp = undefined;
});

/** A usage error as a program sees it (stderr is not a terminal): one D16 line, code ERR_USAGE, exit 2. */
function expectUsage(run: { code: number | null; stdout: string; stderr: string }, details?: Record<string, unknown>) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  const err = errorLine(run);
  expect(err.code).toBe("ERR_USAGE");
  if (details) expect(err.details).toMatchObject(details);
}

describe("entry and parsing (cli.md acceptance)", () => {
  it('"`axiom --version` and `axiom-mcp -v` → stdout = package version + LF, exit 0, stderr empty"; also `-V`, `version`, `mcp --version`, `apply -V`', async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "packages/mcp/package.json"), "utf8"));
    expect(pkg.bin).toEqual({ axiom: "dist/cli.cjs", "axiom-mcp": "dist/cli.cjs" });
    for (const flag of [["--version"], ["-v"], ["-V"], ["version"], ["mcp", "--version"], ["apply", "-V"]]) {
      const run = await runCli(flag);
      expect(run).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    }
  });

  it('"A temp dir holding only `dist/cli.cjs` → `node cli.cjs --version` succeeds (no other module loaded)"', async () => {
    tmp = await tempDir();
    const lone = tmp.path("cli.cjs");
    await copyFile(CLI, lone);
    const run = await runCli(["--version"], { entry: lone, cwd: tmp.dir });
    expect(run).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    // Without cli-main.js next to it, any other verb cannot load: proof that --version needed nothing else.
    expect((await runCli(["schema", "Plan"], { entry: lone, cwd: tmp.dir })).code).not.toBe(0);
  });

  it("dist/cli.cjs loads no file at start (cli.md §1.1): built-ins only, gate.cjs inside the gate route, cli-main.js by import()", async () => {
    const text = await readFile(CLI, "utf8");
    expect(text).not.toMatch(/^\s*import\s/m);
    const required = [...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
    expect([...new Set(required)].sort()).toEqual(["./gate.cjs", "node:fs", "node:module"]);
    expect([...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(["./cli-main.js"]);
  });

  it("the legacy entry dist/cli.js (hook commands an older init wrote) runs the same CLI", async () => {
    const legacy = join(dirname(CLI), "cli.js");
    expect(await runCli(["--version"], { entry: legacy })).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const r = await runCli(["gate", "--stdin"], {
      entry: legacy,
      input: JSON.stringify({ tool_name: "Write", tool_input: { file_path: ".env", content: "x" }, cwd: REPO }),
    });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).axiom.code).toBe("path.deny");
  });

  it('"`axiom compile x.json` does not load `@codai/axiom-axm` (module graph check)"; cli-main and the compile/verify/diff/schema chunks reach neither the .axm parser nor the MCP SDK statically', async () => {
    const graph = await loadBuildGraph();
    const main = graph.outputs["dist/cli-main.js"];
    const verbChunks = ["compile", "verify", "diff", "schema"].map((verb) => {
      const chunk = main?.imports.find((i) => i.kind === "dynamic-import" && i.path.startsWith(`dist/chunks/${verb}-`));
      expect(chunk, verb).toBeDefined();
      return (chunk as { path: string }).path;
    });
    const closures = ["dist/cli-main.js", ...verbChunks].map((f) => graph.closure(f, false));
    const files = [...new Set(closures.flatMap((c) => c.files))];
    const axmSources = (inputs: string[]) => inputs.filter((i) => i.startsWith("../axm/src/"));
    expect(axmSources(graph.inputsOf(files))).toEqual([]);
    expect(closures.flatMap((c) => [...c.externals]).filter((e) => e.startsWith("@modelcontextprotocol/"))).toEqual([]);
    // The .axm chunk is reached only through a dynamic import, and it does hold the parser.
    expect(files).not.toContain("dist/axm-lazy.js");
    expect(axmSources(graph.inputsOf(graph.closure("dist/axm-lazy.js", false).files))).toContain("../axm/src/parse.ts");
  });

  it('"`node_modules/@modelcontextprotocol/*` removed → `compile`, `verify`, `check`, `apply --dry-run`, `status`, `log`, `gate --stdin` all work; `axiom mcp` fails with a stderr error line, exit 2" (a copy of dist whose node_modules holds only zod)', async () => {
    const copy = await distCopy();
    tmp = copy;
    const entry = copy.cli;
    const run = (args: string[], input?: string) => runCli(args, { entry, cwd: tmp?.dir, input });
    await tmp.write(
      "p.yaml",
      "apiVersion: axiom.dev/v2\nkind: Plan\nname: lone\nintent: x\nartifacts:\n  - path: a.txt\n    source: { type: inline, content: a }\n",
    );
    const compiled = await run(["compile", "p.yaml", "-o", "b.json"]);
    expect(compiled.stderr).toBe("");
    expect(compiled.code).toBe(0);
    for (const args of [
      ["verify", "b.json"],
      ["diff", "b.json", "b.json"],
      ["schema", "ManifestBundle"],
      ["check", "b.json", "--root", ".", "--json"],
      ["apply", "b.json", "--root", ".", "--dry-run"],
      ["status", "--root", "."],
      ["log", "--root", "."],
    ]) {
      const r = await run(args);
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: "" });
    }
    const gate = await run(
      ["gate", "--stdin"],
      JSON.stringify({ tool_name: "Read", tool_input: { file_path: "a.txt" } }),
    );
    expect(gate.code).toBe(0);
    const mcp = await run(["mcp", "--root", "."]);
    expect(mcp.code).toBe(2);
    expect(mcp.stdout).toBe("");
    expect(JSON.parse(mcp.stderr.trim().split("\n").at(-1) as string).code).toMatch(/^ERR_/);
  });

  it('"`axiom` (no verb) → help on stdout, exit 2; `axiom --help`, `axiom -h`, `axiom help` → help on stdout, exit 0"; `axiom help foo` → usage error (CLI-H-4)', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stdout.startsWith(`axiom ${VERSION}: `)).toBe(true);
    expect(none.stderr).toBe("");
    expectUsage(await runCli(["help", "foo"]), { verb: "foo" });
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(none.stdout);
      expect(run.stderr).toBe("");
    }
  });

  it("the global help lists every registered verb with its one-line description, and the exit-code table", async () => {
    const { VERBS } = await import("../src/cli/verbs");
    const { stdout } = await runCli(["--help"]);
    for (const [name, spec] of Object.entries(VERBS))
      expect(stdout).toMatch(new RegExp(`^  ${name} +${spec.summary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
    expect(stdout).toContain("exit codes:\n  0  ");
  });

  it('"`axiom frobnicate`" → ERR_USAGE naming the verb, no suggestion (nothing is close), no help dumped; stdout empty; exit 2', async () => {
    const run = await runCli(["frobnicate"]);
    expectUsage(run, { verb: "frobnicate", suggestions: [], see: "axiom help" });
    expect(run.stderr).not.toContain("exit codes");
  });

  it('"`axiom compile plan.json --bogus` → usage error, exit 2"; a flag of another verb is a usage error too', async () => {
    expectUsage(await runCli(["compile", "plan.json", "--bogus"]));
    expectUsage(await runCli(["verify", "b.json", "--store", "cas"]));
    expectUsage(await runCli(["schema", "Plan", "--root", "."]));
  });

  it("a single-value flag given twice is a usage error (`--root a --root b`)", async () => {
    expectUsage(await runCli(["compile", "p.json", "--root", "a", "--root", "b"]), { flag: "--root" });
    expectUsage(await runCli(["compile", "p.json", "-o", "a.json", "--out", "b.json"]), { flag: "--out" });
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

  it("Node's ERR_PARSE_ARGS_* never appears as a code, nor Node's parseArgs wording: the usage error is ERR_USAGE in our words", async () => {
    const run = await runCli(["compile", "p.json", "--bogus"]);
    expect(run.stderr).not.toContain("ERR_PARSE_ARGS");
    expect(run.stderr).not.toContain("To specify a positional argument");
    expectUsage(run, { verb: "compile", flag: "--bogus" });
  });

  it("`--` ends flag parsing: the rest are positionals", async () => {
    tmp = await tempDir();
    const run = await runCli(["compile", "--", "--plan.json"], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "--plan.json" } });
  });

  it('"`axiom compile --help` → help on stdout, exit 0" (also with -h, and with no positional): the verb\'s own help, as `axiom help <verb>`', async () => {
    for (const [verb, args] of [
      ["compile", ["compile", "--help"]],
      ["compile", ["compile", "-h"]],
      ["verify", ["verify", "b.json", "--help"]],
      ["schema", ["schema", "-h"]],
    ] as const) {
      const help = (await runCli(["help", verb])).stdout;
      expect(help.startsWith(`axiom ${verb}: `)).toBe(true);
      const run = await runCli([...args]);
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

// cli.md §1.1 and issue 12 ("assert on the files a run opens"): real runs of the built bin under a
// module-loader hook that records every ES module URL Node loads, and a preload that records every
// CommonJS file (the bin and the gate are CommonJS, SPEED-9), so laziness is proven at run time and
// not only on the module graph (budget.test.ts).
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, helloPlan, scrubbedEnv, type TempDir, tempDir } from "./cli-run";
import { distCopy } from "./dist-copy";

let tmp: TempDir;
let register: string;
let cjsTrace: string;

beforeAll(async () => {
  tmp = await tempDir("axiom-chunks-");
  // The hook runs on Node's loader thread: it appends each loaded URL to the file named by the env.
  await tmp.write(
    "hooks.mjs",
    [
      'import { appendFileSync } from "node:fs";',
      "export async function load(url, context, next) {",
      '  if (process.env.AXIOM_TRACE_FILE) appendFileSync(process.env.AXIOM_TRACE_FILE, url + "\\n");',
      "  return next(url, context);",
      "}",
      "",
    ].join("\n"),
  );
  await tmp.write(
    "register.mjs",
    'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n',
  );
  register = tmp.path("register.mjs");
  // CommonJS files never pass an ESM load hook: at exit, require.cache names them.
  await tmp.write(
    "cjs-trace.cjs",
    [
      'const { appendFileSync } = require("node:fs");',
      'const { pathToFileURL } = require("node:url");',
      'process.on("exit", () => {',
      '  const urls = Object.keys(require.cache).filter((f) => !f.endsWith("cjs-trace.cjs")).map((f) => pathToFileURL(f).href);',
      '  if (process.env.AXIOM_TRACE_FILE && urls.length > 0) appendFileSync(process.env.AXIOM_TRACE_FILE, urls.join("\\n") + "\\n");',
      "});",
      "",
    ].join("\n"),
  );
  cjsTrace = tmp.path("cjs-trace.cjs");
  await tmp.write("p.json", JSON.stringify(helloPlan()));
});
afterAll(() => tmp.cleanup());

interface TracedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** file: URLs of the modules loaded (the hook files themselves excluded). */
  loaded: string[];
}

let runs = 0;
/** Runs `node --require cjs-trace.cjs --import register.mjs dist/cli.cjs …args`; `untilStdout` keeps stdin open until it matches. */
function traced(args: string[], input?: string, untilStdout?: RegExp): Promise<TracedRun> {
  const trace = tmp.path(`trace-${++runs}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", cjsTrace, "--import", register, CLI, ...args], {
      cwd: tmp.dir,
      env: scrubbedEnv({ AXIOM_TRACE_FILE: trace }),
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (untilStdout?.test(stdout)) child.stdin.end();
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", async (code) => {
      const text = await readFile(trace, "utf8").catch(() => "");
      const loaded = text
        .split("\n")
        .filter((u) => u.startsWith("file:") && !u.endsWith("/register.mjs") && !u.endsWith("/hooks.mjs"));
      // The CommonJS bin is seen twice (by the ESM hook, which --import puts in front, and in require.cache).
      const unique = [...new Set(loaded)];
      resolve({ code, stdout, stderr, loaded: unique });
    });
    if (input === undefined || untilStdout === undefined) child.stdin.end(input ?? "");
    else child.stdin.write(input);
  });
}

const sdk = (r: TracedRun) => r.loaded.filter((u) => u.includes("/@modelcontextprotocol/"));
const base = (r: TracedRun) => r.loaded.map((u) => u.slice(u.lastIndexOf("/dist/") + 1));

describe("files a run loads (cli.md §1.1, issue 12)", () => {
  it("`axiom --version` loads dist/cli.cjs and nothing else", async () => {
    const run = await traced(["--version"]);
    expect(run.code).toBe(0);
    expect(run.loaded.length).toBe(1);
    expect(base(run)).toEqual(["dist/cli.cjs"]);
  });

  it("`axiom gate --stdin` on an allowed payload loads gate.cjs, never cli-main.js, and no MCP SDK module", async () => {
    const payload = JSON.stringify({ tool_name: "Read", tool_input: { file_path: "p.json" }, cwd: tmp.dir });
    const run = await traced(["gate", "--stdin"], payload);
    expect(run.code).toBe(0);
    expect(base(run)).toEqual(["dist/cli.cjs", "dist/gate.cjs"]);
    expect(base(run)).not.toContain("dist/cli-main.js");
    expect(sdk(run)).toEqual([]);
    expect(run.loaded.filter((u) => u.includes("/node_modules/"))).toEqual([]);
  });

  it("decisions SPEED-9: a Write payload runs without Node's ESM loader (no module job is ever created); a Bash payload starts it for the shell chunk", async () => {
    // No --import here: that flag would start the loader itself. The preload lists Node's own modules at exit.
    await tmp.write(
      "builtins.cjs",
      'process.on("exit", () => require("node:fs").writeFileSync(process.env.AXIOM_BUILTINS_FILE, process.moduleLoadList.join("\\n")));\n',
    );
    const builtinsOf = async (payload: object): Promise<string[]> => {
      const out = tmp.path(`builtins-${++runs}.txt`);
      await new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, ["--require", tmp.path("builtins.cjs"), CLI, "gate", "--stdin"], {
          cwd: tmp.dir,
          env: scrubbedEnv({ AXIOM_BUILTINS_FILE: out }),
          shell: false,
          stdio: ["pipe", "ignore", "ignore"],
        });
        child.on("error", fail);
        child.on("close", () => done());
        child.stdin.end(JSON.stringify(payload));
      });
      return (await readFile(out, "utf8")).split("\n");
    };
    const MODULE_JOB = "NativeModule internal/modules/esm/module_job";
    const write = await builtinsOf({
      tool_name: "Write",
      tool_input: { file_path: "a.txt", content: "x" },
      cwd: tmp.dir,
    });
    expect(write.length).toBeGreaterThan(10);
    expect(write).not.toContain(MODULE_JOB);
    const bash = await builtinsOf({ tool_name: "Bash", tool_input: { command: "echo x>.e''nv" }, cwd: tmp.dir });
    expect(bash).toContain(MODULE_JOB);
  });

  it("decisions SEC-2: a Write payload (also a routed Edit, an apply_patch) never loads the shell parser's chunk; a Bash payload loads it (bundled: no node_modules module, no SDK)", async () => {
    const write = JSON.stringify({
      tool_name: "Write",
      tool_input: { file_path: "a.txt", content: "x" },
      cwd: tmp.dir,
    });
    const w = await traced(["gate", "--stdin"], write);
    expect(w.code).toBe(0);
    const judge = (r: TracedRun) => base(r).filter((f) => f === "dist/gate-shell.js");
    expect(judge(w)).toEqual([]);
    // Decisions HOOK-20/22: a routed Edit and a Copilot apply_patch (patch parser, route message) neither.
    const edit = JSON.stringify({
      tool_name: "Edit",
      tool_input: { file_path: "a.txt", old_string: "x", new_string: "y" },
      cwd: tmp.dir,
    });
    const routed = await traced(["gate", "--stdin", "--route", "all"], edit);
    expect(routed.code).toBe(2);
    expect(judge(routed)).toEqual([]);
    const patch = JSON.stringify({
      toolName: "apply_patch",
      toolArgs: "*** Begin Patch\n*** Add File: b.txt\n+b\n*** End Patch",
      cwd: tmp.dir,
    });
    const p = await traced(["gate", "--stdin"], patch);
    expect(p.code).toBe(0);
    expect(judge(p)).toEqual([]);
    const shell = JSON.stringify({ tool_name: "Bash", tool_input: { command: "echo x>.e''nv" }, cwd: tmp.dir });
    const b = await traced(["gate", "--stdin"], shell);
    expect(b.code).toBe(2);
    expect(judge(b)).toHaveLength(1);
    expect(b.loaded.filter((u) => u.includes("/node_modules/"))).toEqual([]);
    expect(sdk(b)).toEqual([]);
  });

  it("`axiom compile p.json` (a cli-main verb) loads no MCP SDK module", async () => {
    const run = await traced(["compile", "p.json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(base(run)).toContain("dist/cli-main.js");
    expect(base(run)).not.toContain("dist/mcp-lazy.js");
    expect(sdk(run)).toEqual([]);
  });

  it("axm.md: `axiom compile x.json` does not load @codai/axiom-axm (dist/axm-lazy.js); `axiom compile x.axm` does", async () => {
    const json = await traced(["compile", "p.json"]);
    expect(json.code).toBe(0);
    expect(base(json)).not.toContain("dist/axm-lazy.js");
    await tmp.write(
      "p.axm",
      'axiom "2"\nplan hello-axm {\n  intent "say hi"\n  artifact "hi.txt" { inline <<EOF\nhi\nEOF\n  }\n}\n',
    );
    const axm = await traced(["compile", "p.axm"]);
    expect(axm.stderr).toBe("");
    expect(axm.code).toBe(0);
    expect(base(axm)).toContain("dist/axm-lazy.js");
  });

  it("`axiom mcp` loads mcp-lazy.js and the SDK (positive control: the hook sees node_modules loads)", async () => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "chunks-test", version: "1" } },
    };
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };
    const input = `${JSON.stringify(init)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${JSON.stringify(list)}\n`;
    const run = await traced(["mcp", "--root", tmp.dir], input, /"id":2[,}]/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"axiom_write"');
    expect(base(run)).toContain("dist/mcp-lazy.js");
    // The HTTP transport is loaded only by `mcp --http` (mcp.md §2).
    expect(base(run)).not.toContain("dist/http-lazy.js");
    expect(sdk(run).some((u) => u.includes("/@modelcontextprotocol/server/"))).toBe(true);
  });

  it("`axiom mcp`: answering tools/list loads no workflow chunk (SHIP-8); the first tools/call loads it", async () => {
    const { loadBuildGraph } = await import("./build-graph");
    const outputs = (await loadBuildGraph()).outputs;
    const chunk = Object.keys(outputs).find((f) => outputs[f]?.entryPoint === "src/entries/workflow.ts");
    expect(chunk).toMatch(/^dist\/chunks\/workflow-/);
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "chunks-test", version: "1" } },
    };
    const opening = `${JSON.stringify(init)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`;
    const list = `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })}\n`;
    const listed = await traced(["mcp", "--root", tmp.dir], opening + list, /"id":2[,}]/);
    expect(listed.code).toBe(0);
    expect(base(listed)).not.toContain(chunk);
    const call = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "axiom_status", arguments: {} } };
    const called = await traced(["mcp", "--root", tmp.dir], `${opening}${JSON.stringify(call)}\n`, /"id":3[,}]/);
    expect(called.stdout).toContain('"id":3');
    expect(base(called)).toContain(chunk);
  });
});

describe("no MCP SDK installed (cli.md §1.1 consequence, issue 12)", () => {
  it("with dist copied to a directory whose node_modules holds only zod (no SDK), every registered verb except `mcp` runs to its normal exit", async () => {
    const { dirname, join } = await import("node:path");
    const lone = await distCopy();
    try {
      const entry = lone.cli;
      const root = lone.path("r");
      await lone.write("r/.keep", "");
      await lone.write("p.json", JSON.stringify(helloPlan()));
      await lone.write(
        "m.json",
        JSON.stringify({ version: "1.0.3", artifacts: [{ path: "a.txt", contentUtf8: "x" }] }),
      );
      const run = (args: string[], input?: string) => runCliAt(entry, lone.dir, args, input);
      const seen = new Set<string>();
      const ok = async (args: string[], codes: number[] = [0], input?: string) => {
        const r = await run(args, input);
        seen.add(args[0] as string);
        expect(r.stderr, args.join(" ")).not.toMatch(
          /Cannot find (package|module)|ERR_MODULE_NOT_FOUND|@modelcontextprotocol/,
        );
        expect({ args, code: r.code }).toEqual({ args, code: codes.includes(r.code as number) ? r.code : codes[0] });
        return r;
      };
      const compiled = JSON.parse((await ok(["compile", "p.json", "--root", root, "-o", "b.json"])).stdout);
      const digest = compiled.manifestDigest as string;
      await ok(["verify", "b.json"]);
      await ok(["check", "b.json", "--root", root, "--json"]);
      await ok(["apply", "b.json", "--root", root, "--confirm", digest]);
      await ok(["status", "--root", root]);
      await ok(["log", "--root", root]);
      await ok(["show", digest.slice(7, 19), "--root", root]);
      await ok(["diff", "b.json", "b.json"]);
      await ok(["rollback", digest, "--root", root]);
      await ok(["gc", "--root", root, "--dry-run"]);
      await ok(["schema", "Plan"]);
      await ok(["emitters", "--json"]);
      const key = JSON.parse((await ok(["keygen", "--out", "k"])).stdout).privateKeyFile as string;
      await ok(["sign", "b.json", "--key-file", key, "-o", "signed.json"]);
      await ok(["trust", "list", "--root", root]);
      await ok(["migrate", "v1", "m.json"], [0, 1]);
      await ok(["snapshot", "--root", root, "-o", "s.json"]);
      await ok(["snapshot-diff", "s.json", "s.json"]);
      await ok(["init", "--root", root, "--harness", "claude", "--json"]);
      await ok(["doctor", "--root", root, "--json"], [0, 1]);
      await ok(["gate", "--stdin"], [0], JSON.stringify({ tool_name: "Read", tool_input: { file_path: "p.json" } }));
      // `ui` serves until a signal: its URL on stderr (the review chunk loaded), then SIGTERM → exit 0.
      const ui = spawn(process.execPath, [entry, "ui", "--root", root, "--port", "0"], {
        cwd: lone.dir,
        env: scrubbedEnv(),
        shell: false,
      });
      let uiErr = "";
      const uiExit = new Promise<number | null>((res) => ui.once("exit", (code) => res(code)));
      await new Promise<void>((res, rej) => {
        ui.stderr.on("data", (d: Buffer) => {
          uiErr += d.toString();
          if (/http:\/\/127\.0\.0\.1:\d+\/\?t=/.test(uiErr)) res();
        });
        void uiExit.then((code) => rej(new Error(`ui exited ${code}: ${uiErr}`)));
      });
      ui.kill("SIGTERM");
      expect(await uiExit).toBe(0);
      seen.add("ui");
      // Every verb of the registry was exercised (a new verb must be added above).
      const { readFile } = await import("node:fs/promises");
      const verbsTs = await readFile(join(dirname(dirname(CLI)), "src/cli/verbs.ts"), "utf8");
      const registered = [...verbsTs.matchAll(/^ {2}"?([a-z-]+)"?: \{/gm)].map((m) => m[1] as string);
      expect(registered.length).toBeGreaterThan(15);
      expect(registered.filter((v) => v !== "mcp" && !seen.has(v))).toEqual([]);
      const mcp = await run(["mcp", "--root", root]);
      expect(mcp.code).toBe(2);
      expect(mcp.stdout).toBe("");
    } finally {
      await lone.cleanup();
    }
  });
});

function runCliAt(entry: string, cwd: string, args: string[], input?: string): Promise<TracedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, env: scrubbedEnv(), shell: false });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, loaded: [] }));
    child.stdin.end(input ?? "");
  });
}

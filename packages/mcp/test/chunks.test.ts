// cli.md §1.1 and issue 12 ("assert on the files a run opens"): real runs of the built bin under a
// module-loader hook that records every module URL Node loads, so laziness is proven at run time and
// not only on the module graph (budget.test.ts).
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, helloPlan, scrubbedEnv, type TempDir, tempDir } from "./cli-run";

let tmp: TempDir;
let register: string;

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
/** Runs `node --import register.mjs dist/cli.js …args`; `exchange` may talk to the child over stdio. */
function traced(args: string[], input?: string, untilStdout?: RegExp): Promise<TracedRun> {
  const trace = tmp.path(`trace-${++runs}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", register, CLI, ...args], {
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
      resolve({ code, stdout, stderr, loaded });
    });
    if (input === undefined || untilStdout === undefined) child.stdin.end(input ?? "");
    else child.stdin.write(input);
  });
}

const sdk = (r: TracedRun) => r.loaded.filter((u) => u.includes("/@modelcontextprotocol/"));
const base = (r: TracedRun) => r.loaded.map((u) => u.slice(u.lastIndexOf("/dist/") + 1));

describe("files a run loads (cli.md §1.1, issue 12)", () => {
  it("`axiom --version` loads dist/cli.js and nothing else", async () => {
    const run = await traced(["--version"]);
    expect(run.code).toBe(0);
    expect(run.loaded.length).toBe(1);
    expect(base(run)).toEqual(["dist/cli.js"]);
  });

  it("`axiom gate --stdin` on an allowed payload loads gate-lazy.js, never cli-main.js, and no MCP SDK module", async () => {
    const payload = JSON.stringify({ tool_name: "Read", tool_input: { file_path: "p.json" }, cwd: tmp.dir });
    const run = await traced(["gate", "--stdin"], payload);
    expect(run.code).toBe(0);
    expect(base(run)).toContain("dist/gate-lazy.js");
    expect(base(run)).not.toContain("dist/cli-main.js");
    expect(sdk(run)).toEqual([]);
    expect(run.loaded.filter((u) => u.includes("/node_modules/"))).toEqual([]);
  });

  it("`axiom compile p.json` (a cli-main verb) loads no MCP SDK module", async () => {
    const run = await traced(["compile", "p.json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(base(run)).toContain("dist/cli-main.js");
    expect(base(run)).not.toContain("dist/mcp-lazy.js");
    expect(sdk(run)).toEqual([]);
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
    expect(sdk(run).some((u) => u.includes("/@modelcontextprotocol/server/"))).toBe(true);
  });
});

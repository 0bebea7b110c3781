#!/usr/bin/env node
// Start-up budgets of issue 12, whole processes (node start to answer), 15 runs each by default:
//   1. `axiom --version`                                      target median < 80 ms
//   2. `axiom gate --stdin` on an allowed payload (a benign Write) target median < 120 ms
//   3. spawn of `axiom mcp --root R` to the tools/list answer    target median < 300 ms
//   4. spawn of `axiom mcp --root R` to the first axiom_write preview answer   target median ≤ 300 ms (issue 24)
//      (twice: the whole exchange in one write, and tools/list sent after the initialize answer)
// Usage: npm run bench:startup [-- --runs N] [--markdown]   (builds dist first)
//        node bench/startup.mjs --cli <dir>/cli.cjs   (no build: times another build, e.g. a before/after pair)
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  CLI as BUILT_CLI,
  childEnv,
  fmt,
  machine,
  median,
  quantile,
  REPO,
  timedNode,
  toolsListExchange,
} from "./lib.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--runs");
const runs = at >= 0 ? Number(args[at + 1]) : 15;
const markdown = args.includes("--markdown");
const atCli = args.indexOf("--cli");
const CLI = atCli >= 0 ? resolve(args[atCli + 1] ?? "") : BUILT_CLI;

if (atCli < 0)
  execFileSync(process.execPath, [join(REPO, "scripts/build.mjs")], { cwd: REPO, stdio: "inherit", shell: false });

const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-startup-bench-"));
const root = join(base, "repo");
mkdirSync(join(root, ".git"), { recursive: true });
const header = machine();

const SDK_FLOOR = `
import { readFileSync } from "node:fs";
const { McpServer } = await import("@modelcontextprotocol/server");
const { serveStdio } = await import("@modelcontextprotocol/server/stdio");
const tools = JSON.parse(readFileSync("spec/tools.json", "utf8")).filter((t) => t.toolset === "core");
const std = (json) => ({ "~standard": { version: 1, vendor: "bench", validate: (value) => ({ value }), jsonSchema: { input: () => json, output: () => json } } });
const factory = () => {
  const s = new McpServer({ name: "axiom", version: "0" }, { capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, completions: {} } });
  for (const t of tools)
    s.registerTool(t.name, { title: t.title, description: t.description, inputSchema: std(t.inputSchema), outputSchema: std(t.outputSchema), annotations: t.annotations }, async () => ({ content: [] }));
  return s;
};
const handle = serveStdio(factory, { legacy: "serve" });
process.stdin.once("end", () => handle.close());
`;

/**
 * `axiom mcp` timed as an interactive client drives it: `initialize`, then on its answer
 * `notifications/initialized` + tools/list; the clock stops at the tools/list answer. Unlike the
 * one-write exchange, the tools/list line reaches the server only after a round trip (what real
 * clients do, and what a background SDK load could delay: decisions SHIP-9).
 */
function roundTrip(args, { cwd, env = {}, firstCall }) {
  const [init, ...rest] = toolsListExchange().split(/(?<=\n)/);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd, env: { ...childEnv(), ...env }, shell: false });
    let stdout = "";
    let stderr = "";
    let ms;
    let opened = false;
    let called = false;
    child.stdout.on("data", (d) => {
      stdout += d.toString();
      if (!opened && /"id":1[,}]/.test(stdout)) {
        opened = true;
        child.stdin.write(rest.join(""));
      }
      if (!firstCall && ms === undefined && /"id":2[,}]/.test(stdout)) {
        ms = Number(process.hrtime.bigint() - t0) / 1e6;
        child.stdin.end();
      }
      // `firstCall` ({name, arguments}): on the tools/list answer, that one call; the clock stops at its answer.
      if (firstCall && !called && /"id":2[,}]/.test(stdout)) {
        called = true;
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: firstCall })}\n`);
      }
      if (firstCall && ms === undefined && /"id":3[,}]/.test(stdout)) {
        ms = Number(process.hrtime.bigint() - t0) / 1e6;
        child.stdin.end();
      }
    });
    child.stderr.on("data", (d) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      ms === undefined ? reject(new Error(`no answer (exit ${code}): ${stderr.slice(0, 500)}`)) : resolve({ ms }),
    );
    child.stdin.write(init);
  });
}

const status = { name: "axiom_status", arguments: { root } };
const coldWrite = (i) => ({
  name: "axiom_write",
  arguments: { root, files: [{ path: `src/cold${i}.txt`, content: "x".repeat(4096) }], intent: "cold start" },
});

const cases = [
  // Context for loaded machines: the floor every whole-process figure below includes.
  { name: "`node -e 0` (Node start, reference)", target: undefined, run: () => timedNode(["-e", "0"], { cwd: root }) },
  { name: "`axiom --version`", target: 80, run: () => timedNode([CLI, "--version"], { cwd: root }) },
  {
    name: "`axiom gate --stdin` (allowed Write)",
    target: 120,
    run: (i) =>
      timedNode([CLI, "gate", "--stdin"], {
        cwd: root,
        input: JSON.stringify({
          hook_event_name: "PreToolUse",
          tool_name: "Write",
          tool_input: { file_path: join(root, `src/f${i}.ts`), content: "export {};\n" },
          cwd: root,
        }),
      }),
  },
  {
    // The floor of the mcp path: cli.md §1.1 keeps the SDK external, so its ESM build and the whole
    // installed zod (≈ 100 modules) load on every `axiom mcp` start whatever AXIOM does (SHIP-7).
    name: "SDK import alone (`@modelcontextprotocol/server` + `/stdio`, reference)",
    target: undefined,
    run: () =>
      timedNode(
        [
          "--input-type=module",
          "-e",
          'await import("@modelcontextprotocol/server"); await import("@modelcontextprotocol/server/stdio");',
        ],
        { cwd: join(REPO, "packages/mcp") },
      ),
  },
  {
    // The floor with the exchange: the SDK alone serving initialize + tools/list of the six core tools
    // from spec/tools.json. What `axiom mcp` spends above this row is AXIOM's own start-up (SHIP-8).
    name: "SDK serving the same exchange from tools.json (reference)",
    target: undefined,
    run: () =>
      timedNode(["--input-type=module", "-e", SDK_FLOOR], {
        cwd: join(REPO, "packages/mcp"),
        input: toolsListExchange(),
        until: /"id":2[,}]/,
      }),
  },
  {
    // Answered by the stdio front before the SDK is loaded (decisions SHIP-9).
    name: "`axiom mcp` spawn → tools/list answer",
    target: 300,
    run: () => timedNode([CLI, "mcp", "--root", root], { cwd: root, input: toolsListExchange(), until: /"id":2[,}]/ }),
  },
  {
    name: "`axiom mcp` spawn → tools/list answer, tools/list sent after the initialize answer",
    target: 300,
    run: () => roundTrip([CLI, "mcp", "--root", root], { cwd: root }),
  },
  {
    // The same exchange served by the SDK alone: what the front saves.
    name: "`axiom mcp` with the front off (`AXIOM_MCP_STDIO_FRONT=off`, reference)",
    target: undefined,
    run: () => roundTrip([CLI, "mcp", "--root", root], { cwd: root, env: { AXIOM_MCP_STDIO_FRONT: "off" } }),
  },
  {
    // What start-up no longer pays lands on the first tools/call: SDK, tool chunk and engines load.
    name: "`axiom mcp` spawn → first tools/call answer (`axiom_status`, reference)",
    target: undefined,
    run: () => roundTrip([CLI, "mcp", "--root", root], { cwd: root, firstCall: status }),
  },
  {
    // Issue 24 "cold": the first write of a fresh server (a preview of one new 4 KiB file).
    name: "`axiom mcp` spawn → first `axiom_write` preview answer",
    target: 300,
    run: (i) => roundTrip([CLI, "mcp", "--root", root], { cwd: root, firstCall: coldWrite(i) }),
  },
  {
    name: "`axiom mcp` spawn → first tools/call answer, front off (reference)",
    target: undefined,
    run: () =>
      roundTrip([CLI, "mcp", "--root", root], { cwd: root, firstCall: status, env: { AXIOM_MCP_STDIO_FRONT: "off" } }),
  },
];

const rows = [];
try {
  for (const c of cases) {
    await c.run(-1); // warm the page cache once; not counted
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await c.run(i)).ms);
    const m = median(times);
    rows.push({
      name: c.name,
      median: m,
      p90: quantile(times, 0.9),
      min: Math.min(...times),
      max: Math.max(...times),
      target: c.target,
    });
    if (!markdown) process.stderr.write(`${c.name}: median ${fmt(m)} ms\n`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const lines = [
  `Command: \`npm run bench:startup\` (${runs} whole-process runs per case, after one unmeasured warm-up run)  `,
  `Machine: ${header}  `,
  `Date: ${new Date().toISOString()}`,
  "",
  "| Case | median ms | p90 ms | min ms | max ms | target (median) | met |",
  "|---|---:|---:|---:|---:|---:|---|",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.median)} | ${fmt(r.p90)} | ${fmt(r.min)} | ${fmt(r.max)} | ${r.target === undefined ? "—" : `< ${r.target} ms`} | ${r.target === undefined ? "—" : r.median < r.target ? "yes" : "no"} |`,
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);

#!/usr/bin/env node
// Gate latency benchmark (issue 6, hooks-doctor.md §2.14): end to end, node start to exit, of
// `node packages/mcp/dist/cli.js gate --stdin` over N payloads (default 200) on a temp repo: a mix
// of benign Writes (allow), denied Writes, shell commands and Read calls. Prints p50/p95/max in ms.
// Usage: node scripts/build.mjs && node bench/gate.mjs [runs]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(repo, "packages/mcp/dist/cli.js");
const runs = Number(process.argv[2] ?? "200");
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-gate-bench-"));
const root = join(base, "repo");
const home = join(base, "home");
mkdirSync(join(root, ".git"), { recursive: true });
mkdirSync(home);

const payloads = [
  (i) => ({
    hook_event_name: "PreToolUse",
    tool_name: "Write",
    tool_input: { file_path: `src/f${i}.ts`, content: "export {};\n" },
    cwd: root,
  }),
  () => ({
    hook_event_name: "PreToolUse",
    tool_name: "Write",
    tool_input: { file_path: ".env", content: "x" },
    cwd: root,
  }),
  () => ({ tool_name: "Bash", tool_input: { command: "npm test && echo ok > out.txt" }, cwd: root }),
  () => ({ toolName: "view", toolArgs: "{}", cwd: root }),
];

function once(payload, argv = [cli, "gate", "--stdin"]) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, {
      cwd: root,
      shell: false,
      stdio: ["pipe", "ignore", "ignore"],
      env: { PATH: process.env.PATH ?? "", HOME: home },
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, code }));
    child.stdin.end(JSON.stringify(payload));
  });
}

const pct = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
try {
  const all = [];
  const byKind = payloads.map(() => []);
  for (let i = 0; i < runs; i++) {
    const k = i % payloads.length;
    const { ms } = await once(payloads[k](i));
    all.push(ms);
    byKind[k].push(ms);
  }
  const fmt = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${pct(s, 0.5).toFixed(1)} ms  p95 ${pct(s, 0.95).toFixed(1)} ms  max ${s[s.length - 1].toFixed(1)} ms  (n=${s.length})`;
  };
  process.stdout.write(`gate --stdin end to end over ${runs} payloads: ${fmt(all)}\n`);
  for (const [k, name] of ["write allow", "write deny", "shell scan", "other"].entries()) {
    process.stdout.write(`  ${name.padEnd(11)} ${fmt(byKind[k])}\n`);
  }
  // The floor on this machine: a bare node start, measured the same way.
  const floor = [];
  for (let i = 0; i < Math.max(10, Math.floor(runs / 4)); i++) floor.push((await once({}, ["-e", "0"])).ms);
  process.stdout.write(`  node -e 0   ${fmt(floor)}\n`);
  process.stdout.write("  target: p95 ≤ 250 ms (hooks-doctor.md §2.14); issue 6 asks p95 < 150 ms on 2 cores\n");
} finally {
  rmSync(base, { recursive: true, force: true });
}

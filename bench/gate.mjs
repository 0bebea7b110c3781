#!/usr/bin/env node
// Gate latency benchmark (issue 6, hooks-doctor.md §2.14): end to end, node start to exit, of
// `node packages/mcp/dist/cli.cjs gate --stdin` over N payloads (default 200) on a temp repo: a mix
// of benign Writes (allow), denied Writes, shell commands and Read calls. Prints p50/p95/max in ms.
// Usage: node scripts/build.mjs && node bench/gate.mjs [runs] [--markdown] [--cli <dist/cli.cjs>]
// (run by `npm run bench`; --cli measures another build, e.g. a copy of an older dist, for before/after).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { machine } from "./lib.mjs";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const cliAt = process.argv.indexOf("--cli");
const cli = cliAt === -1 ? join(repo, "packages/mcp/dist/cli.cjs") : process.argv[cliAt + 1];
const markdown = process.argv.includes("--markdown");
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? "250");
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-gate-bench-"));
const root = join(base, "repo");
const home = join(base, "home");
mkdirSync(join(root, ".git"), { recursive: true });
mkdirSync(join(root, ".claude"), { recursive: true });
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
  // Denied by the parsed judgement (SEC-2): the cwd is followed, the quoting resolved.
  () => ({ tool_name: "Bash", tool_input: { command: "cd .claude && echo '{}' > sett''ings.json" }, cwd: root }),
  () => ({ toolName: "view", toolArgs: "{}", cwd: root }),
];
// Each payload's verdict (undefined: allowed, exit 0 with no output; else the denial's code), checked
// on every run: a build that fails closed (ERR_INTERNAL) would otherwise be measured as "fast".
const EXPECTED = [undefined, "path.deny", undefined, "path.deny", undefined];

function once(payload, argv = [cli, "gate", "--stdin"]) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, {
      cwd: root,
      shell: false,
      stdio: ["pipe", "pipe", "ignore"],
      env: { PATH: process.env.PATH ?? "", HOME: home },
    });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const text = Buffer.concat(out).toString("utf8").trim();
      resolve({ ms, code, denial: text === "" ? undefined : JSON.parse(text).axiom?.code });
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

const pct = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
try {
  const all = [];
  const byKind = payloads.map(() => []);
  // The floor is sampled between the payloads (once per round of them), so both see the same
  // machine: a block of floor runs before or after drifted with the load (issue 24's ratio).
  const floor = [];
  for (let i = 0; i < runs; i++) {
    const k = i % payloads.length;
    if (k === 0) floor.push((await once({}, ["-e", "0"])).ms);
    const { ms, code, denial } = await once(payloads[k](i));
    if (denial !== EXPECTED[k] || code !== (denial === undefined ? 0 : 2))
      throw new Error(`payload ${k}: exit ${code}, denial ${denial}; expected ${EXPECTED[k] ?? "allow"}`);
    all.push(ms);
    byKind[k].push(ms);
  }
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: pct(s, 0.5), p95: pct(s, 0.95), max: s[s.length - 1], n: s.length };
  };
  const rows = [
    ["all payloads", stats(all)],
    ...["write allow", "write deny", "shell allow", "shell deny", "other"].map((name, k) => [name, stats(byKind[k])]),
    ["`node -e 0` (floor, reference)", stats(floor)],
  ];
  const f = (x) => x.toFixed(1);
  const ratio = stats(byKind[0]).p50 / stats(floor).p50;
  const bashP95 = stats([...byKind[2], ...byKind[3]]).p95;
  const met = (ok) => (ok ? "met" : "**not met**");
  const issue24 = `Issue 24: Write p50 / \`node -e 0\` p50 = ${ratio.toFixed(2)} (≤ 1.5: ${met(ratio <= 1.5)}); Bash p95 ${f(bashP95)} ms (≤ 150: ${met(bashP95 <= 150)}).`;
  const lines = markdown
    ? [
        `Command: \`node bench/gate.mjs ${runs} --markdown\` (run by \`npm run bench\`); whole processes, node start to exit; shell payloads load the tree-sitter parser (SEC-2)  `,
        `Machine: ${machine()}  `,
        `Date: ${new Date().toISOString()}`,
        "",
        "| payload | n | p50 ms | p95 ms | max ms |",
        "|---|---:|---:|---:|---:|",
        ...rows.map(([name, r]) => `| ${name} | ${r.n} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.max)} |`),
        "",
        "Targets: p95 ≤ 250 ms (hooks-doctor.md acceptance 47); issue 6 asks p95 < 150 ms on 2 cores; issue 24: Write/Edit p50 ≤ 1.5× `node -e 0`, Bash p95 ≤ 150 ms.",
        "",
        issue24,
      ]
    : [
        `gate --stdin end to end over ${runs} payloads:`,
        ...rows.map(
          ([name, r]) => `  ${name.padEnd(12)} p50 ${f(r.p50)} ms  p95 ${f(r.p95)} ms  max ${f(r.max)} ms  (n=${r.n})`,
        ),
        "  target: p95 ≤ 250 ms (hooks-doctor.md §2.14); issue 6 asks p95 < 150 ms on 2 cores",
        `  ${issue24}`,
      ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  rmSync(base, { recursive: true, force: true });
}

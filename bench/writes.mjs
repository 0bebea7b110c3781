#!/usr/bin/env node
// Change-set benchmark of issue 12: N files × 4 KiB written three ways, same machine, same run.
//   axiom  — one `axiom_write` preview + one confirm call over stdio (`axiom mcp --root R`)
//   fs-mcp — `@modelcontextprotocol/server-filesystem`: create_directory, then write_file per file
//   raw    — plain Node, per file: write temp + fsync + close + rename + fsync of the directory
// Both MCP servers are driven by the same SDK client (@modelcontextprotocol/sdk 1.x, stdio) and are
// started once, outside the timed region; each repetition writes new files under a fresh directory.
// Targets: axiom ≤ 1.5 × raw at 100 and 1,000 files; axiom faster than fs-mcp from 10 files up.
// Usage: node bench/writes.mjs [--sizes 1,10,100,1000] [--reps 9,5,3,1] [--markdown] [--syscalls] [--against <cli.cjs>]
// (builds dist first). --syscalls: after each size's timed repetitions, one more axiom preview+confirm
// runs with `strace -c -f -p <server pid>` attached and its syscall counts are printed (fsyncs, pool
// wake-ups as futex, opens, reads, stats): counts, unlike wall time, do not move with the load.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { CLI, childEnv, fmt, machine, median, REPO } from "./lib.mjs";

const args = process.argv.slice(2);
const list = (flag, dflt) => {
  const at = args.indexOf(flag);
  return (at >= 0 ? args[at + 1] : dflt).split(",").map(Number);
};
const sizes = list("--sizes", "1,10,100,1000");
const reps = list("--reps", "9,5,3,1");
const FILE_BYTES = 4096;
const TIMEOUT = 30 * 60_000;
const againstAt = args.indexOf("--against");
const AGAINST = againstAt >= 0 ? args[againstAt + 1] : undefined;

execFileSync(process.execPath, [join(REPO, "scripts/build.mjs")], { cwd: REPO, stdio: "inherit", shell: false });
const header = machine();
const started = new Date().toISOString();
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-writes-bench-"));

/**
 * 4 KiB of printable ASCII, different per file (no two blobs share a digest) and without characters
 * JSON escapes: 1,000 such files are ≈ 4.14 MB of `files` JSON, just under axiom_write's 4 MiB
 * argument cap (mcp.md §6.3), so the largest set still fits one call.
 */
function content(run, i) {
  const seed = `${run}/${i}:`;
  return (seed + "abcdefghijklmnopqrstuvwxyz0123456789 ".repeat(Math.ceil(FILE_BYTES / 37))).slice(0, FILE_BYTES);
}

async function connect(command, cmdArgs, cwd) {
  const transport = new StdioClientTransport({ command, args: cmdArgs, cwd, env: childEnv(), stderr: "ignore" });
  const client = new Client({ name: "axiom-bench", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  const call = async (name, a) => {
    const r = await client.request({ method: "tools/call", params: { name, arguments: a } }, CallToolResultSchema, {
      timeout: TIMEOUT,
    });
    if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text?.slice(0, 500)}`);
    return r;
  };
  return { call, close: () => client.close(), pid: () => transport.pid };
}

const since = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8", shell: false }).trim()) || 100;

/** CPU time (user + system, all threads) the process has used so far, in ms (Linux /proc; else NaN). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

async function axiomRun(server, n, run) {
  const files = Array.from({ length: n }, (_, i) => ({
    path: `${run}/f${String(i).padStart(4, "0")}.txt`,
    content: content(run, i),
  }));
  const t0 = process.hrtime.bigint();
  const preview = (await server.call("axiom_write", { files, intent: "bench" })).structuredContent;
  const previewMs = since(t0);
  if (preview?.status !== "preview") throw new Error(`axiom preview: ${JSON.stringify(preview).slice(0, 500)}`);
  const applied = (await server.call("axiom_write", { files, intent: "bench", confirmDigest: preview.manifestDigest }))
    .structuredContent;
  const ms = since(t0);
  if (applied?.status !== "applied") throw new Error(`axiom apply: ${JSON.stringify(applied).slice(0, 500)}`);
  return { ms, previewMs };
}

async function fsMcpRun(server, dir, n, run) {
  const t0 = process.hrtime.bigint();
  await server.call("create_directory", { path: join(dir, run) });
  for (let i = 0; i < n; i++)
    await server.call("write_file", {
      path: join(dir, run, `f${String(i).padStart(4, "0")}.txt`),
      content: content(run, i),
    });
  return since(t0);
}

async function fsyncDir(path) {
  const h = await open(path, "r");
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

async function rawRun(dir, n, run) {
  const t0 = process.hrtime.bigint();
  const target = join(dir, run);
  await mkdir(target);
  await fsyncDir(dir);
  for (let i = 0; i < n; i++) {
    const final = join(target, `f${String(i).padStart(4, "0")}.txt`);
    const tmp = `${final}.tmp`;
    const h = await open(tmp, "wx");
    try {
      await h.writeFile(content(run, i));
      await h.sync();
    } finally {
      await h.close();
    }
    await rename(tmp, final);
    await fsyncDir(target);
  }
  return since(t0);
}

/**
 * What one file create costs the kernel here, now: 50 empty files made in a fresh directory of the
 * bench's base. Every way pays one create per file, and on ext4 that cost is not constant: a create
 * scans past the inodes freed in the last 60–300 s (`recently_deleted` in `find_inode_bit`), so a
 * machine whose test suites just removed thousands of files pays up to ≈ 1 ms per create instead
 * of ≈ 15 µs — which moves the 100-file ratios between runs. Printed beside them, never subtracted.
 */
function createProbeMs(run) {
  const dir = join(base, "probe", run);
  mkdirSync(dir, { recursive: true });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 50; i++)
    closeSync(openSync(join(dir, `p${i}`), constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
  return since(t0) / 50;
}

/** The three ways must leave the same bytes behind (checked on the first repetition of each size). */
async function sameTree(a, b) {
  const names = (await readdir(a)).sort();
  if (JSON.stringify(names) !== JSON.stringify((await readdir(b)).sort())) throw new Error(`${a} ≠ ${b}`);
  for (const f of names)
    if (!(await readFile(join(a, f))).equals(await readFile(join(b, f)))) throw new Error(`${f} differs`);
}

const SYSCALLS = ["fsync", "fdatasync", "futex", "openat", "read", "write", "statx", "rename", "unlink", "getdents64"];

/** One axiom preview+confirm with strace -c attached to the server (all threads): syscalls by name. */
async function tracedAxiomRun(server, n, run) {
  const log = join(base, `strace-${run}.txt`);
  const st = spawn("strace", ["-c", "-f", "-qq", "-p", String(server.pid()), "-o", log], { stdio: "ignore" });
  const exited = new Promise((resolve) => st.on("exit", resolve));
  await new Promise((resolve) => setTimeout(resolve, 1000)); // strace attaches every thread
  await axiomRun(server, n, run);
  st.kill("SIGINT");
  await exited;
  const counts = {};
  for (const line of (await readFile(log, "utf8")).split("\n")) {
    const cols = line.trim().split(/\s+/);
    const name = cols.at(-1);
    if (cols.length >= 5 && /^\d+$/.test(cols[3] ?? "")) counts[name] = Number(cols[3]);
  }
  return counts;
}

const dirs = { axiom: join(base, "axiom"), fs: join(base, "fs"), raw: join(base, "raw") };
if (AGAINST) dirs.other = join(base, "other");
for (const d of Object.values(dirs)) await mkdir(d);
const axiom = await connect(process.execPath, [CLI, "mcp", "--root", dirs.axiom], dirs.axiom);
const other = AGAINST ? await connect(process.execPath, [AGAINST, "mcp", "--root", dirs.other], dirs.other) : undefined;
const fsBin = join(REPO, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
const fsMcp = await connect(process.execPath, [fsBin, dirs.fs], dirs.fs);

const rows = [];
const traced = [];
try {
  // One unmeasured warm-up of each way: the first tool call of a server loads its lazy modules.
  await rawRun(dirs.raw, 1, "warm");
  await fsMcpRun(fsMcp, dirs.fs, 1, "warm");
  await axiomRun(axiom, 1, "warm");
  if (other) await axiomRun(other, 1, "warm");
  for (const [k, n] of sizes.entries()) {
    const r = reps[k] ?? 1;
    const t = { axiom: [], preview: [], fs: [], raw: [], other: [], create: [] };
    // The server is idle between its calls, so its CPU over the size's axiom runs is theirs alone.
    let serverCpu = 0;
    for (let i = 0; i < r; i++) {
      const run = `n${n}-r${i}`;
      // Interleaved, so load spikes on a shared machine hit all three alike.
      t.raw.push(await rawRun(dirs.raw, n, run));
      t.fs.push(await fsMcpRun(fsMcp, dirs.fs, n, run));
      const cpu0 = cpuMsOf(axiom.pid());
      const a = await axiomRun(axiom, n, run);
      serverCpu += cpuMsOf(axiom.pid()) - cpu0;
      t.axiom.push(a.ms);
      t.preview.push(a.previewMs);
      if (other) t.other.push((await axiomRun(other, n, run)).ms);
      t.create.push(createProbeMs(run));
      if (i === 0) {
        await sameTree(join(dirs.axiom, run), join(dirs.raw, run));
        await sameTree(join(dirs.fs, run), join(dirs.raw, run));
      }
    }
    const m = {
      axiom: median(t.axiom),
      preview: median(t.preview),
      fs: median(t.fs),
      raw: median(t.raw),
      cpu: serverCpu / r,
      other: other ? median(t.other) : undefined,
      create: median(t.create),
    };
    rows.push({ n, r, ...m });
    if (args.includes("--syscalls")) traced.push({ n, counts: await tracedAxiomRun(axiom, n, `n${n}-strace`) });
    if (!args.includes("--markdown"))
      process.stderr.write(`${n} files: axiom ${fmt(m.axiom)} ms, fs-mcp ${fmt(m.fs)} ms, raw ${fmt(m.raw)} ms\n`);
  }
} finally {
  await axiom.close().catch(() => {});
  await fsMcp.close().catch(() => {});
  await other?.close().catch(() => {});
  rmSync(base, { recursive: true, force: true });
}

/** Issue 24's change-set targets, each with its ratio in this run: met / not met. */
function targetLines(measured) {
  const at = (n) => measured.find((r) => r.n === n);
  const out = [];
  const row = (name, ok, ratio) => out.push(`| ${name} | ${ok ? "met" : "**not met**"} | ${ratio} |`);
  const one = at(1);
  if (one) {
    row(
      "1 file: preview + confirm ≤ 2 × one server-filesystem write_file",
      one.axiom <= 2 * one.fs,
      `${(one.axiom / one.fs).toFixed(2)} ×`,
    );
    row("1 file: ≤ 5 ms of server CPU", one.cpu <= 5, `${fmt(one.cpu)} ms`);
  }
  const ten = at(10);
  if (ten) {
    row("10 files: faster than server-filesystem", ten.axiom < ten.fs, `${(ten.axiom / ten.fs).toFixed(2)} ×`);
    row("10 files: ≤ 2 × raw durable", ten.axiom <= 2 * ten.raw, `${(ten.axiom / ten.raw).toFixed(2)} ×`);
  }
  for (const n of [100, 1000]) {
    const big = at(n);
    if (big) row(`${n} files: ≤ 1 × raw durable`, big.axiom <= big.raw, `${(big.axiom / big.raw).toFixed(2)} ×`);
  }
  return out.length ? ["", "| target (issue 24) | this run | ratio |", "|---|---|---:|", ...out] : [];
}

const lines = [
  `Command: \`node bench/writes.mjs --sizes ${sizes.join(",")} --reps ${reps.join(",")}\` (run by \`npm run bench\`); medians over the repetitions  `,
  `Machine: ${header}  `,
  `Date: ${started} (start)`,
  "",
  "| files × 4 KiB | reps | axiom_write preview+confirm ms | of which preview ms | axiom server CPU ms per pair (mean) | server-filesystem write_file ms | raw durable Node ms | axiom / raw | axiom / server-filesystem | one file create µs (probe) |",
  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.n} | ${r.r} | ${fmt(r.axiom)} | ${fmt(r.preview)} | ${fmt(r.cpu)} | ${fmt(r.fs)} | ${fmt(r.raw)} | ${(r.axiom / r.raw).toFixed(2)} | ${(r.axiom / r.fs).toFixed(2)} | ${Math.round(r.create * 1000)} |`,
  ),
  "",
  "One file create: `createProbeMs` (each way makes one per file; ext4 makes a create slow for minutes after many files were removed).",
  ...targetLines(rows),
];
if (AGAINST) {
  lines.push(
    "",
    `Against another build (\`--against ${AGAINST}\`), interleaved in every repetition:`,
    "",
    "| files × 4 KiB | this build ms | that build ms | this / that |",
    "|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.n} | ${fmt(r.axiom)} | ${fmt(r.other)} | ${(r.axiom / r.other).toFixed(2)} |`),
  );
}
if (traced.length) {
  lines.push(
    "",
    "Syscalls of one axiom_write preview+confirm (`strace -c -f -p <server pid>`, all threads):",
    "",
    `| files | total | ${SYSCALLS.join(" | ")} |`,
    `|---:|---:|${SYSCALLS.map(() => "---:|").join("")}`,
    ...traced.map((x) => `| ${x.n} | ${x.counts.total ?? 0} | ${SYSCALLS.map((k) => x.counts[k] ?? 0).join(" | ")} |`),
  );
}
process.stdout.write(`${lines.join("\n")}\n`);

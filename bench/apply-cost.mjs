#!/usr/bin/env node
// Cost of one apply (issue 12, write path), in-process through the library (no CLI, no MCP, no
// checks): CPU ms (process.cpuUsage, user + system) of compilePlan (store "cas") and of apply (fs)
// for N artifacts × 4 KiB, and, with --strace, the syscalls each phase makes (counted by name from
// an `strace -f` log, between marker lookups the script makes around each phase). CPU time and
// syscall counts move far less than wall time on a shared machine.
//   --counts 1,10,100,1000   artifact counts
//   --reps 5                 repetitions per count (median CPU reported)
//   --store inline|cas       compilePlan's blob store (axiom_write compiles inline)
//   --overwrite              the targets exist before the apply (backups, re-checks), else creates
//   --history K              K earlier applies (10 files each) on the root before the measured one
//   --no-apply               compile only (an instruction-count baseline: run under callgrind with
//                            and without it, the difference is the applies)
//   --strace                 re-runs itself once per count under strace and adds the syscall table
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fmt, loadWorkspace, median } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : dflt;
};
const counts = flag("--counts", "1,10,100,1000").split(",").map(Number);
const reps = Number(flag("--reps", "5"));
const overwrite = args.includes("--overwrite");
const store = flag("--store", "inline");
const skipApply = args.includes("--no-apply");
const history = Number(flag("--history", "0"));
const FILE_BYTES = 4096;
const MARK = "/__axiom_bench_mark__";

if (args.includes("--strace")) {
  const self = fileURLToPath(import.meta.url);
  const rows = [];
  for (const n of counts) {
    const log = join(realpathSync(tmpdir()), `axiom-apply-cost-${process.pid}-${n}.strace`);
    const child = [
      "--counts",
      String(n),
      "--reps",
      "1",
      "--store",
      store,
      "--history",
      String(history),
      ...(overwrite ? ["--overwrite"] : []),
    ];
    const r = spawnSync("strace", ["-f", "-qq", "-o", log, process.execPath, self, ...child], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`strace run failed: ${r.stderr.slice(0, 500)}`);
    rows.push({ n, ...countPhases(readFileSync(log, "utf8")) });
    rmSync(log, { force: true });
  }
  const names = [
    "fsync",
    "fdatasync",
    "openat",
    "rename",
    "renameat",
    "renameat2",
    "mkdir",
    "mkdirat",
    "statx",
    "lstat",
    "newfstatat",
    "read",
    "pread64",
    "write",
    "pwrite64",
    "unlink",
    "unlinkat",
    "getdents64",
  ];
  for (const phase of ["compile", "apply"]) {
    process.stdout.write(`\n${phase}${overwrite ? " (overwrite)" : ""}: syscalls per call\n`);
    process.stdout.write(`| N | total | ${names.join(" | ")} |\n`);
    for (const row of rows) {
      const c = row[phase];
      process.stdout.write(`| ${row.n} | ${c.total} | ${names.map((k) => c.by[k] ?? 0).join(" | ")} |\n`);
    }
  }
  process.exit(0);
}

/** Syscalls by name between `MARK-<phase>-start` and `MARK-<phase>-end` lookups (all threads). */
function countPhases(text) {
  const out = { compile: { total: 0, by: {} }, apply: { total: 0, by: {} } };
  let phase;
  for (const line of text.split("\n")) {
    const m = line.includes(MARK) ? /__axiom_bench_mark__-(\w+)-(start|end)/.exec(line) : null;
    if (m) {
      phase = m[2] === "start" && m[1] !== "warm" ? m[1] : undefined;
      continue;
    }
    if (!phase) continue;
    const s = /^\d+\s+(?:<\.\.\. )?([a-z_0-9]+)[( ]/.exec(line);
    if (!s || line.includes("resumed>")) continue;
    out[phase].total++;
    out[phase].by[s[1]] = (out[phase].by[s[1]] ?? 0) + 1;
  }
  return out;
}

const { apply, compilePlan } = await loadWorkspace(`
export { compilePlan } from "@codai/axiom-plan";
export { apply } from "@codai/axiom-apply";
`);

const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-apply-cost-"));
const mark = (what) => existsSync(`${MARK}-${what}`);

function content(rep, i) {
  const seed = `${rep}/${i}:`;
  return (seed + "abcdefghijklmnopqrstuvwxyz0123456789 ".repeat(Math.ceil(FILE_BYTES / 37))).slice(0, FILE_BYTES);
}

const relOf = (i) => `src/d${String(i % 20).padStart(2, "0")}/f${String(i).padStart(4, "0")}.txt`;

const cpuMs = (c) => (c.user + c.system) / 1000;
const sysMs = (c) => c.system / 1000;

async function once(n, tag, measured) {
  const root = mkdtempSync(join(base, "root-"));
  try {
    if (overwrite) {
      for (let i = 0; i < n; i++) {
        const f = join(root, ...relOf(i).split("/"));
        mkdirSync(dirname(f), { recursive: true });
        writeFileSync(f, content(`old-${tag}`, i));
      }
    }
    for (let k = 0; k < history; k++) {
      const files = Array.from({ length: 10 }, (_, i) => ({
        path: `history/h${k}/f${i}.txt`,
        op: "create",
        source: { type: "inline", content: content(`h-${tag}-${k}`, i) },
      }));
      const p = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "history", intent: "history", artifacts: files };
      const { bundle } = await compilePlan(p, { root, store });
      const r = await apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest });
      if (r.status !== "applied") throw new Error(`history apply: ${JSON.stringify(r.error ?? r.status)}`);
    }
    const artifacts = Array.from({ length: n }, (_, i) => ({
      path: relOf(i),
      op: overwrite ? "overwrite" : "create",
      source: { type: "inline", content: content(tag, i) },
    }));
    const plan = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "bench", intent: "bench", artifacts };
    mark(measured ? "compile-start" : "warm-start");
    const c0 = process.cpuUsage();
    const cw0 = performance.now();
    const compiled = await compilePlan(plan, { root, store });
    const compile = cpuMs(process.cpuUsage(c0));
    const compileWall = performance.now() - cw0;
    mark("compile-end");
    const bundle = compiled.bundle;
    if (skipApply) return { compile, compileWall, apply: 0, sys: 0, wall: 0 };
    mark(measured ? "apply-start" : "warm-start");
    const a0 = process.cpuUsage();
    const w0 = performance.now();
    const result = await apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest });
    const used = process.cpuUsage(a0);
    const wall = performance.now() - w0;
    const applyMs = cpuMs(used);
    const applySys = sysMs(used);
    mark("apply-end");
    if (result.status !== "applied") throw new Error(`apply: ${JSON.stringify(result.error ?? result.status)}`);
    return { compile, compileWall, apply: applyMs, sys: applySys, wall };
  } finally {
    // roots are removed at the end: unlinking thousands of files right before the next apply
    // would leave its journal commit for that apply's creates and fsyncs to wait on
    roots.push(root);
  }
}
const roots = [];

try {
  await once(3, "warm", false);
  for (const n of counts) {
    const runs = [];
    for (let r = 0; r < reps; r++) runs.push(await once(n, `${n}-${r}`, true));
    const c = median(runs.map((x) => x.compile));
    const a = median(runs.map((x) => x.apply));
    const sys = median(runs.map((x) => x.sys));
    const wall = median(runs.map((x) => x.wall));
    const cwall = median(runs.map((x) => x.compileWall));
    process.stdout.write(
      `${n} artifacts${overwrite ? " (overwrite)" : ""}, ${store}: compile CPU ${fmt(c)} ms (wall ${fmt(cwall)}), apply CPU ${fmt(a)} ms (user ${fmt(a - sys)}, system ${fmt(sys)}; ${(a / n).toFixed(2)} ms/artifact), apply wall ${fmt(wall)} ms\n`,
    );
  }
} finally {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  rmSync(base, { recursive: true, force: true });
}

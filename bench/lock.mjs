#!/usr/bin/env node
// Lock hand-off benchmark of issue 12 (item 4): W (default 8) real `axiom apply <bundle> --root R
// --confirm <digest>` child processes started at once on one root, each applying a disjoint
// manifest (F files × 4 KiB under its own directory, default 100), vs the same W applies run one
// after another (whole processes too, fresh root). Throughput = applies per second of wall time,
// first spawn to last exit. Each round uses fresh roots; concurrent and serial alternate which
// goes first, so load on a shared machine hits both alike.
// FIFO fairness (apply.md §11.1: the lock is granted in queue-ticket order): a watch on
// `.axiom/queue` records every ticket name (epoch ms + counter + random, then the pid: plain name
// order is the promised order) and a watch on `.axiom/lock` reads each holder's record (pid,
// startedAt); the chain (`journal/chain.jsonl`, appended under the lock) gives the order the
// applies held the lock, cross-checked with the startedAt order. Reported: inversions (pairs
// granted against ticket order) over all pairs, the largest displacement in that order, and the
// wait of each apply = lock startedAt − ticket time (max and median).
// Usage: node bench/lock.mjs [--workers 8] [--files 100] [--rounds 5] [--markdown]  (builds dist first)
//        node bench/lock.mjs --in-process [--waiters 32] [--hold 20] [--rounds 3] [--apply-src <dir>]
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist, CLI, fmt, loadWorkspace, machine, median, timedCommand } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const at = args.indexOf(name);
  return Number(at >= 0 ? args[at + 1] : dflt);
};

// --in-process (issue 3 item c, decisions CONC-13): W acquireLock callers inside ONE process on one
// root (what an `axiom mcp --http` server does under concurrent axiom_write calls), each holding the
// lock for --hold ms of synchronous CPU work (the engine's fs seam is synchronous, APL-11, so a holder
// blocks the event loop the waiters poll on), then W concurrent registerIntent calls (the intent
// mutex). Reports wall time, CPU time of the process beyond the simulated work, and the fs calls the
// waiters made (through the fsx seam), per round. No dist build: the workspace source is bundled;
// `--apply-src <dir>` bundles another copy of packages/apply/src instead (a before/after comparison;
// the copy needs a node_modules next to it that resolves the workspace packages).
if (args.includes("--in-process")) {
  const at = args.indexOf("--apply-src");
  await inProcess(flag("--waiters", 32), flag("--hold", 20), flag("--rounds", 3), at >= 0 ? args[at + 1] : undefined);
  process.exit(0);
}

async function inProcess(waiters, holdMs, rounds, applySrc) {
  const from = applySrc ? JSON.stringify(join(realpathSync(applySrc), "index.ts")) : '"@codai/axiom-apply"';
  // The fs seam and its test hook are the store's; an --apply-src copy resolves the same store
  // sources through its node_modules, so the hook counts the copy's calls too.
  const { acquireLock, registerIntent, fsx, installFs } = await loadWorkspace(`
export { acquireLock, registerIntent } from ${from};
export { fsx } from "@codai/axiom-store";
export { installFs } from "@codai/axiom-store/testing";
`);
  const counts = {};
  const bump = (k) => (counts[k] = (counts[k] ?? 0) + 1);
  const real = { ...fsx };
  const counted =
    (name, kind) =>
    (...a) => {
      bump(kind(String(a[0])));
      return real[name](...a);
    };
  const last = (p) =>
    p.endsWith(".ticket") ? "ticket" : p.endsWith("lock") ? "lock" : p.endsWith(".mutex") ? "mutex" : "other";
  installFs({
    readdir: counted("readdir", (p) => (p.endsWith("queue") ? "readdir queue" : "readdir other")),
    readFile: counted("readFile", (p) => `read ${last(p)}`),
    open: counted("open", (p) => `open ${last(p)}`),
  });
  // The holder's work is measured in CPU time, so "CPU beyond the work" is the lock's own cost even
  // when the shared machine deschedules the process mid-spin.
  const spin = (ms) => {
    const c0 = process.cpuUsage();
    for (;;) {
      const c = process.cpuUsage(c0);
      if (c.user + c.system >= ms * 1000) return;
    }
  };
  const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-lock-inproc-"));
  const out = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const root = mkdtempSync(join(base, "root-"));
      for (const k of Object.keys(counts)) delete counts[k];
      const order = [];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: waiters }, async (_, i) => {
          const h = await acquireLock(root, `sha256:${String(i % 10).repeat(64)}`, 600_000);
          order.push(h.ticket);
          spin(holdMs);
          await h.release();
        }),
      );
      const wall = performance.now() - t0;
      const cu = process.cpuUsage(c0);
      const cpu = (cu.user + cu.system) / 1000;
      const lockCounts = { ...counts };
      for (const k of Object.keys(counts)) delete counts[k];
      const fifo = order.every((t, i) => i === 0 || order[i - 1] < t);
      const c1 = process.cpuUsage();
      const t1 = performance.now();
      await Promise.all(
        Array.from({ length: waiters }, async (_, i) => {
          const h = await registerIntent(root, `sha256:${i.toString(16).padStart(64, "0")}`, [`w${i}/a.txt`]);
          await h.release();
        }),
      );
      const iwall = performance.now() - t1;
      const icu = process.cpuUsage(c1);
      out.push({
        wall,
        cpu,
        overhead: cpu - waiters * holdMs,
        fifo,
        lockCounts,
        iwall,
        icpu: (icu.user + icu.system) / 1000,
        intentCounts: { ...counts },
      });
      const o = out.at(-1);
      process.stderr.write(
        `round ${r + 1}: lock wall ${fmt(o.wall)} ms, cpu ${fmt(o.cpu)} ms (beyond the ${waiters}×${holdMs} ms work: ${fmt(o.overhead)} ms), FIFO ${fifo ? "yes" : "NO"}, ${JSON.stringify(o.lockCounts)}; intents wall ${fmt(o.iwall)} ms, cpu ${fmt(o.icpu)} ms, ${JSON.stringify(o.intentCounts)}\n`,
      );
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  const m = (f) => fmt(median(out.map(f)));
  process.stdout.write(
    `${waiters} in-process waiters, hold ${holdMs} ms of CPU each, medians of ${rounds}: lock wall ${m((o) => o.wall)} ms, cpu ${m((o) => o.cpu)} ms, cpu beyond work ${m((o) => o.overhead)} ms; intents wall ${m((o) => o.iwall)} ms, cpu ${m((o) => o.icpu)} ms\n`,
  );
}

const workers = flag("--workers", 8);
const files = flag("--files", 100);
const rounds = flag("--rounds", 5);
const markdown = args.includes("--markdown");
const FILE_BYTES = 4096;
const log = (line) => {
  if (!markdown) process.stderr.write(`${line}\n`);
};

await buildDist();
const { compilePlan, walkChain } = await loadWorkspace(`
export { compilePlan } from "@codai/axiom-plan";
export { walkChain } from "@codai/axiom-apply";
`);

const header = machine();
const started = new Date().toISOString();
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-lock-bench-"));

function content(tag, i) {
  const seed = `${tag}/${i}:`;
  return (seed + "abcdefghijklmnopqrstuvwxyz0123456789 ".repeat(Math.ceil(FILE_BYTES / 37))).slice(0, FILE_BYTES);
}

/** W bundle files with disjoint paths (`w<k>/…`), compiled inline (no root: nothing pre-stored). */
async function makeBundles(round) {
  const out = [];
  for (let k = 0; k < workers; k++) {
    const plan = {
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: `bench-lock-w${k}`,
      intent: "bench",
      artifacts: Array.from({ length: files }, (_, i) => ({
        path: `w${k}/f${String(i).padStart(4, "0")}.txt`,
        source: { type: "inline", content: content(`${round}-${k}`, i) },
      })),
    };
    const { bundle } = await compilePlan(plan);
    const file = join(base, `bundle-r${round}-w${k}.json`);
    writeFileSync(file, JSON.stringify(bundle));
    out.push({ k, file, digest: bundle.manifestDigest });
  }
  return out;
}

function freshRoot(tag) {
  const root = mkdtempSync(join(base, `${tag}-`));
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, ".axiom", "queue"), { recursive: true });
  return root;
}

const applyArgs = (b, root) => [
  CLI,
  "apply",
  b.file,
  "--root",
  root,
  "--confirm",
  b.digest,
  "--lock-timeout",
  "600000",
];

function checkApplied(t, b) {
  const result = JSON.parse(t.stdout);
  if (result.status !== "applied") throw new Error(`apply w${b.k}: ${t.stdout.slice(0, 400)}`);
}

async function serial(bundles) {
  const root = freshRoot("serial");
  const t0 = process.hrtime.bigint();
  for (const b of bundles) checkApplied(await timedCommand(process.execPath, applyArgs(b, root), { cwd: root }), b);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  rmSync(root, { recursive: true, force: true });
  return ms;
}

/** Ticket name → { name, ms, pid }; the name order is the FIFO order the lock promises. */
const TICKET = /^(\d{15})\d{6}[0-9a-f]{6}-(\d+)\.ticket$/;

async function concurrent(bundles) {
  const root = freshRoot("concurrent");
  const tickets = new Map();
  const holders = new Map(); // pid → startedAt ms (first record seen)
  const queueWatch = watch(join(root, ".axiom", "queue"), (_, name) => {
    const m = name && TICKET.exec(name);
    if (m && !tickets.has(name)) tickets.set(name, { name, ms: Number(m[1]), pid: Number(m[2]) });
  });
  const readHolder = () => {
    try {
      const r = JSON.parse(readFileSync(join(root, ".axiom", "lock"), "utf8"));
      if (!holders.has(r.pid)) holders.set(r.pid, Date.parse(r.startedAt));
    } catch {
      // not written yet, or already released: the next event reads it
    }
  };
  const lockWatch = watch(join(root, ".axiom"), (_, name) => {
    if (name === "lock") readHolder();
  });
  const t0 = process.hrtime.bigint();
  const pids = new Map();
  try {
    await Promise.all(
      bundles.map((b) => {
        const run = timedCommand(process.execPath, applyArgs(b, root), {
          cwd: root,
          onSpawn: (pid) => pids.set(pid, b.k),
        });
        return run.then((t) => checkApplied(t, b));
      }),
    );
  } finally {
    queueWatch.close();
    lockWatch.close();
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;

  // Order of lock holding: the chain (one entry per apply, appended under the lock).
  const walk = walkChain(readFileSync(join(root, ".axiom", "journal", "chain.jsonl")));
  if (walk.firstBad || walk.entries.length !== workers) throw new Error("chain does not hold one entry per apply");
  const byDigest = new Map(bundles.map((b) => [b.digest, b.k]));
  const granted = walk.entries.map((e) => byDigest.get(e.manifestDigest));
  // Order of arrival: each worker's ticket (the first, should a process write more than one).
  const arrival = new Map();
  for (const t of [...tickets.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const k = pids.get(t.pid);
    if (k !== undefined && !arrival.has(k)) arrival.set(k, t);
  }
  const seen = arrival.size;
  const rank = new Map([...arrival.keys()].map((k, i) => [k, i]));
  let inversions = 0;
  let pairs = 0;
  let displacement = 0;
  const order = granted.filter((k) => rank.has(k));
  for (let i = 0; i < order.length; i++) {
    displacement = Math.max(displacement, Math.abs(i - rank.get(order[i])));
    for (let j = i + 1; j < order.length; j++) {
      pairs++;
      if (rank.get(order[i]) > rank.get(order[j])) inversions++;
    }
  }
  const waits = [];
  for (const [k, t] of arrival) {
    const pid = [...pids].find(([, w]) => w === k)?.[0];
    if (holders.has(pid)) waits.push(Math.max(0, holders.get(pid) - t.ms));
  }
  // The lock records' startedAt order must agree with the chain order.
  const pidOf = new Map([...pids].map(([pid, k]) => [k, pid]));
  const starts = granted.map((k) => holders.get(pidOf.get(k))).filter((x) => x !== undefined);
  const chainAgrees = starts.every((s, i) => i === 0 || s >= starts[i - 1]);
  rmSync(root, { recursive: true, force: true });
  return { ms, seen, inversions, pairs, displacement, waits, chainAgrees, holdersSeen: holders.size };
}

const rows = [];
try {
  for (let r = 0; r < rounds; r++) {
    const bundles = await makeBundles(r);
    let c;
    let s;
    if (r % 2 === 0) {
      c = await concurrent(bundles);
      s = await serial(bundles);
    } else {
      s = await serial(bundles);
      c = await concurrent(bundles);
    }
    rows.push({ ...c, serial: s });
    log(
      `round ${r + 1}: concurrent ${fmt(c.ms)} ms, serial ${fmt(s)} ms; tickets seen ${c.seen}/${workers}, ` +
        `holders seen ${c.holdersSeen}; inversions ${c.inversions}/${c.pairs}; max wait ${fmt(Math.max(0, ...c.waits))} ms`,
    );
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const conc = median(rows.map((r) => r.ms));
const ser = median(rows.map((r) => r.serial));
const tput = (ms) => ((workers / ms) * 1000).toFixed(2);
const allWaits = rows.flatMap((r) => r.waits);
const inv = rows.reduce((s, r) => s + r.inversions, 0);
const pairs = rows.reduce((s, r) => s + r.pairs, 0);
const lines = [
  `Command: \`node bench/lock.mjs --workers ${workers} --files ${files} --rounds ${rounds}\` (run by \`npm run bench\`); whole \`axiom apply --confirm\` processes, ${workers} disjoint manifests of ${files} files × 4 KiB, fresh roots, medians over ${rounds} rounds  `,
  `Machine: ${header}  `,
  `Date: ${started} (start)`,
  "",
  `| ${workers} applies | wall ms (median) | applies / s | per round ms |`,
  "|---|---:|---:|---|",
  `| concurrent (${workers} processes at once, one root) | ${fmt(conc)} | ${tput(conc)} | ${rows.map((r) => fmt(r.ms)).join(", ")} |`,
  `| serial (one after another) | ${fmt(ser)} | ${tput(ser)} | ${rows.map((r) => fmt(r.serial)).join(", ")} |`,
  "",
  `Concurrent / serial throughput: ${(ser / conc).toFixed(2)} ×.`,
  "",
  "| FIFO fairness, all rounds | value |",
  "|---|---:|",
  `| tickets observed / applies | ${rows.reduce((s, r) => s + r.seen, 0)} / ${rows.length * workers} |`,
  `| lock grants against ticket order (inversions / pairs) | ${inv} / ${pairs} |`,
  `| largest displacement from ticket order (positions) | ${Math.max(0, ...rows.map((r) => r.displacement))} |`,
  `| chain order = lock startedAt order in every round | ${rows.every((r) => r.chainAgrees) ? "yes" : "no"} |`,
  `| applies that waited > 50 ms for the lock (queued behind another) | ${allWaits.filter((w) => w > 50).length} / ${allWaits.length} |`,
  `| wait for the lock, ticket → startedAt: median / max ms | ${allWaits.length ? `${fmt(median(allWaits))} / ${fmt(Math.max(...allWaits))}` : "—"} |`,
];
process.stdout.write(`${lines.join("\n")}\n`);

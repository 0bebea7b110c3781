#!/usr/bin/env node
// Journal chain benchmark of issue 12 (item 3): `verifyChain` and `axiom log` on chains of 10k and
// 100k entries (target: 100k verify < 1 s).
// The chain is generated, not appended: the real `appendChainEntry` fsyncs every append (and walks
// the whole file on a process's first), so n entries are written in one go with the
// same line format (`formatChainLine`) and the same hashing (`prev` = sha256 of the previous line's
// bytes). A preliminary check appends 40 entries with the real code and asserts the generator
// reproduces that file byte for byte; every timed verify must report ok with all entries.
// One manifest digest per apply (every 100th entry is a rollback of the apply before it, every 50th
// a failed apply with a code), and each one's `journal/<hex>.json` exists (a real journal from one real
// apply, the digest substituted), so verify's `missing` check lists n journals as on a real root;
// the manifests and applied records that `axiom log` joins exist for the newest 100 entries.
// Timed: the library `verifyChain(root)` and `readHistory(root, {limit: 20})` in-process, the pure
// walk (`walkChain` on the bytes, no file system) to split verify's cost, the whole processes
// `axiom verify --journal --root R` and `axiom log -n 20 --json --root R` (node start included;
// `axiom --version` is their floor), and real `appendChainEntry` calls, the file cut back to n
// entries after each: the first append of a process (the whole-chain walk of apply.md §12.2
// step 1, the write and its fsync) and the next one in the same process, which finds the chain as
// its last append left it and skips the walk (chain-head.ts, issue 24 target: ≤ 5 ms at 100k).
// Usage: node bench/chain.mjs [--sizes 10000,100000] [--reps 5] [--markdown]   (builds dist first)
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist, CLI, fmt, loadWorkspace, machine, median, timed, timedCommand } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : dflt;
};
const sizes = flag("--sizes", "10000,100000").split(",").map(Number);
const reps = Number(flag("--reps", "5"));
const markdown = args.includes("--markdown");
const log = (line) => {
  if (!markdown) process.stderr.write(`${line}\n`);
};

await buildDist();
const ws = await loadWorkspace(`
export { compilePlan } from "@codai/axiom-plan";
export { apply, appendChainEntry, formatChainLine, readHistory, verifyChain, walkChain } from "@codai/axiom-apply";
export { sha256Hex } from "@codai/axiom-canon";
`);

const header = machine();
const started = new Date().toISOString();
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-chain-bench-"));
const journalDir = (root) => join(root, ".axiom", "journal");

/** The chain file for `entries` (seq and prev filled in): what n real appends would have written. */
function chainBytes(entries) {
  const parts = [];
  let prev = `sha256:${"0".repeat(64)}`;
  for (const [i, e] of entries.entries()) {
    const line = Buffer.from(ws.formatChainLine({ ...e, seq: i + 1, prev }), "utf8");
    parts.push(line, Buffer.from("\n"));
    prev = `sha256:${ws.sha256Hex(line)}`;
  }
  return Buffer.concat(parts);
}

/** Entry i of a synthetic history: mostly commits, a rollback every 100th, a failure every 50th. */
function entryAt(i, t0) {
  const at = new Date(t0 + i * 1000).toISOString();
  const files = 1 + (i % 50);
  if (i % 100 === 99)
    return { manifestDigest: `sha256:${ws.sha256Hex(`bench-${i - 1}`)}`, state: "rolled-back", at, files };
  if (i % 50 === 49)
    return {
      manifestDigest: `sha256:${ws.sha256Hex(`bench-${i}`)}`,
      state: "failed",
      at,
      files,
      code: "ERR_CHECKS_FAILED",
    };
  return { manifestDigest: `sha256:${ws.sha256Hex(`bench-${i}`)}`, state: "committed", at, files };
}

/** The generator must reproduce the real append code's file byte for byte. */
async function checkGenerator() {
  const root = mkdtempSync(join(base, "gen-"));
  for (let i = 0; i < 40; i++) {
    const e = entryAt(i, Date.now());
    await ws.appendChainEntry(root, { manifestDigest: e.manifestDigest, state: e.state, files: e.files, code: e.code });
  }
  const real = readFileSync(join(journalDir(root), "chain.jsonl"));
  const walk = ws.walkChain(real);
  if (walk.firstBad || walk.entries.length !== 40) throw new Error("the real chain does not verify");
  const generated = chainBytes(walk.entries.map(({ seq, prev, ...rest }) => rest));
  if (!generated.equals(real)) throw new Error("generated chain differs from appendChainEntry's bytes");
  rmSync(root, { recursive: true, force: true });
}

/** One real apply, whose journal, stored manifest and applied record serve as templates. */
async function templates() {
  const root = mkdtempSync(join(base, "tpl-"));
  const plan = {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "bench-history",
    intent: "bench",
    artifacts: Array.from({ length: 3 }, (_, i) => ({
      path: `src/f${i}.ts`,
      source: { type: "inline", content: `export const v${i} = ${i};\n` },
    })),
  };
  const { bundle } = await ws.compilePlan(plan, { root, store: "cas" });
  const r = await ws.apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest });
  if (r.status !== "applied") throw new Error(`template apply: ${JSON.stringify(r.error)}`);
  const hex = bundle.manifestDigest.slice(7);
  const read = (dir) => readFileSync(join(root, ".axiom", dir, `${hex}.json`), "utf8");
  const t = { hex, journal: read("journal"), manifest: read("manifests"), applied: read("applied") };
  rmSync(root, { recursive: true, force: true });
  return t;
}

function makeRoot(n, tpl) {
  const root = mkdtempSync(join(base, `chain-${n}-`));
  const t0 = Date.parse("2026-01-01T00:00:00.000Z");
  const entries = Array.from({ length: n }, (_, i) => entryAt(i, t0));
  for (const d of ["journal", "manifests", "applied"]) mkdirSync(join(root, ".axiom", d), { recursive: true });
  writeFileSync(join(journalDir(root), "chain.jsonl"), chainBytes(entries));
  const seen = new Set();
  for (const [i, e] of entries.entries()) {
    const hex = e.manifestDigest.slice(7);
    if (seen.has(hex)) continue;
    seen.add(hex);
    writeFileSync(join(journalDir(root), `${hex}.json`), tpl.journal.replaceAll(tpl.hex, hex));
    if (i >= n - 100) {
      writeFileSync(join(root, ".axiom", "manifests", `${hex}.json`), tpl.manifest.replaceAll(tpl.hex, hex));
      writeFileSync(join(root, ".axiom", "applied", `${hex}.json`), tpl.applied.replaceAll(tpl.hex, hex));
    }
  }
  return { root, bytes: readFileSync(join(journalDir(root), "chain.jsonl")).length };
}

/** Medians over `reps` runs after one unmeasured warm-up (page cache, JIT): wall ms, CPU ms (in-process only). */
async function medianOf(run) {
  await run();
  const times = [];
  const cpu = [];
  for (let r = 0; r < reps; r++) {
    const t = await run();
    times.push(t.ms);
    if (t.cpuMs !== undefined) cpu.push(t.cpuMs);
  }
  return { ms: median(times), cpu: cpu.length ? median(cpu) : undefined };
}

const rows = [];
try {
  await checkGenerator();
  const tpl = await templates();
  for (const n of sizes) {
    const { root, bytes } = makeRoot(n, tpl);
    const row = { n, bytes };
    row.verify = await medianOf(async () => {
      const t = await timed(() => ws.verifyChain(root));
      if (!t.value.ok || t.value.entries !== n || t.value.missing.length !== 0)
        throw new Error(`verifyChain: ${JSON.stringify({ ...t.value, missing: t.value.missing.length })}`);
      return t;
    });
    row.walk = await medianOf(() => timed(() => ws.walkChain(readFileSync(join(journalDir(root), "chain.jsonl")))));
    row.history = await medianOf(async () => {
      const t = await timed(() => ws.readHistory(root, { limit: 20 }));
      if (t.value.length !== 20 || t.value[0].seq !== n || !t.value[0].fileList) throw new Error("readHistory");
      return t;
    });
    row.cliVerify = await medianOf(async () => {
      const t = await timedCommand(process.execPath, [CLI, "verify", "--journal", "--root", root]);
      const doc = JSON.parse(t.stdout);
      if (!doc.ok || doc.entries !== n) throw new Error(`axiom verify --journal: ${t.stdout.slice(0, 300)}`);
      return t;
    });
    row.cliLog = await medianOf(async () => {
      const t = await timedCommand(process.execPath, [CLI, "log", "-n", "20", "--json", "--root", root]);
      if (JSON.parse(t.stdout).entries.length !== 20) throw new Error(`axiom log: ${t.stdout.slice(0, 300)}`);
      return t;
    });
    row.floor = await medianOf(() => timedCommand(process.execPath, [CLI, "--version"]));
    row.append = await medianOf(async () => {
      const input = { manifestDigest: `sha256:${"e".repeat(64)}`, state: "committed", files: 1 };
      const t = await timed(() => ws.appendChainEntry(root, input));
      truncateSync(join(journalDir(root), "chain.jsonl"), bytes);
      if (t.value.seq !== n + 1) throw new Error(`appendChainEntry: seq ${t.value.seq}`);
      return t;
    });
    row.warmAppend = await medianOf(async () => {
      const input = { manifestDigest: `sha256:${"e".repeat(64)}`, state: "committed", files: 1 };
      await ws.appendChainEntry(root, input);
      const t = await timed(() => ws.appendChainEntry(root, input));
      truncateSync(join(journalDir(root), "chain.jsonl"), bytes);
      if (t.value.seq !== n + 2) throw new Error(`appendChainEntry (warm): seq ${t.value.seq}`);
      return t;
    });
    rows.push(row);
    log(
      `${n}: verifyChain ${fmt(row.verify.ms)} ms (walk ${fmt(row.walk.ms)}), readHistory ${fmt(row.history.ms)} ms, ` +
        `axiom verify --journal ${fmt(row.cliVerify.ms)} ms, axiom log ${fmt(row.cliLog.ms)} ms, --version ${fmt(row.floor.ms)} ms, ` +
        `appendChainEntry ${fmt(row.append.ms)} ms (next in the same process ${fmt(row.warmAppend.ms)} ms)`,
    );
    rmSync(root, { recursive: true, force: true });
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const big = rows.find((r) => r.n === 100_000);
const lines = [
  `Command: \`node bench/chain.mjs --sizes ${sizes.join(",")} --reps ${reps}\` (run by \`npm run bench\`); medians over ${reps} runs after one unmeasured warm-up; generated chains checked byte-identical to \`appendChainEntry\`'s, every verify ok  `,
  `Machine: ${header}  `,
  `Date: ${started} (start)`,
  "",
  "| entries | chain MiB | `verifyChain` ms (library) | its CPU ms | of which walk (parse + hash) ms | walk CPU ms | `readHistory` limit 20 ms | `axiom verify --journal` ms | `axiom log -n 20 --json` ms | `axiom --version` ms (process floor) | first `appendChainEntry` of a process ms (walk + write + fsync) | its CPU ms | next append in the same process ms (no walk) | its CPU ms |",
  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.n} | ${(r.bytes / 2 ** 20).toFixed(1)} | ${fmt(r.verify.ms)} | ${fmt(r.verify.cpu)} | ${fmt(r.walk.ms)} | ${fmt(r.walk.cpu)} | ${fmt(r.history.ms)} | ${fmt(r.cliVerify.ms)} | ${fmt(r.cliLog.ms)} | ${fmt(r.floor.ms)} | ${fmt(r.append.ms)} | ${fmt(r.append.cpu)} | ${fmt(r.warmAppend.ms)} | ${fmt(r.warmAppend.cpu)} |`,
  ),
  ...(big
    ? [
        "",
        `Target 100k \`verifyChain\` < 1 s: ${big.verify.ms < 1000 ? "met" : "not met"} (${fmt(big.verify.ms)} ms wall / ${fmt(big.verify.cpu)} ms CPU in the library, ${fmt(big.cliVerify.ms)} ms as a whole \`axiom verify --journal\` process).`,
        `Target 100k append ≤ 5 ms (issue 24, a server's appends after its first): ${big.warmAppend.ms <= 5 ? "met" : "not met"} (${fmt(big.warmAppend.ms)} ms; the first append of a process, which walks, ${fmt(big.append.ms)} ms).`,
      ]
    : []),
];
process.stdout.write(`${lines.join("\n")}\n`);

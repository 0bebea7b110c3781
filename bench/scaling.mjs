#!/usr/bin/env node
// Scaling benchmark of issue 12 (item 2), in-process through the library APIs (no CLI, no MCP):
//   artifacts — a Plan of N artifacts × 4 KiB (inline utf8 sources), compiled with `store: "cas"`
//               (@codai/axiom-plan compilePlan: resolve, preImage, digests, CAS write + fsync per
//               blob), then applied (@codai/axiom-apply apply, mode "fs": lock, journal, staging,
//               fsyncs, chain append). N = 10, 100, 500, 1,000, 2,000 (the Plan maximum).
//   blobs     — one artifact whose bytes are already in the root's CAS (a `cas` source), 1 KiB …
//               32 MiB (powers of 2; 32 MiB is the CAS cap): compile reads and re-hashes the slot,
//               apply resolves it from the CAS (bundle `blobs` is empty), re-hashes, writes, fsyncs.
//   sha256    — canon's sha256Hex (node:crypto) on a buffer vs `sha256sum <file>` (a child process,
//               argv, page-cached file) on the same bytes; `sha256sum` of an empty file is its floor.
// Every measurement runs on a fresh temp root; the median of the repetitions is reported, and a
// least-squares line through the medians gives the slope (ms per artifact, ms per MiB) and R²:
// "linear" is R² close to 1. Apply runs without pre-checks (the CLI and MCP add the profile's).
// Usage: node bench/scaling.mjs [--counts 10,100,500,1000,2000] [--max-mib 32] [--reps 3]
//        [--hash-mib 64] [--markdown]
import { randomBytes } from "node:crypto";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fmt, leastSquares, loadWorkspace, machine, median, timed, timedCommand } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : dflt;
};
const counts = flag("--counts", "10,100,500,1000,2000").split(",").map(Number);
const maxMib = Number(flag("--max-mib", "32"));
const reps = Number(flag("--reps", "3"));
const hashMib = Number(flag("--hash-mib", "64"));
const markdown = args.includes("--markdown");
const MiB = 2 ** 20;
const FILE_BYTES = 4096;

const { apply, casPut, compilePlan, sha256Hex } = await loadWorkspace(`
export { compilePlan, casPut } from "@codai/axiom-plan";
export { apply } from "@codai/axiom-apply";
export { sha256Hex } from "@codai/axiom-canon";
`);

const header = machine();
const started = new Date().toISOString();
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-scaling-bench-"));
const log = (line) => {
  if (!markdown) process.stderr.write(`${line}\n`);
};

/** 4 KiB of printable text, different per file and per repetition (no two blobs share a digest). */
function content(rep, i) {
  const seed = `${rep}/${i}:`;
  return (seed + "abcdefghijklmnopqrstuvwxyz0123456789 ".repeat(Math.ceil(FILE_BYTES / 37))).slice(0, FILE_BYTES);
}

const plan = (artifacts) => ({ apiVersion: "axiom.dev/v2", kind: "Plan", name: "bench", intent: "bench", artifacts });

/** compile (store "cas") then apply (fs) on a fresh root; returns both times. */
async function compileApply(artifacts, prepare) {
  const root = mkdtempSync(join(base, "root-"));
  try {
    if (prepare) await prepare(root);
    const c = await timed(() => compilePlan(plan(artifacts), { root, store: "cas" }));
    const bundle = c.value.bundle;
    if (Object.keys(bundle.blobs).length !== 0) throw new Error("expected CAS-resolved blobs, got inline ones");
    const a = await timed(() => apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest }));
    if (a.value.status !== "applied") throw new Error(`apply: ${JSON.stringify(a.value.error ?? a.value.status)}`);
    return { compile: c.ms, apply: a.ms };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function medians(runs) {
  return { compile: median(runs.map((r) => r.compile)), apply: median(runs.map((r) => r.apply)) };
}

const artifactRows = [];
const blobRows = [];
let hash;
try {
  // One unmeasured warm-up: JIT, the lazy parts of the schema, the page cache of the bundle.
  await compileApply([{ path: "warm.txt", source: { type: "inline", content: content("warm", 0) } }]);

  for (const n of counts) {
    const runs = [];
    for (let r = 0; r < reps; r++) {
      const artifacts = Array.from({ length: n }, (_, i) => ({
        path: `src/d${String(i % 20).padStart(2, "0")}/f${String(i).padStart(4, "0")}.txt`,
        source: { type: "inline", content: content(`${n}-${r}`, i) },
      }));
      runs.push(await compileApply(artifacts));
    }
    const m = medians(runs);
    artifactRows.push({ n, ...m });
    log(`${n} artifacts: compile ${fmt(m.compile)} ms, apply ${fmt(m.apply)} ms`);
  }

  for (let bytes = 1024; bytes <= maxMib * MiB; bytes *= 2) {
    const runs = [];
    for (let r = 0; r < reps; r++) {
      const blob = randomBytes(bytes);
      const digest = `sha256:${sha256Hex(blob)}`;
      runs.push(
        await compileApply([{ path: "data/blob.bin", source: { type: "cas", digest } }], (root) => casPut(root, blob)),
      );
    }
    const m = medians(runs);
    blobRows.push({ bytes, ...m });
    log(`${bytes} bytes: compile ${fmt(m.compile)} ms, apply ${fmt(m.apply)} ms`);
  }

  // sha256 throughput on the same bytes: in-process canon vs the coreutils binary.
  const bytes = randomBytes(hashMib * MiB);
  const file = join(base, "hash.bin");
  const empty = join(base, "empty.bin");
  writeFileSync(file, bytes);
  writeFileSync(empty, "");
  const expected = sha256Hex(bytes);
  const canonTimes = [];
  const sumTimes = [];
  const floorTimes = [];
  await timedCommand("sha256sum", [file]); // page cache + binary warm-up
  for (let r = 0; r < 5; r++) {
    const c = await timed(() => sha256Hex(bytes));
    if (c.value !== expected) throw new Error("canon sha256 disagrees with itself");
    canonTimes.push(c.ms);
    const s = await timedCommand("sha256sum", [file]);
    if (s.stdout.slice(0, 64) !== expected) throw new Error(`sha256sum disagrees: ${s.stdout.slice(0, 64)}`);
    sumTimes.push(s.ms);
    floorTimes.push((await timedCommand("sha256sum", [empty])).ms);
  }
  hash = { canon: median(canonTimes), sum: median(sumTimes), floor: median(floorTimes) };
  log(`sha256 ${hashMib} MiB: canon ${fmt(hash.canon)} ms, sha256sum ${fmt(hash.sum)} ms (floor ${fmt(hash.floor)})`);
} finally {
  rmSync(base, { recursive: true, force: true });
}

const fitN = (key) => leastSquares(artifactRows.map((r) => [r.n, r[key]]));
const fitB = (key) => leastSquares(blobRows.map((r) => [r.bytes / MiB, r[key]]));
const line = (f, unit) =>
  `${f.slope >= 1 ? f.slope.toFixed(2) : f.slope.toFixed(3)} ${unit} (intercept ${fmt(f.intercept)} ms, R² ${f.r2.toFixed(4)})`;
const size = (b) => (b >= MiB ? `${b / MiB} MiB` : `${b / 1024} KiB`);
/** MiB/s, printed from 1 MiB up only: below that the fixed cost of a compile or apply dominates. */
const rate = (bytes, ms) => (bytes < MiB ? "—" : ((bytes / MiB / ms) * 1000).toFixed(0));

const lines = [
  `Command: \`node bench/scaling.mjs --counts ${counts.join(",")} --max-mib ${maxMib} --reps ${reps} --hash-mib ${hashMib}\` (run by \`npm run bench\`); library calls in one process, a fresh temp root per measurement, medians over the repetitions  `,
  `Machine: ${header}  `,
  `Date: ${started} (start)`,
  "",
  "| artifacts × 4 KiB | compile ms | apply ms | compile ms / artifact | apply ms / artifact |",
  "|---:|---:|---:|---:|---:|",
  ...artifactRows.map(
    (r) =>
      `| ${r.n} | ${fmt(r.compile)} | ${fmt(r.apply)} | ${(r.compile / r.n).toFixed(2)} | ${(r.apply / r.n).toFixed(2)} |`,
  ),
  "",
  `Least squares over the medians: compile ${line(fitN("compile"), "ms per artifact")}; apply ${line(fitN("apply"), "ms per artifact")}.`,
  "",
  "| one blob (CAS) | compile ms | apply ms | compile MiB/s | apply MiB/s |",
  "|---:|---:|---:|---:|---:|",
  ...blobRows.map(
    (r) =>
      `| ${size(r.bytes)} | ${fmt(r.compile)} | ${fmt(r.apply)} | ${rate(r.bytes, r.compile)} | ${rate(r.bytes, r.apply)} |`,
  ),
  "",
  `Least squares over the medians: compile ${line(fitB("compile"), "ms per MiB")}; apply ${line(fitB("apply"), "ms per MiB")}.`,
  "",
  `| sha256 of ${hashMib} MiB | median ms (5 runs) | MiB/s |`,
  "|---|---:|---:|",
  `| canon \`sha256Hex\` (node:crypto, in-process, bytes in memory) | ${fmt(hash.canon)} | ${rate(hashMib * MiB, hash.canon)} |`,
  `| \`sha256sum <file>\` (whole process, page-cached file) | ${fmt(hash.sum)} | ${rate(hashMib * MiB, hash.sum)} |`,
  `| \`sha256sum <file>\` minus its floor (\`sha256sum <empty file>\`, ${fmt(hash.floor)} ms) | ${fmt(hash.sum - hash.floor)} | ${rate(hashMib * MiB, hash.sum - hash.floor)} |`,
];
process.stdout.write(`${lines.join("\n")}\n`);

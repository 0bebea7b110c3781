#!/usr/bin/env node
// Contention soak (issue 12, soak 2; apply.md §11 lock, FIFO queue, intents; §5.7 commit re-check).
// PROVES: with W worker processes (default 8) each running I iterations (default 50) of the real CLI
// (`axiom compile --root` then `axiom apply --confirm`) over the SAME small set of paths, no update
// is ever lost: every outcome is one of applied / noop / ERR_CONFLICT / ERR_LOCKED /
// ERR_PREIMAGE_CHANGED; replaying the hash chain's committed entries in seq order, each first apply
// of a digest found exactly the state its manifest's preImage[] recorded (a linear history per
// path: no apply overwrote a change it had not seen), and the final tree equals the replayed state;
// the applies the workers saw succeed are exactly the chain's committed entries; `axiom verify
// --journal` passes; no lock, intent or interrupted journal is left.
// HOW: workers pick 1–3 of 6 shared paths, overwrite (85 %) or delete them with content unique to
// (worker, iteration), and apply with a random --lock-timeout (0, 200, 2,000 or 30,000 ms) so lock
// waits, conflicts and timeouts all occur; 15 % of iterations re-apply the worker's previous bundle
// (a noop, or a re-apply when another worker changed its paths since). Workers are this script run
// with --worker (argv child processes, shell: false) and print one JSON line per iteration.
// Usage: node scripts/soak/contention.mjs [--short] [--seed n] [--workers 8] [--iters 50]
//   --short = 2 workers × 5 applies. Prints a summary JSON; exit 1 on any violation.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { cliError, finish, machine, parseFlags, prng, runCli, tempDir, treeFingerprint } from "./lib.mjs";

const SELF = fileURLToPath(import.meta.url);
const PATHS = ["shared/a.txt", "shared/b.txt", "shared/c.txt", "shared/deep/d.txt", "shared/deep/e.txt", "top.txt"];
const INITIAL = { "shared/a.txt": "a0\n", "shared/b.txt": "b0\n", "shared/deep/d.txt": "d0\n", "top.txt": "t0\n" };
const ALLOWED = new Set(["applied", "noop", "ERR_CONFLICT", "ERR_LOCKED", "ERR_PREIMAGE_CHANGED"]);
const sha = (s) => createHash("sha256").update(s).digest("hex");

/** One CLI apply's outcome: the ApplyResult status when applied/noop, else the error code. */
function outcomeOf(run) {
  if (run.code === 0 || run.code === 1) {
    try {
      const r = JSON.parse(run.stdout);
      if (r.status === "applied" || r.status === "noop") return r.status;
      return r.error?.code ?? `status:${r.status}`;
    } catch {
      return `unparsed-exit-${run.code}`;
    }
  }
  return cliError(run)?.code ?? `exit-${run.code}${run.signal ? `-${run.signal}` : ""}`;
}

async function worker(flags) {
  const rand = prng(flags.seed);
  const root = flags.root;
  const dir = flags.dir;
  let prev;
  for (let k = 0; k < flags.iters; k++) {
    const rec = { w: flags.worker, k };
    let bundleFile;
    if (prev && rand.next() < 0.15) {
      bundleFile = prev;
      rec.reapply = true;
    } else {
      const n = 1 + rand.int(3);
      const picked = [...new Set(Array.from({ length: n }, () => rand.pick(PATHS)))];
      const artifacts = picked.map((p) =>
        rand.next() < 0.15
          ? { path: p, op: "delete" }
          : { path: p, op: "overwrite", source: { type: "inline", content: `w${flags.worker} i${k} ${p}\n` } },
      );
      const plan = {
        apiVersion: "axiom.dev/v2",
        kind: "Plan",
        name: `w${flags.worker}-i${k}`,
        intent: "contention",
        artifacts,
      };
      const planFile = path.join(dir, `w${flags.worker}-i${k}.plan.json`);
      bundleFile = path.join(dir, `w${flags.worker}-i${k}.bundle.json`);
      fs.writeFileSync(planFile, JSON.stringify(plan));
      const c = await runCli(["compile", planFile, "--root", root, "-o", bundleFile]);
      if (c.code !== 0) {
        rec.outcome = `compile:${cliError(c)?.code ?? c.code}`;
        process.stdout.write(`${JSON.stringify(rec)}\n`);
        continue;
      }
    }
    const digest = JSON.parse(fs.readFileSync(bundleFile, "utf8")).manifestDigest;
    const timeout = rand.pick(["0", "200", "2000", "30000"]);
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", digest, "--lock-timeout", timeout]);
    rec.digest = digest;
    rec.lockTimeout = Number(timeout);
    rec.exit = run.code;
    rec.outcome = outcomeOf(run);
    if (rec.outcome === "applied" || rec.outcome === "noop") prev = bundleFile;
    process.stdout.write(`${JSON.stringify(rec)}\n`);
  }
}

function runWorker(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, ...args], {
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d.toString();
    });
    child.stderr.on("data", (d) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

/** Replays the chain's committed entries against the initial state (the no-lost-update check). */
function replay(root, chainLines, violations) {
  const state = Object.fromEntries(PATHS.map((p) => [p, INITIAL[p] === undefined ? "absent" : sha(INITIAL[p])]));
  const seen = new Set();
  let committed = 0;
  for (const e of chainLines) {
    if (e.state !== "committed") continue;
    committed++;
    const hex = e.manifestDigest.slice(7);
    const m = JSON.parse(fs.readFileSync(path.join(root, ".axiom", "manifests", `${hex}.json`), "utf8")).manifest;
    if (!seen.has(hex)) {
      // A first apply binds preImage[]: it must have found exactly the replayed state.
      for (const p of m.preImage ?? []) {
        if (state[p.path] !== p.sha256)
          violations.push(
            `LOST UPDATE: seq ${e.seq} ${e.manifestDigest} expected ${p.path}=${p.sha256}, replay has ${state[p.path]}`,
          );
      }
      if (!m.preImage) violations.push(`seq ${e.seq}: manifest without preImage`);
    }
    seen.add(hex);
    for (const a of m.artifacts) state[a.path] = a.op === "delete" ? "absent" : a.digest.sha256;
  }
  const tree = Object.fromEntries(
    PATHS.map((p) => {
      try {
        return [p, sha(fs.readFileSync(path.join(root, ...p.split("/"))))];
      } catch {
        return [p, "absent"];
      }
    }),
  );
  for (const p of PATHS) {
    if (tree[p] !== state[p]) violations.push(`final ${p} = ${tree[p]} but the chain replay gives ${state[p]}`);
  }
  return committed;
}

async function main(flags) {
  const started = Date.now();
  const host = machine();
  const startedAt = new Date(started).toISOString();
  const W = flags.workers ?? (flags.short ? 2 : 8);
  const I = flags.iters ?? (flags.short ? 5 : 50);
  const base = tempDir("axiom-contention-soak-");
  const root = path.join(base, "root");
  fs.mkdirSync(root);
  for (const [p, c] of Object.entries(INITIAL)) {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), c);
  }
  fs.writeFileSync(path.join(root, "bystander.txt"), "never named by a manifest\n");
  const violations = [];
  try {
    const runs = await Promise.all(
      Array.from({ length: W }, (_, w) => {
        const dir = path.join(base, `w${w}`);
        fs.mkdirSync(dir);
        const args = ["--worker", String(w), "--root", root, "--dir", dir, "--iters", String(I)];
        return runWorker([...args, "--seed", String((flags.seed + w * 7919) % 2 ** 31)]);
      }),
    );
    const records = [];
    for (const [w, r] of runs.entries()) {
      if (r.code !== 0) violations.push(`worker ${w} exit ${r.code}: ${r.err.slice(0, 500)}`);
      for (const line of r.out.split("\n").filter(Boolean)) records.push(JSON.parse(line));
    }
    if (records.length !== W * I) violations.push(`${records.length} outcomes for ${W * I} iterations`);
    const outcomes = {};
    for (const r of records) {
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      if (!ALLOWED.has(r.outcome)) violations.push(`outcome outside the closed set: ${JSON.stringify(r)}`);
    }
    const verify = await runCli(["verify", "--journal", "--root", root]);
    const chainDoc = JSON.parse(verify.stdout || "{}");
    if (verify.code !== 0 || chainDoc.ok !== true)
      violations.push(`axiom verify --journal: exit ${verify.code} ${verify.stdout}`);
    const chainLines = fs
      .readFileSync(path.join(root, ".axiom", "journal", "chain.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const committed = replay(root, chainLines, violations);
    const applied = records.filter((r) => r.outcome === "applied").length;
    if (committed !== applied)
      violations.push(`${applied} applies reported applied but the chain has ${committed} committed entries`);
    if (!treeFingerprint(root).includes("bystander.txt")) violations.push("bystander.txt disappeared");
    const st = await runCli(["status", "--root", root, "--json"]);
    const status = JSON.parse(st.stdout || "{}");
    if (status.lock?.held || status.lock?.intents?.length || status.lock?.queue?.length || status.interrupted?.length)
      violations.push(`left behind: ${JSON.stringify({ lock: status.lock, interrupted: status.interrupted })}`);
    finish({
      soak: "contention",
      seed: flags.seed,
      workers: W,
      itersPerWorker: I,
      outcomes,
      reapplies: records.filter((r) => r.reapply).length,
      chain: {
        entries: chainDoc.entries,
        committed,
        rolledBack: chainLines.filter((e) => e.state === "rolled-back").length,
      },
      seconds: Math.round((Date.now() - started) / 1000),
      startedAt,
      machine: host,
      violations,
    });
  } finally {
    if (violations.length === 0) fs.rmSync(base, { recursive: true, force: true });
    else process.stderr.write(`contention soak: root kept for inspection at ${root}\n`);
  }
}

const flags = parseFlags();
(flags.worker !== undefined ? worker(flags) : main(flags)).catch((err) => {
  process.stderr.write(`${String(err?.stack ?? err)}\n`);
  process.exitCode = 2;
});

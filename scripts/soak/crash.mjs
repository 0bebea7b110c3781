#!/usr/bin/env node
// Crash soak (issue 12, soak 1; apply.md §9 crash-consistency contract).
// PROVES: a SIGKILL at a random instant during `apply` or during `rollback` of a 50-file mixed
// manifest (20 overwrites in nested dirs, 10 deletes, 20 creates under new nested dirs, mixed modes)
// never leaves a torn tree once the interrupted journal is recovered: the whole tree outside
// .axiom/ is byte-identical (content, presence, mode) to exactly the pre-state or exactly the
// post-state; the hash chain verifies; no staging, tmp or temp file is left; no journal stays
// interrupted; and the status document (what `axiom status` prints) lists an interrupted journal
// whenever the tree is torn before recovery (so the torn window is never silent). A temp file of a
// writer outside the lock (the bundle store of apply.md §4.3 step 6, ...) may outlive the immediate
// recovery only within the APL-12 grace: the soak then backdates it past the grace and runs one more
// apply, after which no temp file may be left under .axiom/.
// HOW: the manifest is compiled once by the real `axiom compile --root`. Each trial writes the
// pre-tree into a fresh root (for a rollback trial it first applies the manifest in-process), then
// spawns the apply package's crash child (packages/apply/test/crash-child.ts, the SIGKILL test's
// machinery) and SIGKILLs it a random time after its "go" line, uniform over 1.1× the estimated
// uninterrupted duration (calibrated at start, then tracked: runs that finish before their instant,
// and an uncut run every 20th trial, update it as the machine's load drifts). Recovery alternates
// between the real CLI (`axiom apply` of another manifest, or `axiom rollback <digest>`) and the
// same library calls in-process; a rollback that would find no journal (killed before one existed)
// becomes an apply. Two trials run at a time, each on its own root.
// Usage: node scripts/soak/crash.mjs [--short] [--seed n] [--n kills] [--jobs 2] [--max-minutes m]
//   [--fast-fsync 1]; default 1,000 kills (600 min cap); --short = 12 kills with --fast-fsync (8 min
//   cap). Prints a summary JSON; exit 1 on any violation.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  bundle,
  ENGINE,
  finish,
  loadWorkspace,
  machine,
  parseFlags,
  prng,
  REPO,
  runCli,
  strays,
  tempDir,
  treeFingerprint,
} from "./lib.mjs";

const flags = parseFlags();
const KILLS = flags.n ?? (flags.short ? 12 : 1000);
const JOBS = flags.jobs ?? 2;
const MAX_MS = (flags["max-minutes"] ?? (flags.short ? 8 : 600)) * 60_000;
const rand = prng(flags.seed);
// --fast-fsync: the killed child and the in-process setup/recovery skip fsync (SIGKILL keeps the
// page cache, so the contract under test is unchanged; it only shortens each trial, as in the
// apply package's SIGKILL test). The short version uses it; CLI recoveries always fsync.
const FAST_FSYNC = flags.short || flags["fast-fsync"] === 1;
const RECOVERY_PATH = "zz-recovery.txt";
const SWEEP = `export { ORPHAN_TEMP_GRACE_MS, resetSweepThrottle, tempWriterPid, unlockedWriterDirs } from "./packages/apply/src/temp-sweep.ts";`;

/** The 50-file mixed plan and its pre-tree. */
function fixture() {
  const pre = {};
  const artifacts = [];
  for (let i = 0; i < 20; i++) {
    const p = `src/m${i % 4}/deep${i % 2}/f${i}.txt`;
    pre[p] = `before ${i}\n`.repeat(40);
    artifacts.push({
      path: p,
      op: "overwrite",
      mode: i % 5 === 0 ? "0755" : "0644",
      source: { type: "inline", content: `after ${i}\n`.repeat(60) },
    });
  }
  for (let i = 0; i < 10; i++) {
    const p = `old/g${i % 3}/gone${i}.txt`;
    pre[p] = `doomed ${i}\n`;
    artifacts.push({ path: p, op: "delete" });
  }
  for (let i = 0; i < 20; i++) {
    artifacts.push({
      path: `new/n${i % 3}/k${i % 2}/c${i}.txt`,
      mode: i % 4 === 0 ? "0755" : "0644",
      source: { type: "inline", content: `created ${i}\n`.repeat(i + 1) },
    });
  }
  pre["keep/untouched.txt"] = "not in the manifest\n";
  const plan = { apiVersion: "axiom.dev/v2", kind: "Plan", name: "crash-soak-50", intent: "crash soak", artifacts };
  return { pre, plan };
}

function writePre(root, pre) {
  for (const [rel, content] of Object.entries(pre)) {
    const p = path.join(root, ...rel.split("/"));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

const fingerprint = (root) =>
  treeFingerprint(root)
    .split("\n")
    .filter((l) => !l.startsWith(`${RECOVERY_PATH} `))
    .join("\n");

/** Spawns the crash child; `killAfterMs` counts from its "go" line (library loaded). */
function runChild(child, args, killAfterMs) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, ...args], {
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", ...(FAST_FSYNC ? { AXIOM_CRASH_FAST_FSYNC: "1" } : {}) },
    });
    let t0 = Date.now();
    let timer;
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => {
      if (out === "") {
        t0 = Date.now();
        if (killAfterMs !== undefined) timer = setTimeout(() => proc.kill("SIGKILL"), killAfterMs);
      }
      out += d.toString();
    });
    proc.stderr.on("data", (d) => {
      err += d.toString();
    });
    proc.on("error", reject);
    proc.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ ms: Date.now() - t0, killed: signal === "SIGKILL", code, stdout: out, stderr: err });
    });
  });
}

/** Root-relative temp files in the directories written outside the lock (APL-12). */
/** The in-process fs apply the soak uses to set up a trial and to recover after a kill. */
function applyFs(lib, bundle, root) {
  return lib.apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 30_000 });
}

function unlockedTemps(lib, root) {
  const out = [];
  for (const dir of lib.unlockedWriterDirs(root)) {
    let names = [];
    try {
      names = fs.readdirSync(dir);
    } catch {}
    for (const n of names) {
      if (lib.tempWriterPid(n) !== undefined)
        out.push(path.relative(root, path.join(dir, n)).split(path.sep).join("/"));
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function main() {
  const started = Date.now();
  const host = machine();
  const startedAt = new Date(started).toISOString();
  const base = tempDir("axiom-crash-soak-");
  const built = await bundle({ child: path.join(REPO, "packages/apply/test/crash-child.ts") });
  const lib = await loadWorkspace(`${ENGINE}\n${SWEEP}`);
  if (FAST_FSYNC) lib.installFs({ fsync: async () => undefined });
  const violations = [];
  const tally = {
    kills: 0,
    finishedBeforeKill: 0,
    recalibrations: 0,
    // trials where a temp file outlived the immediate recovery (within the grace) and was removed
    // by the next apply once past it (APL-12)
    pastGraceSweeps: { trials: 0, examples: [] },
    trials: { apply: 0, rollback: 0 },
    beforeRecovery: { pre: 0, post: 0, torn: 0 },
    afterRecovery: { pre: 0, post: 0 },
    recovery: { "cli-apply": 0, "cli-rollback": 0, "lib-apply": 0, "lib-rollback": 0, "no-journal→apply": 0 },
  };
  try {
    const { pre, plan } = fixture();
    const ref = path.join(base, "ref");
    fs.mkdirSync(ref);
    writePre(ref, pre);
    fs.writeFileSync(path.join(base, "plan.json"), JSON.stringify(plan));
    const bundleFile = path.join(base, "bundle.json");
    const c = await runCli(["compile", path.join(base, "plan.json"), "--root", ref, "-o", bundleFile]);
    if (c.code !== 0) throw new Error(`compile failed: ${c.stderr}`);
    const manifest = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
    const digest = manifest.manifestDigest;
    const otherPlan = {
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "crash-soak-recovery",
      intent: "the next apply, which recovers the interrupted one",
      artifacts: [{ path: RECOVERY_PATH, source: { type: "inline", content: "recovery\n" } }],
    };
    fs.writeFileSync(path.join(base, "other-plan.json"), JSON.stringify(otherPlan));
    const otherFile = path.join(base, "other.json");
    const o = await runCli(["compile", path.join(base, "other-plan.json"), "-o", otherFile]);
    if (o.code !== 0) throw new Error(`compile failed: ${o.stderr}`);
    const other = JSON.parse(fs.readFileSync(otherFile, "utf8"));

    const preFp = fingerprint(ref);
    // Calibrate: the uninterrupted duration (from "go") of an apply and of a rollback.
    const full = { apply: [], rollback: [] };
    for (let i = 0; i < 3; i++) {
      const r = path.join(base, `cal${i}`);
      fs.mkdirSync(r);
      writePre(r, pre);
      const a = await runChild(built.files.child, [bundleFile, r]);
      if (!a.stdout.includes("applied")) throw new Error(`calibration apply: ${a.stdout} ${a.stderr}`);
      full.apply.push(a.ms);
      const b = await runChild(built.files.child, [bundleFile, r, "rollback"]);
      if (b.code !== 0) throw new Error(`calibration rollback: ${b.stderr}`);
      full.rollback.push(b.ms);
      if (i === 0) {
        if (fingerprint(r) !== preFp) throw new Error("calibration: rollback did not restore the pre-state");
      }
    }
    writePre(ref, pre);
    const a = await runChild(built.files.child, [bundleFile, ref]);
    if (!a.stdout.includes("applied")) throw new Error("reference apply failed");
    const postFp = fingerprint(ref);
    if (postFp === preFp) throw new Error("the manifest does not change the tree");
    const fullMs = { apply: median(full.apply), rollback: median(full.rollback) };
    const est = { ...fullMs };

    const trial = async (i) => {
      const kind = rand.next() < 0.5 ? "apply" : "rollback";
      const root = path.join(base, `t${i}`);
      fs.mkdirSync(root);
      writePre(root, pre);
      if (kind === "rollback") {
        const r = await applyFs(lib, manifest, root);
        if (r.status !== "applied") throw new Error(`trial ${i}: setup apply ${r.status}`);
      }
      // Every 20th trial runs uncut to re-measure the duration (the machine's load drifts); a
      // run that finishes before its instant pulls the estimate down.
      const uncut = i % 20 === 19;
      const at = uncut ? undefined : Math.floor(rand.next() * est[kind] * 1.1);
      const run = await runChild(
        built.files.child,
        kind === "rollback" ? [bundleFile, root, "rollback"] : [bundleFile, root],
        at,
      );
      if (!run.killed) {
        if (uncut) tally.recalibrations++;
        else tally.finishedBeforeKill++;
        est[kind] = uncut ? (est[kind] + run.ms) / 2 : 0.8 * est[kind] + 0.2 * run.ms;
        fs.rmSync(root, { recursive: true, force: true });
        return;
      }
      tally.kills++;
      tally.trials[kind]++;
      const where = `trial ${i} (${kind}, kill at ${at} ms)`;
      const before = fingerprint(root);
      const state = before === preFp ? "pre" : before === postFp ? "post" : "torn";
      tally.beforeRecovery[state]++;
      if (state === "torn") {
        const st = await lib.statusDocument(root);
        if (st.interrupted.length === 0) violations.push(`${where}: torn tree but status lists no interrupted journal`);
      }
      const viaCli = rand.next() < 0.5;
      let how = rand.next() < 0.5 ? "apply" : "rollback";
      if (how === "rollback") {
        const hasJournal = fs.existsSync(path.join(root, ".axiom", "journal", `${digest.slice(7)}.json`));
        if (!hasJournal) {
          how = "apply";
          tally.recovery["no-journal→apply"]++;
        }
      }
      tally.recovery[`${viaCli ? "cli" : "lib"}-${how}`]++;
      if (how === "apply") {
        if (viaCli) {
          const r = await runCli(["apply", otherFile, "--root", root, "--confirm", other.manifestDigest]);
          const res = JSON.parse(r.stdout || "{}");
          if (r.code !== 0 || res.status !== "applied")
            violations.push(`${where}: cli recovery apply ${r.code} ${r.stdout.slice(0, 300)} ${r.stderr}`);
        } else {
          const r = await applyFs(lib, other, root);
          if (r.status !== "applied")
            violations.push(`${where}: lib recovery apply ${r.status} ${JSON.stringify(r.error)}`);
        }
      } else if (viaCli) {
        const r = await runCli(["rollback", digest, "--root", root]);
        if (r.code !== 0) violations.push(`${where}: cli rollback exit ${r.code} ${r.stderr}`);
      } else {
        try {
          await lib.rollback(root, digest, { lockTimeoutMs: 30_000 });
        } catch (err) {
          violations.push(`${where}: lib rollback ${err?.code} ${err?.message}`);
        }
      }
      const after = fingerprint(root);
      if (after === preFp) tally.afterRecovery.pre++;
      else if (after === postFp) tally.afterRecovery.post++;
      else violations.push(`${where}: TORN TREE after ${viaCli ? "cli" : "lib"} ${how} recovery`);
      if (how === "rollback" && after !== preFp)
        violations.push(`${where}: rollback recovery did not give the pre-state`);
      const chain = await lib.verifyChain(root);
      if (!chain.ok) violations.push(`${where}: chain broken ${JSON.stringify(chain)}`);
      const st = await lib.statusDocument(root);
      if (st.interrupted.length > 0) violations.push(`${where}: still interrupted ${JSON.stringify(st.interrupted)}`);
      // A manual rollback recovers only its own journal (apply.md §7): other leftovers (a dead
      // process's journal temp file, the tmp/ probe) are the next apply's to clean.
      const left = strays(root).filter(
        (s) => how === "apply" || s.startsWith(".axiom/staging/") || !s.startsWith(".axiom/"),
      );
      // APL-12: a temp file of a writer outside the lock is kept by the immediate recovery while
      // younger than the grace (its pid might be another host's live writer), so it is checked
      // after the clock has passed the grace.
      const young = unlockedTemps(lib, root);
      const owned = left.filter((s) => !young.includes(s));
      if (owned.length > 0) violations.push(`${where}: strays ${owned.join(", ")}`);
      if (young.length > 0) {
        tally.pastGraceSweeps.trials++;
        if (tally.pastGraceSweeps.examples.length < 5)
          tally.pastGraceSweeps.examples.push(`${where}: ${young.join(", ")}`);
        const t = new Date(Date.now() - lib.ORPHAN_TEMP_GRACE_MS - 60_000);
        for (const rel of young) fs.utimesSync(path.join(root, rel), t, t);
        lib.resetSweepThrottle(); // this process may have swept the root less than a grace ago
        const r = await applyFs(lib, other, root);
        if (r.status !== "applied" && r.status !== "noop")
          violations.push(`${where}: past-grace apply ${r.status} ${JSON.stringify(r.error)}`);
        const still = [...strays(root), ...unlockedTemps(lib, root)];
        if (still.length > 0)
          violations.push(`${where}: temp files left past the grace ${[...new Set(still)].join(", ")}`);
      }
      if (violations.length === 0) fs.rmSync(root, { recursive: true, force: true });
    };

    let i = 0;
    while (tally.kills < KILLS && Date.now() - started < MAX_MS && violations.length === 0) {
      const n = Math.min(JOBS, KILLS - tally.kills);
      await Promise.all(Array.from({ length: n }, () => trial(i++)));
      if (!flags.short && i % 50 < JOBS)
        process.stderr.write(`crash soak: ${tally.kills} kills, ${Math.round((Date.now() - started) / 1000)} s\n`);
    }
    if (tally.kills < KILLS && violations.length === 0 && flags.short)
      violations.push(`only ${tally.kills}/${KILLS} kills within ${MAX_MS / 60_000} min`);
    finish({
      soak: "crash",
      seed: flags.seed,
      requestedKills: KILLS,
      ...tally,
      fullMs,
      finalEstimateMs: { apply: Math.round(est.apply), rollback: Math.round(est.rollback) },
      fastFsync: FAST_FSYNC,
      seconds: Math.round((Date.now() - started) / 1000),
      startedAt,
      machine: host,
      violations,
    });
  } finally {
    fs.rmSync(built.dir, { recursive: true, force: true });
    if (violations.length === 0) fs.rmSync(base, { recursive: true, force: true });
    else process.stderr.write(`crash soak: roots kept for inspection under ${base}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`${String(err?.stack ?? err)}\n`);
  process.exitCode = 2;
});

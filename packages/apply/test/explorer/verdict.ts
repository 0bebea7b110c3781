// The verdict on one materialised crash state (issue 23): run the real recovery on it, then check
//  1. the tree outside `.axiom/` is exactly pre or exactly post — the one the crash state's own
//     journal promises (committed → post, else pre; a manual rollback always ends pre), and a
//     state after the operation returned keeps its outcome;
//  2. recovery never needs a file that may be lost: a changed tree always comes with its journal;
//  3. every file under `.axiom/` parses or is treated as absent with no user-visible error: no
//     corrupt journal, chain that verifies, markers, stored manifests, reports and trust state that
//     parse, no wait on a lock or mutex (bookkeeping.ts finds those before the run);
//  4. the next operations succeed: a manual rollback of a post state, a re-apply, and afterwards
//     no journal interrupted and no stray (staging, tmp, temp files, once past the APL-12 grace).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { listJournals, readJournal, readTrustState, statusDocument, verifyChain } from "@codai/axiom-apply";
import { ApplyResultSchema } from "@codai/axiom-schema";
import { readStoredBundle } from "@codai/axiom-store";
import { setBootTimeForTests } from "../../src/lock-stale";
import { resetSweepThrottle, tempWriterPid } from "../../src/temp-sweep";
import { cliApply, cliRollback, RECOVERY_PATH, type Scenario } from "./scenarios";

function treeLine(rel: string, mode: number, data: Uint8Array): string {
  return `${rel} ${(mode & 0o777).toString(8)} ${createHash("sha256").update(data).digest("hex")}`;
}

const outsideAxiom = (rel: string) => {
  const top = rel.split("/")[0];
  return top !== ".axiom" && rel !== RECOVERY_PATH;
};

/** Every file outside `.axiom/` as "path mode sha256", sorted; directories left out (apply.md §9). */
export function treeOf(root: string): string {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const name of fs.readdirSync(abs)) {
      const r = rel ? `${rel}/${name}` : name;
      if (!outsideAxiom(r)) continue;
      const p = path.join(abs, name);
      const st = fs.lstatSync(p);
      if (st.isDirectory()) walk(p, r);
      else out.push(treeLine(r, st.mode, fs.readFileSync(p)));
    }
  };
  walk(root, "");
  return out.sort().join("\n");
}

/** treeOf of a rendered (not yet written) state. */
export function treeOfRendered(entries: readonly { rel: string; kind: string; data?: Uint8Array; mode?: number }[]) {
  return entries
    .filter((e) => e.kind === "file" && outsideAxiom(e.rel))
    .map((e) => treeLine(e.rel, e.mode ?? 0, e.data ?? new Uint8Array()))
    .sort()
    .join("\n");
}

export type Outcome = "pre" | "post" | "torn";

function outcomeOf(s: Scenario, tree: string): Outcome {
  return tree === s.preTree ? "pre" : tree === s.postTree ? "post" : "torn";
}

export interface JudgeInput {
  scenario: Scenario;
  root: string;
  /** "apply": the next apply of another digest recovers; "rollback": a manual rollback of the digest. */
  recovery: "apply" | "rollback";
  /** The state is a cut after the recorded operation returned (its outcome must survive). */
  completed?: Outcome;
  /** Run the recovery through the built CLI (`node packages/mcp/dist/cli.js`) instead of the library. */
  cli?: { entry: string; otherFile: string };
  /**
   * Also run the next operations (a rollback of a post state, a re-apply, the stray check) when
   * the tree was untouched before recovery: "always", or only when `sampled` (they always run for
   * a state recovery had to change, and for a cut after the operation returned).
   */
  next?: "always" | "sampled";
  sampled?: boolean;
}

export interface Verdict {
  before: Outcome;
  after: Outcome;
  expected: Outcome;
  violations: string[];
  recoveryMs: number;
}

const LOCK_WAIT_MS = 3_000;

function runCli(entry: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
    const child = spawn(process.execPath, [entry, ...args], { env, shell: false, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function recover(j: JudgeInput, v: string[]): Promise<void> {
  const { scenario: s, root } = j;
  if (j.cli) {
    const args =
      j.recovery === "rollback"
        ? ["rollback", s.digest, "--root", root]
        : [
            "apply",
            j.cli.otherFile,
            "--root",
            root,
            "--confirm",
            s.other.manifestDigest,
            "--lock-timeout",
            String(LOCK_WAIT_MS),
          ];
    const r = await runCli(j.cli.entry, args);
    if (r.code !== 0) v.push(`CLI ${args[0]} exited ${r.code}: ${r.stderr.trim().split("\n").at(-1)}`);
    return;
  }
  try {
    if (j.recovery === "rollback") await cliRollback(root, s.digest, LOCK_WAIT_MS);
    else {
      const r = await cliApply(root, s.other, { lockTimeoutMs: LOCK_WAIT_MS });
      // noop: a cut recovery (nested) had already applied the other digest
      if (r.status !== "applied" && r.status !== "noop")
        v.push(`recovery apply ${r.status}: ${r.error?.code} ${r.error?.message}`);
    }
  } catch (err) {
    v.push(`recovery ${j.recovery} threw ${(err as { code?: string }).code}: ${(err as Error).message}`);
  }
}

function listNames(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** Files of `.axiom/` that a reader serves or trusts, each of which must parse (or be absent). */
async function readersAgree(root: string, v: string[]): Promise<void> {
  const ax = path.join(root, ".axiom");
  const corrupt = (await listJournals(root)).filter((e) => e.corrupt).map((e) => path.basename(e.file));
  if (corrupt.length) v.push(`corrupt journal(s) after recovery: ${corrupt.join(", ")}`);
  const chain = await verifyChain(root);
  if (!chain.ok) v.push(`chain does not verify: #${chain.firstBad?.seq} ${chain.firstBad?.reason}`);
  for (const name of listNames(path.join(ax, "applied"))) {
    if (!name.endsWith(".json")) continue;
    try {
      if (!ApplyResultSchema.safeParse(JSON.parse(fs.readFileSync(path.join(ax, "applied", name), "utf8"))).success)
        v.push(`applied/${name} is not an ApplyResult`);
    } catch {
      v.push(`applied/${name} does not parse`);
    }
  }
  for (const name of listNames(path.join(ax, "manifests"))) {
    if (!/^[0-9a-f]{64}\.json$/.test(name)) continue;
    await readStoredBundle(root, name.slice(0, 64)).catch((err) => v.push(`manifests/${name}: ${err.code}`));
  }
  for (const name of listNames(path.join(ax, "reports"))) {
    if (!name.endsWith(".json")) continue;
    try {
      JSON.parse(fs.readFileSync(path.join(ax, "reports", name), "utf8"));
    } catch {
      v.push(`reports/${name} does not parse (axiom://report would answer an error)`);
    }
  }
  const trust = await readTrustState(root).catch((err) => ({ kind: "corrupt" as const, message: String(err) }));
  if (trust.kind === "corrupt") v.push(`trust state corrupt: ${trust.message}`);
}

/** Temp files left anywhere under `.axiom/`, and leftovers of recovery's own directories. */
function strays(root: string): string[] {
  const ax = path.join(root, ".axiom");
  const out: string[] = [];
  for (const d of ["staging", "tmp"]) for (const n of listNames(path.join(ax, d))) out.push(`${d}/${n}`);
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (r !== "cas" && r !== "wt") walk(path.join(abs, e.name), r);
      } else if (tempWriterPid(e.name) !== undefined || e.name.includes(".tmp-")) out.push(r);
    }
  };
  if (fs.existsSync(ax)) walk(ax, "");
  return out;
}

/**
 * A power cut is followed by a boot: the state's lock and intent mutex were written 4 s ago, before
 * the machine came back 1 s ago (lock-stale.ts `setBootTimeForTests`). 4 s is well inside their
 * 10 s grace, so a torn one the next apply takes at once was taken by the boot rule (SPEED-22).
 * Returns the undo.
 */
export function rebootAfterCut(root: string): () => void {
  const now = Date.now();
  for (const rel of ["lock", "intents/.mutex"]) {
    const p = path.join(root, ".axiom", rel);
    if (fs.existsSync(p)) fs.utimesSync(p, new Date(now - 4_000), new Date(now - 4_000));
  }
  setBootTimeForTests(now - 1_000);
  return () => setBootTimeForTests(undefined);
}

/** Ages every temp file under `.axiom/` past the APL-12 grace (its writer is long dead here). */
function ageTemps(root: string): void {
  const old = new Date(Date.now() - 120_000);
  for (const rel of strays(root)) {
    const p = path.join(root, ".axiom", rel);
    if (fs.lstatSync(p).isFile()) fs.utimesSync(p, old, old);
  }
  resetSweepThrottle();
}

export async function judge(j: JudgeInput): Promise<Verdict> {
  const { scenario: s, root } = j;
  const v: string[] = [];
  const hex = s.digest.slice(7);
  const before = outcomeOf(s, treeOf(root));
  const untouched = s.op === "rollback" ? "post" : "pre";
  let phase: string | undefined;
  try {
    phase = (await readJournal(root, hex))?.phase;
  } catch (err) {
    v.push(`journal corrupt in the crash state: ${(err as Error).message}`);
  }
  if (before !== untouched && phase === undefined) {
    v.push(`journal lost: the tree is ${before} but journal/${hex.slice(0, 12)}….json is gone`);
  }
  const expected: Outcome = j.recovery === "rollback" ? "pre" : phase === "committed" ? "post" : "pre";
  if (j.completed && expected !== j.completed) {
    v.push(`the completed ${s.op} is lost: recovery will give ${expected}, the operation returned ${j.completed}`);
  }
  const t0 = Date.now();
  await recover(j, v);
  const recoveryMs = Date.now() - t0;
  if (recoveryMs > LOCK_WAIT_MS) v.push(`recovery took ${recoveryMs} ms (a wait on a lock or mutex)`);
  const after = outcomeOf(s, treeOf(root));
  if (after !== expected) v.push(`tree after recovery is ${after}, expected ${expected}`);
  if (j.recovery === "rollback") {
    const left = strays(root).filter((r) => r.startsWith("journal/") || r.startsWith("applied/"));
    if (left.length) v.push(`manual rollback left ${left.join(", ")}`);
  }
  await readersAgree(root, v);
  if (j.completed && s.trust) {
    const t = await readTrustState(root).catch(() => undefined);
    if (t?.kind !== "ok" || t.state.lastCounter !== 1) v.push(`trust advance lost (state ${t?.kind})`);
  }
  const deep = j.next !== "sampled" || j.sampled || before !== untouched || j.completed !== undefined;
  if (v.length === 0 && deep) await nextOperations(s, root, after, v);
  return { before, after, expected, violations: v, recoveryMs };
}

/** Rollback of a post state, then a re-apply; afterwards nothing pending, nothing stray. */
async function nextOperations(s: Scenario, root: string, after: Outcome, v: string[]): Promise<void> {
  if (after === "post") {
    try {
      await cliRollback(root, s.digest, LOCK_WAIT_MS);
      if (outcomeOf(s, treeOf(root)) !== "pre") v.push("a rollback after recovery did not give the pre-state");
    } catch (err) {
      v.push(`a rollback after recovery failed: ${(err as { code?: string }).code} ${(err as Error).message}`);
      return;
    }
  }
  ageTemps(root);
  const r = await cliApply(root, s.bundle, { lockTimeoutMs: LOCK_WAIT_MS, advanceTrustState: s.trust === true });
  if (r.status !== "applied") v.push(`the next apply is ${r.status}: ${r.error?.code} ${r.error?.message}`);
  if (outcomeOf(s, treeOf(root)) !== "post") v.push("the next apply did not give the post-state");
  const doc = await statusDocument(root);
  if (doc.interrupted.length) v.push(`interrupted journals remain: ${doc.interrupted.map((i) => i.phase).join(", ")}`);
  if (!(await verifyChain(root)).ok) v.push("chain does not verify after the next apply");
  const left = strays(root);
  if (left.length) v.push(`strays after the next apply: ${left.join(", ")}`);
}

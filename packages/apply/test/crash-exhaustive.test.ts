// threats.md F01/F02, exhaustively: a kill before and after every mutating fs call of a 5-file
// apply (2 overwrites, 2 creates, 1 delete) and of a manual rollback; then the next apply
// recovers (the nested kills of F02/K8 are crash-nested.test.ts). The
// expected K row of §4.4 comes from an in-process trace of the same operation (which journal
// phase was durable at the kill point), never from what the killed run left on disk.
// Every point runs in-process through the seam freeze of crash-sim.ts (≈ 100 ms a point); the
// same points with a real child process that SIGKILLs itself (≈ 1 s each on a loaded 2-core
// machine) run at every STRIDE-th point in the suite (rotating offset, so repeated runs cover
// all) and at every point with AXIOM_CRASH_FULL=1.
import * as path from "node:path";
import { apply, rollback, statusDocument, verifyChain } from "@codai/axiom-apply";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { cleanupChildScript, runChild } from "./crash-child-run";
import {
  assertSettled,
  bundle,
  digest,
  hex,
  noFsyncInThisSuite,
  PRE_STATE,
  postState,
  recoverByOtherApply,
  setup,
  state,
  tracedApply,
  tracedRollback,
} from "./crash-fixture5";
import { buryFrozen, runFrozen } from "./crash-sim";
import { axiomPath, chainLines, cleanupRoots, exists, runApply } from "./engine-helpers";

afterEach(cleanupRoots);
afterAll(cleanupChildScript);
noFsyncInThisSuite();

const FULL = process.env.AXIOM_CRASH_FULL === "1";
const STRIDE = FULL ? 1 : Number(process.env.AXIOM_CRASH_STRIDE ?? 16);
const OFFSET = FULL ? 0 : Number(process.env.AXIOM_CRASH_OFFSET ?? Date.now() % STRIDE);
const WHENS = ["before", "after"] as const;
type When = (typeof WHENS)[number];
type Killer = "sim" | "child";

/** Kills the apply (or rollback) in `root` at mutating call k; "before k" = calls 1..k-1 done. */
async function kill(killer: Killer, k: number, when: When, root: string, file: string, rollbackMode = false) {
  if (killer === "child") {
    const r = await runChild(rollbackMode ? [file, root, "rollback"] : [file, root], {
      env: { AXIOM_KILL_AT: String(k), AXIOM_KILL_WHEN: when },
    });
    return { killed: r.killed, op: r.stdout.split("\n")[1]?.split(" ")[1] };
  }
  const run = rollbackMode ? () => rollback(root, digest) : () => runApply(bundle, root);
  const f = await runFrozen(k, when, run, { fastFsync: true });
  if (f.froze) buryFrozen(root);
  return { killed: f.froze, op: f.call?.op };
}

/**
 * Whether the kth traced call runs beside another chain's calls, so that a kill there may land on
 * the other chain's call (each chain makes the same calls in every interleaving, so the calls
 * after a window keep their numbers): staging's batch (stage.ts STAGE_BATCH); every call before
 * the lock is first touched — the bundle's store beside the intent's registration (SPEED-21); and
 * the chain append beside the applied marker's temp (SPEED-19).
 */
function inConcurrentWindow(calls: readonly { path: string }[], k: number): boolean {
  const ax = `${path.sep}.axiom${path.sep}`;
  const lockAt = calls.findIndex((c) => c.path.includes(`${ax}lock`));
  const p = calls[k - 1]!.path;
  return (
    k - 1 < lockAt ||
    [`${ax}staging`, `${ax}applied${path.sep}`, `${ax}journal${path.sep}chain.jsonl`].some((w) => p.includes(w))
  );
}

/** One F01 point: kill, check the K row before recovery, recover, check §4.3's end state. */
async function f01Point(killer: Killer, k: number, when: When): Promise<string> {
  const { calls, phases, markerAt } = await tracedApply();
  const { root, file } = setup();
  const where = `${killer} kill ${when} #${k} ${calls[k - 1]!.op} ${calls[k - 1]!.path}`;
  const r = await kill(killer, k, when, root, file);
  expect(r.killed, where).toBe(true);
  // everywhere outside the concurrent windows the calls are sequential and must match
  if (!inConcurrentWindow(calls, k)) expect(r.op, `${where}: killed at the traced op`).toBe(calls[k - 1]!.op);
  const done = when === "before" ? k - 1 : k; // mutating calls that happened
  const phase = phases[done];
  const row =
    phase === undefined
      ? "K1"
      : phase === "staged"
        ? "K2"
        : phase === "committing"
          ? "K3/K4"
          : markerAt >= 0 && markerAt < done
            ? "K6"
            : "K5";
  const doc = await statusDocument(root);
  if (row === "K2" || row === "K3/K4") {
    expect(
      doc.interrupted.map((j) => [j.manifestDigest, j.phase]),
      where,
    ).toEqual([[digest, phase]]);
    const dry = await apply({ bundle, root, mode: "dry-run", lockTimeoutMs: 15_000 });
    expect(dry.error?.code, where).toBe("ERR_RECOVERY_PENDING");
    expect(dry.error?.details, where).toEqual({ interrupted: [digest] });
  } else expect(doc.interrupted, where).toEqual([]);
  await recoverByOtherApply(root, `k${k}${when}`);
  const expected = row === "K5" || row === "K6" ? "post" : "pre";
  await assertSettled(root, expected, `${where} (${row})`);
  const mine = chainLines(root)
    .filter((l) => l.manifestDigest === digest)
    .map((l) => l.state);
  expect(mine, where).toEqual(expected === "post" ? ["committed"] : row === "K3/K4" ? ["rolled-back"] : []);
  cleanupRoots();
  return row;
}

/** One F02 rollback point: post before `rolling-back` is durable, pre after (§9); then K7. */
async function f02RollbackPoint(killer: Killer, k: number, when: When): Promise<"pre" | "post"> {
  const { calls, phases } = await tracedRollback();
  const post = await postState();
  const { root, file } = setup();
  expect((await runApply(bundle, root)).status).toBe("applied");
  const where = `${killer} rollback kill ${when} #${k} ${calls[k - 1]!.op} ${calls[k - 1]!.path}`;
  const r = await kill(killer, k, when, root, file, true);
  expect(r.killed, where).toBe(true);
  expect(r.op, where).toBe(calls[k - 1]!.op); // a rollback's calls are sequential
  const phase = phases[when === "before" ? k - 1 : k];
  const expected = phase === "rolling-back" || phase === "rolled-back" ? "pre" : "post";
  if (phase === "rolling-back") {
    expect(
      (await statusDocument(root)).interrupted.map((j) => j.phase),
      where,
    ).toEqual(["rolling-back"]);
  }
  await recoverByOtherApply(root, `r${k}${when}`);
  expect(state(root), where).toEqual(expected === "pre" ? PRE_STATE : post);
  expect(exists(axiomPath(root, "applied", `${hex}.json`)), where).toBe(expected === "post");
  expect((await verifyChain(root)).ok, where).toBe(true);
  expect((await statusDocument(root)).interrupted, where).toEqual([]);
  await rollback(root, digest, { lockTimeoutMs: 15_000 });
  expect(state(root), `${where}: a new rollback`).toEqual(PRE_STATE);
  cleanupRoots();
  return expected;
}

describe("F01: kill before and after every mutating fs call of a 5-file apply", () => {
  it("F01 every kill point (seam freeze) → status shows the K1–K6 row; the next apply gives that row's state, staging empty, no interrupted journal, chain ok, marker iff post", async () => {
    const { calls } = await tracedApply();
    expect(calls.length).toBeGreaterThan(60);
    const rows: Record<string, number> = {};
    for (let k = 1; k <= calls.length; k++) {
      for (const when of WHENS) {
        const row = await f01Point("sim", k, when);
        rows[row] = (rows[row] ?? 0) + 1;
      }
    }
    // no K2: an apply's first journal is already `committing` (SPEED-16); a `staged` one left by an
    // earlier version is recovered in clean-state.test.ts and rolled back in engine-acceptance.test.ts
    expect(Object.keys(rows).sort()).toEqual(["K1", "K3/K4", "K5", "K6"]);
  }, 600_000);

  it(`F01 real SIGKILL of a child process at every ${FULL ? "" : `${STRIDE}th `}kill point → the same K rows and end states`, async () => {
    const { calls } = await tracedApply();
    let n = 0;
    for (let i = OFFSET; i < calls.length * 2; i += STRIDE) {
      await f01Point("child", Math.floor(i / 2) + 1, WHENS[i % 2]!);
      n++;
    }
    expect(n).toBeGreaterThanOrEqual(Math.floor((calls.length * 2) / STRIDE));
  }, 1_800_000);
});

describe("F02: kills during rollback and during recovery", () => {
  it("F02 kill before and after every mutating call of a manual rollback (seam freeze) → post before rolling-back is durable, pre after (K7); a new rollback ends at pre", async () => {
    const { calls } = await tracedRollback();
    const seen = new Set<string>();
    for (let k = 1; k <= calls.length; k++) for (const when of WHENS) seen.add(await f02RollbackPoint("sim", k, when));
    expect([...seen].sort()).toEqual(["post", "pre"]);
  }, 600_000);

  it(`F02 real SIGKILL of a child rollback at every ${FULL ? "" : `${STRIDE}th `}kill point → the same outcomes`, async () => {
    const { calls } = await tracedRollback();
    for (let i = OFFSET; i < calls.length * 2; i += STRIDE)
      await f02RollbackPoint("child", Math.floor(i / 2) + 1, WHENS[i % 2]!);
  }, 1_800_000);
});

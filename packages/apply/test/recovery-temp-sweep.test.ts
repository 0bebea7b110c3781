// APL-12: recovery (apply.md §7 "every … temp file without a pending journal is garbage") also
// removes the temp files of the `.axiom/` writers that run outside the lock — but only a dead
// writer's: pid dead on this host and mtime past the grace, or mtime past the §11.2 hour whatever
// the pid. Planted leftovers in every such directory, a live pid's file, a young file, a link
// planted for a directory, the dry-run (never recovers), and one real SIGKILL between the bundle
// store's write and its rename (apply.md §4.3 step 6).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { STALE_AGE_MS } from "../src/lock-stale";
import {
  isOrphanTemp,
  ORPHAN_TEMP_GRACE_MS,
  resetSweepThrottle,
  sweepOrphanTemps,
  sweepOrphanTempsThrottled,
  tempWriterPid,
  unlockedWriterDirs,
} from "../src/temp-sweep";
import { cleanupChildScript, runChild } from "./crash-child-run";
import { axiomPath, cleanupRoots, exists, hexOf, makeBundle, runApply, tmpRoot } from "./engine-helpers";

const live: ChildProcess[] = [];
afterEach(() => {
  cleanupRoots();
  for (const c of live.splice(0)) c.kill("SIGKILL");
});
afterAll(cleanupChildScript);

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", ""]);
  return r.pid;
}

/** A live child other than this process (killed after each test). */
function liveChildPid(): number {
  const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  live.push(c);
  return c.pid as number;
}

function plant(file: string, ageMs: number): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "partial");
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(file, t, t);
  return file;
}

const HEX = "ab".repeat(32);
const PAST_GRACE = ORPHAN_TEMP_GRACE_MS + 60_000;

/** One leftover of every writer outside the lock, each spelled as its writer spells it. */
function writerTemps(root: string, pid: number): string[] {
  return [
    axiomPath(root, "manifests", `${HEX}.json.tmp-${pid}`), // apply() bundle store (§4.3 step 6)
    axiomPath(root, "manifests", `${HEX}.json.${pid}.0123456789ab.tmp`), // compile/seal store
    axiomPath(root, "reports", `${HEX}.json.${pid}.0123456789ab.tmp`), // check report store
    axiomPath(root, "queue", `.000001764547200000001abcdef-${pid}.ticket.0123abcd.tmp`), // ticket
    axiomPath(root, "intents", `${HEX}-000001764547200000001abcdef.json.tmp-${pid}`), // intent
    axiomPath(root, "trust", `state.json.tmp-${pid}`), // trust advance
    axiomPath(root, "trust", `keys.json.tmp-${pid}`), // axiom trust
    axiomPath(root, `gate-profile.json.axiom-init-${pid}-0123abcd.tmp`), // axiom init
    axiomPath(root, "profiles", `default.json.axiom-init-${pid}-0123abcd.tmp`), // axiom init
  ];
}

async function applyOther(root: string, name: string): Promise<void> {
  const other = makeBundle([{ path: `${name}.txt`, content: name }]);
  const res = await runApply(other, root);
  expect(res.status, JSON.stringify(res.error)).toBe("applied");
}

describe("APL-12 orphan temp files of writers outside the lock", () => {
  it("every writer's temp spelling yields its pid; other names in those directories are not temps", () => {
    for (const file of writerTemps("/r", 4242)) expect(tempWriterPid(path.basename(file)), file).toBe(4242);
    for (const name of [
      `${HEX}.json`,
      "keys.json",
      "state.key",
      "x.tmp",
      ".mutex",
      "notes.tmp-x",
      "gate-profile.json",
    ]) {
      expect(tempWriterPid(name), name).toBeUndefined();
    }
  });

  it("every temp a real fs apply renames into a directory written outside the lock (bundle store, ticket, intent) is a spelling the sweep knows, with this pid", async () => {
    const { root } = tmpRoot();
    const rename = fsx.rename;
    const sources: string[] = [];
    const restore = installFs({
      rename: async (from, to) => {
        sources.push(from);
        return rename(from, to);
      },
    });
    try {
      await applyOther(root, "spelled");
    } finally {
      restore();
    }
    const dirs = new Set(unlockedWriterDirs(root));
    const unlocked = sources.filter((f) => dirs.has(path.dirname(f)));
    // manifests/ always (§4.3 step 6); intents/ and queue/ as the lock and intent code write them today
    expect(unlocked.map((f) => path.basename(path.dirname(f)))).toContain("manifests");
    for (const f of unlocked) expect(tempWriterPid(path.basename(f)), f).toBe(process.pid);
  });

  it("the rule: dead pid past the grace → orphan; dead pid within it → kept; live pid → kept until the §11.2 hour", () => {
    const now = Date.now();
    const dead = deadPid();
    expect(isOrphanTemp(dead, now - PAST_GRACE, now)).toBe(true);
    expect(isOrphanTemp(dead, now - 1_000, now)).toBe(false);
    expect(isOrphanTemp(process.pid, now - PAST_GRACE, now)).toBe(false);
    expect(isOrphanTemp(process.pid, now - STALE_AGE_MS - 1_000, now)).toBe(true);
    // A future mtime (clock skew) is young, never an orphan before the hour.
    expect(isOrphanTemp(dead, now + 3_600_000, now)).toBe(false);
  });

  it("the next fs apply removes every dead writer's temp past the grace in manifests/, reports/, queue/, intents/, trust/, profiles/ and .axiom/", async () => {
    const { root } = tmpRoot();
    const dead = writerTemps(root, deadPid()).map((f) => plant(f, PAST_GRACE));
    const keepers = [
      plant(axiomPath(root, "manifests", `${HEX}.json`), PAST_GRACE),
      plant(axiomPath(root, "reports", "notes.tmp"), PAST_GRACE),
      plant(axiomPath(root, "trust", "keys.json"), PAST_GRACE),
    ];
    await applyOther(root, "a");
    for (const f of dead) expect(exists(f), f).toBe(false);
    for (const f of keepers) expect(exists(f), f).toBe(true);
  });

  it("a live writer's temp is kept however old (this process, a live child), until the §11.2 hour", async () => {
    const { root } = tmpRoot();
    const mine = writerTemps(root, process.pid).map((f) => plant(f, PAST_GRACE));
    const child = liveChildPid();
    const theirs = plant(axiomPath(root, "manifests", `${HEX}.json.tmp-${child}`), PAST_GRACE);
    const ancient = plant(axiomPath(root, "manifests", `${"cd".repeat(32)}.json.tmp-${child}`), STALE_AGE_MS + 60_000);
    await applyOther(root, "a");
    for (const f of [...mine, theirs]) expect(exists(f), f).toBe(true);
    expect(exists(ancient)).toBe(false);
  });

  it("a dead pid's temp younger than the grace is kept (it may be another host's live writer)", async () => {
    const { root } = tmpRoot();
    const young = writerTemps(root, deadPid()).map((f) => plant(f, 5_000));
    await applyOther(root, "a");
    for (const f of young) expect(exists(f), f).toBe(true);
  });

  it("dry-run never recovers, so it leaves orphan temp files in place (apply.md §7)", async () => {
    const { root } = tmpRoot();
    const dead = writerTemps(root, deadPid()).map((f) => plant(f, PAST_GRACE));
    const b = makeBundle([{ path: "d.txt", content: "d" }]);
    const res = await runApply(b, root, { mode: "dry-run" });
    expect([res.mode, res.status], JSON.stringify(res.error)).toEqual(["dry-run", "applied"]);
    expect(exists(path.join(root, "d.txt"))).toBe(false);
    for (const f of dead) expect(exists(f), f).toBe(true);
  });

  it("a link planted for a swept directory is not followed: nothing outside .axiom/ is deleted", async () => {
    const { root, out } = tmpRoot();
    const outside = plant(path.join(out, `${HEX}.json.tmp-${deadPid()}`), PAST_GRACE);
    fs.mkdirSync(axiomPath(root), { recursive: true });
    fs.symlinkSync(out, axiomPath(root, "reports"));
    await sweepOrphanTemps(root);
    expect(exists(outside)).toBe(true);
  });

  it("a file that cannot be removed is reported to onWarn and the sweep goes on", async () => {
    const { root } = tmpRoot();
    const pid = deadPid();
    const first = plant(axiomPath(root, "manifests", `${HEX}.json.tmp-${pid}`), PAST_GRACE);
    const second = plant(axiomPath(root, "reports", `${HEX}.json.${pid}.0123456789ab.tmp`), PAST_GRACE);
    const unlink = fsx.unlink;
    const restore = installFs({
      unlink: async (p) => {
        if (p === first) throw Object.assign(new Error("EPERM: injected"), { code: "EPERM" });
        return unlink(p);
      },
    });
    const warnings: unknown[] = [];
    try {
      expect(await sweepOrphanTemps(root, Date.now(), (m, d) => warnings.push({ m, d }))).toEqual([second]);
    } finally {
      restore();
    }
    expect(exists(first)).toBe(true);
    expect(warnings).toEqual([{ m: "orphan temp file not removed", d: { file: first, error: "EPERM: injected" } }]);
  });
});

describe("APL-12 recovery sweeps a root at most once per grace per process", () => {
  it("a second recovery within the grace does not list the directories again; after a reset it does", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(axiomPath(root, "manifests"), { recursive: true });
    resetSweepThrottle();
    await sweepOrphanTempsThrottled(root);
    const orphan = plant(axiomPath(root, "manifests", `${HEX}.json.tmp-${deadPid()}`), PAST_GRACE);
    expect(await sweepOrphanTempsThrottled(root)).toEqual([]);
    expect(exists(orphan)).toBe(true);
    resetSweepThrottle();
    expect(await sweepOrphanTempsThrottled(root)).toEqual([orphan]);
  });
});

describe("APL-12 real SIGKILL between the bundle store's write and rename (apply.md §4.3 step 6)", () => {
  it("the killed apply's manifests/<hex>.json.tmp-<pid> survives the next apply within the grace and is gone after the next one past it", async () => {
    const { root, parent } = tmpRoot();
    const bundle = makeBundle([{ path: "k.txt", content: "killed" }]);
    const bundleFile = path.join(parent, "bundle.json");
    fs.writeFileSync(bundleFile, JSON.stringify(bundle));
    const run = await runChild([bundleFile, root], {
      env: { AXIOM_KILL_OP: "rename", AXIOM_KILL_MATCH: `${path.sep}manifests${path.sep}`, AXIOM_KILL_NTH: "1" },
    });
    expect(run.killed).toBe(true);
    const manifests = axiomPath(root, "manifests");
    const temps = () => fs.readdirSync(manifests).filter((n) => tempWriterPid(n) !== undefined);
    const left = temps();
    expect(left).toEqual([expect.stringMatching(new RegExp(`^${hexOf(bundle)}\\.json\\.tmp-\\d+$`))]);
    expect(exists(path.join(manifests, `${hexOf(bundle)}.json`))).toBe(false);

    await applyOther(root, "within-grace");
    expect(temps()).toEqual(left);

    // The clock passes the grace (for the file, and for this process's once-a-grace sweep).
    const t = new Date(Date.now() - PAST_GRACE);
    fs.utimesSync(path.join(manifests, left[0] as string), t, t);
    resetSweepThrottle();
    await applyOther(root, "past-grace");
    expect(temps()).toEqual([]);
    // The killed apply can simply be run again.
    const again = await runApply(bundle, root);
    expect(again.status, JSON.stringify(again.error)).toBe("applied");
  }, 60_000);
});

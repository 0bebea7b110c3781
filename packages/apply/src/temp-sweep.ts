// Orphan temp files of the `.axiom/` writers that run outside the root lock (APL-12): the bundle
// store of apply.md §4.3 step 6 and of compile/seal, check reports, queue tickets, intents, trust
// files, `axiom init`. Recovery holds the lock but these writers do not take it, so a temp file is
// removed only when no live writer can still be about to rename it. Every such name carries the
// writer's pid; the age rules mirror §11.2.
import * as path from "node:path";
import { axiomDir, errnoOf, fsx } from "@codai/axiom-store";
import { isPidAlive, STALE_AGE_MS } from "./lock-stale";

/**
 * A dead pid's temp file is kept this long (mtime): on a root shared over a network fs the pid may
 * be another host's, alive and still writing; a temp file lives for one write + fsync + rename.
 */
export const ORPHAN_TEMP_GRACE_MS = 60_000;

/** The writers' temp-name spellings, each capturing the writer's pid. */
const TEMP_NAMES: readonly RegExp[] = [
  /\.tmp-(\d+)$/, // "atomic (durable) write" of apply.md §3: the bundle store, reports, intents, trust
  /\.(\d+)\.[0-9a-f]{12}\.tmp$/, // compile/seal bundle store and report store of earlier versions (ARCH-S2, S9)
  /^\.\d{21}[0-9a-f]{6}-(\d+)\.ticket\.[0-9a-f]{8}\.tmp$/, // a queue ticket before its rename
  /\.axiom-init-(\d+)-[0-9a-f]{8}\.tmp$/, // axiom init (gate profile, profiles/)
];

/** The writer pid a temp file name carries; undefined when the name is not a known temp spelling. */
export function tempWriterPid(name: string): number | undefined {
  // Most names in these directories are `<hex>.json`: skip the regexes for them.
  if (!name.endsWith(".tmp") && !name.includes(".tmp-")) return undefined;
  for (const re of TEMP_NAMES) {
    const m = re.exec(name);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * Orphan iff older than the §11.2 hour whatever its pid (the pid may have been reused), or older
 * than the grace with its pid dead on this host. A live pid's younger file is never touched.
 */
export function isOrphanTemp(pid: number, mtimeMs: number, now: number): boolean {
  const age = now - mtimeMs;
  if (age > STALE_AGE_MS) return true;
  return age > ORPHAN_TEMP_GRACE_MS && !isPidAlive(pid);
}

/** `.axiom/` subdirectories written outside the lock (journal/, applied/, tmp/, staging/ are recovery's own). */
const UNLOCKED_SUBDIRS = ["manifests", "reports", "intents", "queue", "trust", "profiles"];

/** Every directory whose temp files are swept: `.axiom/` itself (`axiom init`) and UNLOCKED_SUBDIRS. */
export function unlockedWriterDirs(root: string): string[] {
  const ax = axiomDir(root);
  return [ax, ...UNLOCKED_SUBDIRS.map((d) => path.join(ax, d))];
}

export type SweepWarn = (message: string, data: Record<string, unknown>) => void;

async function listNames(dir: string): Promise<string[]> {
  try {
    return await fsx.readdir(dir);
  } catch (err) {
    if (errnoOf(err) === "ENOENT" || errnoOf(err) === "ENOTDIR") return [];
    throw err;
  }
}

/** One directory's orphans are deleted; a file that cannot be is reported and skipped. */
async function sweepDir(dir: string, names: string[], now: number, removed: string[], onWarn?: SweepWarn) {
  for (const name of names) {
    const pid = tempWriterPid(name);
    if (pid === undefined) continue;
    const file = path.join(dir, name);
    try {
      const st = await fsx.lstat(file);
      if (!st.isFile() || !isOrphanTemp(pid, Number(st.mtimeMs), now)) continue;
      await fsx.unlink(file);
      removed.push(file);
    } catch (err) {
      // ENOENT: its writer renamed or removed it meanwhile.
      if (errnoOf(err) !== "ENOENT") {
        onWarn?.("orphan temp file not removed", { file, error: String((err as Error).message) });
      }
    }
  }
}

/**
 * Deletes the orphan temp files of `unlockedWriterDirs`; returns their paths. Runs on every fs
 * apply, so it lists `.axiom/` once and only the subdirectories that exist. Best effort: a leftover
 * blocks nothing, so what cannot be listed or removed is reported to `onWarn` and the sweep goes on.
 */
export async function sweepOrphanTemps(root: string, now = Date.now(), onWarn?: SweepWarn): Promise<string[]> {
  const removed: string[] = [];
  const ax = axiomDir(root);
  try {
    const top = await listNames(ax);
    await sweepDir(ax, top, now, removed, onWarn);
    for (const sub of UNLOCKED_SUBDIRS) {
      if (!top.includes(sub)) continue;
      const dir = path.join(ax, sub);
      const names = await listNames(dir);
      if (!names.some((n) => tempWriterPid(n) !== undefined)) continue;
      // A link planted in place of the directory is never followed: we would delete outside `.axiom/`.
      if (!(await fsx.lstat(dir)).isDirectory()) continue;
      await sweepDir(dir, names, now, removed, onWarn);
    }
  } catch (err) {
    onWarn?.("orphan temp sweep stopped", { root: ax, error: String((err as Error).message) });
  }
  return removed;
}

/** Root → when this process last swept it. */
const lastSweep = new Map<string, number>();

/**
 * The recovery entry: sweeps a root at most once per grace per process. Listing `manifests/` and
 * `reports/` costs time linear in their (unbounded) size on every apply, while an orphan only
 * becomes removable a grace after its writer died, so a long-lived server (MCP) loses nothing by
 * sweeping each root once a grace; a CLI process sweeps on its one apply.
 */
export async function sweepOrphanTempsThrottled(root: string, onWarn?: SweepWarn): Promise<string[]> {
  const now = Date.now();
  const last = lastSweep.get(root);
  if (last !== undefined && now >= last && now - last < ORPHAN_TEMP_GRACE_MS) return [];
  // Forget roots not swept for a grace (PR mode recovers a fresh worktree root each time).
  for (const [r, t] of lastSweep) if (now - t >= ORPHAN_TEMP_GRACE_MS) lastSweep.delete(r);
  lastSweep.set(root, now);
  return sweepOrphanTemps(root, now, onWarn);
}

/** Tests and the crash soak: the next recovery of every root sweeps again, as if a grace had passed. */
export function resetSweepThrottle(): void {
  lastSweep.clear();
}

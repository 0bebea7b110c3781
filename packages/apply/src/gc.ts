// `collectGarbage` (sources.md §6): under the root lock (1 000 ms wait, holder digest "gc"), compute
// the live set, then walk `cas/sha256/<shard>/<name>` in sorted order and remove unreferenced blobs
// and orphan temp files. Only CAS files are ever deleted; nothing is deleted when the live set fails.
import * as path from "node:path";
import { compareUtf8 } from "@codai/axiom-schema";
import { errnoOf, fsx, layout } from "@codai/axiom-store";
import { type GcKeep, liveDigests } from "./gc-live";
import { acquireLock } from "./lock";

export type { GcKeep } from "./gc-live";

export const GC_LOCK_TIMEOUT_MS = 1_000;

export interface GcOptions {
  keep?: GcKeep;
  dryRun?: boolean;
  /** Only candidates whose mtime is older than now − olderThanMs are removed. */
  olderThanMs?: number;
  /** Clock for --older-than (tests). */
  now?: () => number;
  /** Called after each scanned CAS entry (progress, cli.md §9.3). */
  onProgress?: (scanned: number, removable: number) => void;
  /** Lock wait (default 1 000 ms, the spec value). */
  lockTimeoutMs?: number;
  /** Test hook: runs once the lock is held, before the live set is read. */
  afterLock?: () => Promise<void>;
}

export interface GcReport {
  root: string;
  keep: GcKeep;
  dryRun: boolean;
  scanned: number;
  live: number;
  missing: number;
  removed: { sha: string; bytes: number }[];
  skippedYoung: number;
  freedBytes: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

async function sortedEntries(dir: string): Promise<string[]> {
  try {
    return (await fsx.readdir(dir)).sort(compareUtf8);
  } catch (err) {
    if (errnoOf(err) === "ENOENT" || errnoOf(err) === "ENOTDIR") return [];
    throw err;
  }
}

async function lstatOrUndefined(file: string) {
  try {
    return await fsx.lstat(file);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return undefined;
    throw err;
  }
}

/** Parses the CLI duration grammar `^\d+(ms|s|m|h|d)?$` (bare number = ms); undefined when malformed. */
export function parseGcDuration(text: string): number | undefined {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) return undefined;
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? "ms") as "ms"];
  const value = Number(m[1]) * unit;
  return Number.isSafeInteger(value) ? value : undefined;
}

export async function collectGarbage(root: string, options: GcOptions = {}): Promise<GcReport> {
  const keep = options.keep ?? "all-manifests";
  const dryRun = options.dryRun ?? false;
  const lock = await acquireLock(root, "gc", options.lockTimeoutMs ?? GC_LOCK_TIMEOUT_MS);
  try {
    await options.afterLock?.();
    const live = await liveDigests(root, keep);
    const casRoot = layout.casRoot(root);
    const cutoff = options.olderThanMs === undefined ? undefined : (options.now ?? Date.now)() - options.olderThanMs;
    const report: GcReport = {
      root,
      keep,
      dryRun,
      scanned: 0,
      live: live.size,
      missing: 0,
      removed: [],
      skippedYoung: 0,
      freedBytes: 0,
    };
    const present = new Set<string>();

    for (const shard of await sortedEntries(casRoot)) {
      const shardDir = path.join(casRoot, shard);
      const shardStat = await lstatOrUndefined(shardDir);
      if (!shardStat?.isDirectory()) continue;
      for (const name of await sortedEntries(shardDir)) {
        const file = path.join(shardDir, name);
        const st = await lstatOrUndefined(file);
        if (!st?.isFile()) continue;
        const isBlob = HEX64.test(name);
        if (!isBlob && !name.endsWith(".tmp")) continue;
        if (isBlob) {
          report.scanned++;
          present.add(name);
          if (live.has(name)) {
            options.onProgress?.(report.scanned, report.removed.length);
            continue;
          }
        }
        if (cutoff !== undefined && !(Number(st.mtimeMs) < cutoff)) {
          if (isBlob) report.skippedYoung++;
          continue;
        }
        if (!dryRun) {
          try {
            await fsx.unlink(file);
          } catch (err) {
            // Vanished meanwhile (a compile's lost-race cleanup): nothing was freed by us.
            if (errnoOf(err) === "ENOENT") continue;
            throw err;
          }
        }
        const bytes = Number(st.size);
        report.removed.push({ sha: name, bytes });
        report.freedBytes += bytes;
        options.onProgress?.(report.scanned, report.removed.length);
      }
    }
    for (const sha of live) {
      if (present.has(sha)) continue;
      // A live blob in a shard we did not list as a directory (e.g. a symlinked shard) still counts as missing.
      report.missing++;
    }
    return report;
  } finally {
    await lock.release();
  }
}

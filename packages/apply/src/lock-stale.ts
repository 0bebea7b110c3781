// Staleness of lock, ticket and intent records (apply.md §11.2, D28). Pure apart from the
// liveness probe, the clock and the uptime.
import * as os from "node:os";

/** Lock, ticket and intent records from another host are stale after 1 h. */
export const STALE_AGE_MS = 60 * 60 * 1000;
/**
 * A lock whose holder record does not parse is stale once its file is this old (mtime), or at once
 * when it was written before this machine booted (`predatesBoot`, SPEED-22).
 */
export const CORRUPT_LOCK_GRACE_MS = 10_000;

/** Absorbs the rounding of the uptime the boot time is computed from. */
const BOOT_MARGIN_MS = 2_000;
let bootOverride: number | undefined;

/**
 * When this machine booted, in ms since the epoch: the wall clock minus the uptime, so it moves
 * with the clock as the files' times do.
 */
export function bootTimeMs(): number {
  return bootOverride ?? Date.now() - os.uptime() * 1000;
}

/** Test hook: the crash explorer's reboot after a power cut (undefined = the real boot time). */
export function setBootTimeForTests(ms: number | undefined): void {
  bootOverride = ms;
}

/** Whether a file last modified at `mtimeMs` was written before this machine booted. */
function predatesBoot(mtimeMs: number): boolean {
  return mtimeMs < bootTimeMs() - BOOT_MARGIN_MS;
}

/**
 * A lock or `intents/.mutex` whose record does not parse: its writer may be mid-way through an
 * in-place create (no hard links), so it is stale once older than `graceMs` — or at once when it
 * was named before this boot, its unsynced record lost to the power cut that preceded the boot,
 * and its writer with it (SPEED-22).
 */
export function unparsedIsStale(mtimeMs: number, graceMs: number, now = Date.now()): boolean {
  return now - mtimeMs > graceMs || predatesBoot(mtimeMs);
}

export function thisHost(): string {
  return os.hostname();
}

/** `kill(pid, 0)`: ESRCH = dead, EPERM = alive (someone else's process). */
export function isPidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function isValidPid(pid: unknown): pid is number {
  return typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0;
}

/**
 * Same host: stale iff the pid is dead — a live holder is never stale, whatever its age (D28).
 * Other host (or no host recorded): stale iff the time does not parse or is more than 1 h in the
 * past; a future time is never stale by age.
 */
export function recordIsStale(pid: number, host: unknown, time: unknown, now = Date.now()): boolean {
  if (typeof host === "string" && host === thisHost()) return !isPidAlive(pid);
  const t = typeof time === "string" ? Date.parse(time) : Number.NaN;
  if (Number.isNaN(t)) return true;
  return now - t > STALE_AGE_MS;
}

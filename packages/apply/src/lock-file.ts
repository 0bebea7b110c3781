// The `lock` file itself (apply.md §3, §11.1–§11.3): its record, O_EXCL creation, reading the
// holder, staleness and the guarded reclaim. The waiting (queue, polling) lives in lock-wait.ts.
import { axiomError } from "@codai/axiom-schema";
import { errnoOf, fsx, layout } from "@codai/axiom-store";
import { createExclusive, deleteWithRetry, parseObject, readSmall } from "./lock-fs";
import { CORRUPT_LOCK_GRACE_MS, isValidPid, recordIsStale, unparsedIsStale } from "./lock-stale";

/** The lock file's record (spellings of §11.3: `hostname`, `startedAt`, `manifestDigest`). */
export interface LockRecord {
  pid: number;
  hostname: string;
  startedAt: string;
  manifestDigest: string;
}

/** `ERR_LOCKED.details.holder` (spellings `host`, `digest`, `since`). */
export interface LockHolderDetails {
  pid: number;
  host: string;
  digest: string;
  since: string;
}

export type HolderRead = { kind: "ok"; record: LockRecord } | { kind: "missing" } | { kind: "corrupt" };

const NOT_ACQUIRED = new Set(["EEXIST", "EPERM", "EACCES", "EBUSY"]);

function parseLockRecord(text: string): LockRecord | undefined {
  const v = parseObject(text);
  if (!v || !isValidPid(v.pid) || typeof v.startedAt !== "string") return undefined;
  return {
    pid: v.pid,
    hostname: typeof v.hostname === "string" ? v.hostname : "",
    startedAt: v.startedAt,
    manifestDigest: typeof v.manifestDigest === "string" ? v.manifestDigest : "",
  };
}

/** Reads the holder; an unreadable or unparseable file is `corrupt` (§11.2). */
export async function readLockHolder(root: string): Promise<HolderRead> {
  const read = await readSmall(layout.lock(root));
  if (read.kind === "missing") return { kind: "missing" };
  if (read.kind === "unreadable") return { kind: "corrupt" };
  const record = parseLockRecord(read.text);
  return record ? { kind: "ok", record } : { kind: "corrupt" };
}

/** Staleness of the current lock file (§11.2); a vanished lock counts as stale (retry at once). */
export async function lockIsStale(root: string, holder: HolderRead, now = Date.now()): Promise<boolean> {
  if (holder.kind === "missing") return true;
  if (holder.kind === "ok")
    return recordIsStale(holder.record.pid, holder.record.hostname, holder.record.startedAt, now);
  try {
    const st = await fsx.lstat(layout.lock(root));
    return unparsedIsStale(Number(st.mtimeMs), CORRUPT_LOCK_GRACE_MS, now);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return true;
    return false;
  }
}

/**
 * Deletes a lock judged stale, but only if the file still holds what was judged: a waiter that
 * judged an old lock must not remove a fresh one another waiter created in between.
 */
export async function reclaimStaleLock(root: string, judged: HolderRead): Promise<void> {
  const now = await readLockHolder(root);
  if (now.kind === "missing") return;
  if (judged.kind === "ok") {
    if (now.kind !== "ok" || now.record.pid !== judged.record.pid || now.record.startedAt !== judged.record.startedAt)
      return;
  } else if (now.kind !== "corrupt") {
    return;
  }
  await deleteWithRetry(layout.lock(root));
}

/**
 * Exclusively creates `lock` holding my record (§11.1 step 2.2); false when someone else holds it.
 * The name appears with the whole record or not at all (createExclusive, APL-22), unfsynced
 * (SPEED-22): only a power cut can then leave the name without the record, and such a lock
 * predates the boot, so the next apply takes it at once (`lockIsStale`).
 */
export async function tryCreateLock(root: string, record: LockRecord): Promise<boolean> {
  try {
    return (await createExclusive(layout.lock(root), JSON.stringify(record))) === "created";
  } catch (err) {
    const code = errnoOf(err);
    if (code !== undefined && NOT_ACQUIRED.has(code)) return false;
    throw err;
  }
}

function holderDetails(holder: HolderRead): LockHolderDetails | undefined {
  if (holder.kind !== "ok") return undefined;
  const r = holder.record;
  return { pid: r.pid, host: r.hostname, digest: r.manifestDigest, since: r.startedAt };
}

/** ERR_LOCKED of §11.1 step 2.4: `details: {holder?, waitedMs, queuePosition, lock}`, in that order. */
export function lockedError(root: string, holder: HolderRead, waitedMs: number, queuePosition: number): Error {
  const details: Record<string, unknown> = {};
  const h = holderDetails(holder);
  if (h) details.holder = h;
  details.waitedMs = waitedMs;
  details.queuePosition = queuePosition;
  details.lock = layout.lock(root);
  const who = h ? ` by pid ${h.pid}${h.host ? `@${h.host}` : ""}` : "";
  return axiomError("ERR_LOCKED", { message: `root is locked${who}; gave up after ${waitedMs} ms`, details });
}

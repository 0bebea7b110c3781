// The root lock: O_EXCL lock file behind a FIFO ticket queue (apply.md §11.1–§11.3, §11.5).
import { axiomError } from "@codai/axiom-schema";
import { errnoOf, fsx, O } from "./fsx";
import { listIntents } from "./intents";
import { layout } from "./layout";
import { deleteWithRetry, mkdirp, parseObject, readSmall, sleep } from "./lock-fs";
import { CORRUPT_LOCK_GRACE_MS, isValidPid, recordIsStale, thisHost } from "./lock-stale";
import { listTickets, removeTicket, writeTicket } from "./queue";

export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;
export const MAX_LOCK_TIMEOUT_MS = 600_000;

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

export interface LockHandle {
  /** Absolute path of the lock file. */
  readonly lockPath: string;
  readonly record: LockRecord;
  /** My queue ticket's file name (already removed when the handle is returned). */
  readonly ticket: string;
  /** Deletes the lock only if its pid and startedAt are still mine. Idempotent. */
  release(): Promise<void>;
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
    return now - Number(st.mtimeMs) > CORRUPT_LOCK_GRACE_MS;
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return true;
    return false;
  }
}

/**
 * Deletes a lock judged stale, but only if the file still holds what was judged: a waiter that
 * judged an old lock must not remove a fresh one another waiter created in between.
 */
async function reclaimStaleLock(root: string, judged: HolderRead): Promise<void> {
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

async function tryCreateLock(root: string, record: LockRecord): Promise<boolean> {
  const file = layout.lock(root);
  let fd: number;
  try {
    fd = await fsx.open(file, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o644);
  } catch (err) {
    const code = errnoOf(err);
    if (code !== undefined && NOT_ACQUIRED.has(code)) return false;
    throw err;
  }
  try {
    await fsx.write(fd, Buffer.from(JSON.stringify(record), "utf8"));
    await fsx.fsync(fd);
  } catch (err) {
    await fsx.close(fd).catch(() => undefined);
    await deleteWithRetry(file).catch(() => undefined);
    throw err;
  }
  await fsx.close(fd);
  return true;
}

function holderDetails(holder: HolderRead): LockHolderDetails | undefined {
  if (holder.kind !== "ok") return undefined;
  const r = holder.record;
  return { pid: r.pid, host: r.hostname, digest: r.manifestDigest, since: r.startedAt };
}

function makeHandle(root: string, record: LockRecord, ticket: string): LockHandle {
  let released = false;
  return {
    lockPath: layout.lock(root),
    record,
    ticket,
    async release() {
      if (released) return;
      released = true;
      const holder = await readLockHolder(root);
      if (holder.kind !== "ok") return;
      if (holder.record.pid !== record.pid || holder.record.startedAt !== record.startedAt) return;
      await deleteWithRetry(layout.lock(root));
    },
  };
}

/**
 * acquireLock (apply.md §11.1): queue behind earlier tickets, then O_EXCL-create `lock`. `root` is
 * the realpath'd root. `timeoutMs: 0` = exactly one attempt. Throws ERR_LOCKED with
 * `details: {holder?, waitedMs, queuePosition, lock}`.
 */
export async function acquireLock(
  root: string,
  digest: string,
  timeoutMs = DEFAULT_LOCK_TIMEOUT_MS,
): Promise<LockHandle> {
  const start = Date.now();
  const deadline = start + Math.max(0, timeoutMs);
  await mkdirp(layout.axiom(root));
  const ticket = await writeTicket(root, digest);
  try {
    for (;;) {
      const tickets = await listTickets(root, true);
      const ahead = tickets.filter((t) => t.name < ticket).length;
      let holder: HolderRead;
      if (ahead === 0) {
        const record: LockRecord = {
          pid: process.pid,
          hostname: thisHost(),
          startedAt: new Date().toISOString(),
          manifestDigest: digest,
        };
        if (await tryCreateLock(root, record)) return makeHandle(root, record, ticket);
        holder = await readLockHolder(root);
        if (await lockIsStale(root, holder)) {
          await reclaimStaleLock(root, holder);
          continue;
        }
      } else {
        holder = await readLockHolder(root);
      }
      const now = Date.now();
      if (now >= deadline) {
        const details: Record<string, unknown> = {};
        const h = holderDetails(holder);
        if (h) details.holder = h;
        details.waitedMs = now - start;
        details.queuePosition = ahead + 1;
        details.lock = layout.lock(root);
        const who = h ? ` by pid ${h.pid}${h.host ? `@${h.host}` : ""}` : "";
        throw axiomError("ERR_LOCKED", { message: `root is locked${who}; gave up after ${now - start} ms`, details });
      }
      await sleep(Math.max(1, Math.min(50, deadline - now)));
    }
  } finally {
    await removeTicket(root, ticket).catch(() => undefined);
  }
}

export interface LockStatus {
  held: boolean;
  holder?: { pid: number; host?: string; digest?: string; since?: string; stale: boolean };
  queue: { pid: number; since: string }[];
  intents: { digest: string; paths: string[]; pid: number; since: string }[];
}

/** lockStatus (apply.md §11.5): read-only, never prunes. */
export async function lockStatus(root: string): Promise<LockStatus> {
  const [held, holder, tickets, intents] = await Promise.all([
    fsx.lstat(layout.lock(root)).then(
      () => true,
      () => false,
    ),
    readLockHolder(root),
    listTickets(root, false),
    listIntents(root, false),
  ]);
  const out: LockStatus = { held, queue: [], intents: [] };
  if (held && holder.kind === "ok") {
    const r = holder.record;
    const h: { pid: number; host?: string; digest?: string; since?: string } = { pid: r.pid };
    if (r.hostname) h.host = r.hostname;
    if (r.manifestDigest) h.digest = r.manifestDigest;
    h.since = r.startedAt;
    out.holder = { ...h, stale: await lockIsStale(root, holder) };
  }
  out.queue = tickets.map((t) => ({ pid: t.pid, since: t.since }));
  out.intents = intents.map((i) => ({ digest: i.manifestDigest, paths: i.paths, pid: i.pid, since: i.since }));
  return out;
}

// The root lock: O_EXCL lock file behind a FIFO ticket queue (apply.md §11.1–§11.3, §11.5). The lock
// file lives in lock-file.ts, the waiting in lock-wait.ts (one shared poller per root and process).
import { LOCK_TIMEOUT_DEFAULT_MS } from "@codai/axiom-rules";
import { fsx, layout } from "@codai/axiom-store";
import { listIntents } from "./intents";
import { type LockRecord, lockIsStale, readLockHolder, tryCreateLock } from "./lock-file";
import { deleteWithRetry, mkdirp } from "./lock-fs";
import { thisHost } from "./lock-stale";
import { hasWaiters, joinQueue, lockReleased } from "./lock-wait";
import { listTickets, newTicketName, removeTicket, writeTicket } from "./queue";

export { type HolderRead, type LockHolderDetails, type LockRecord, lockIsStale, readLockHolder } from "./lock-file";

export interface LockHandle {
  /** Absolute path of the lock file. */
  readonly lockPath: string;
  readonly record: LockRecord;
  /** My queue ticket's file name (already removed when the handle is returned). */
  readonly ticket: string;
  /** Deletes the lock only if its pid and startedAt are still mine. Idempotent. */
  release(): Promise<void>;
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
      lockReleased(root);
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
  timeoutMs = LOCK_TIMEOUT_DEFAULT_MS,
): Promise<LockHandle> {
  const start = Date.now();
  const deadline = start + Math.max(0, timeoutMs);
  await mkdirp(layout.axiom(root));
  const ticket = newTicketName();
  const free = await uncontended(root, digest);
  if (free !== undefined) return makeHandle(root, free, ticket);
  const waiter = joinQueue(root, ticket, digest, start, deadline);
  try {
    await writeTicket(root, digest, ticket);
    try {
      return makeHandle(root, await waiter.ready(), ticket);
    } finally {
      await removeTicket(root, ticket).catch(() => undefined);
    }
  } finally {
    waiter.leave();
  }
}

/**
 * §11.1 when nobody waits (SPEED-5): no lock file, no waiter of this process for `root` and nothing
 * at all in `queue/` (no ticket, no ticket being written) → the O_EXCL create at once, without a
 * ticket of my own (a create, a rename and an unlink less for every lock taken). Taking a free lock
 * with an empty queue overtakes nobody; a process whose ticket appears meanwhile raced this one as
 * an equal, as two tickets written in the same instant do. Anything else — a ticket, a held or
 * stale lock — goes through the queue, as before.
 */
async function uncontended(root: string, digest: string): Promise<LockRecord | undefined> {
  if (hasWaiters(root)) return undefined;
  // A held (or stale) lock is the queue's business: a waiter pays one lstat here, nothing more.
  if (
    await fsx.lstat(layout.lock(root)).then(
      () => true,
      () => false,
    )
  )
    return undefined;
  // queue/ is made as by a ticket's write (status and waiters list it), then listed.
  await mkdirp(layout.queue(root));
  if ((await fsx.readdir(layout.queue(root))).length > 0) return undefined;
  const record: LockRecord = {
    pid: process.pid,
    hostname: thisHost(),
    startedAt: new Date().toISOString(),
    manifestDigest: digest,
  };
  return (await tryCreateLock(root, record)) ? record : undefined;
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

// Waiting for the root lock (apply.md §11.1 step 2) with ONE poller per (root, process) (decisions
// CONC-13). Every waiter of this process still writes its own ticket and has its own deadline and
// ERR_LOCKED details, but a single loop reads the queue once per 50 ms tick: only the tickets that
// sort before this process's earliest waiter (other processes' tickets) are read, and only that
// waiter tries the O_EXCL create. Per-waiter polling read every ticket file once per waiter per
// tick, O(waiters²) synchronous reads on the event loop the lock holder works on (issue #3 (c)).
import {
  type HolderRead,
  type LockRecord,
  lockedError,
  lockIsStale,
  readLockHolder,
  reclaimStaleLock,
  tryCreateLock,
} from "./lock-file";
import { thisHost } from "./lock-stale";
import { type LiveTicket, scanTickets } from "./queue";

/** §11.1 step 2.5: the poll interval. */
export const LOCK_POLL_MS = 50;

interface Waiter {
  readonly ticket: string;
  readonly digest: string;
  readonly start: number;
  readonly deadline: number;
  /** pending = named, its ticket file not yet written; done = granted or failed, not yet left. */
  state: "pending" | "waiting" | "done";
  resolve?: (record: LockRecord) => void;
  reject?: (err: unknown) => void;
}

/** This process's waiters for one root, sorted by ticket name, and the loop that polls for them. */
class RootQueue {
  readonly waiters: Waiter[] = [];
  private phase: "idle" | "ticking" | "sleeping" = "idle";
  private again = false;
  private wake: (() => void) | undefined;
  /** Set by `forgetLockQueues`: the loop stops and never acts again. */
  private dead = false;

  constructor(readonly root: string) {}

  add(w: Waiter): void {
    const at = this.waiters.findIndex((x) => x.ticket > w.ticket);
    this.waiters.splice(at < 0 ? this.waiters.length : at, 0, w);
  }

  remove(w: Waiter): void {
    const at = this.waiters.indexOf(w);
    if (at >= 0) this.waiters.splice(at, 1);
  }

  get idle(): boolean {
    return this.phase === "idle";
  }

  abandon(): void {
    this.dead = true;
    this.wake?.();
  }

  /** Runs a tick now: at once when sleeping or idle, right after the current one when ticking. */
  kick(): void {
    if (this.phase === "sleeping") this.wake?.();
    else if (this.phase === "ticking") this.again = true;
    else void this.run();
  }

  private waiting(): Waiter[] {
    return this.waiters.filter((w) => w.state === "waiting");
  }

  private settle(w: Waiter, outcome: { record: LockRecord } | { error: unknown }): void {
    if (w.state === "done" || this.dead) return;
    w.state = "done";
    if ("record" in outcome) w.resolve?.(outcome.record);
    else w.reject?.(outcome.error);
  }

  /** My own tickets are known: they are never read, only counted (they are live while waiting). */
  private scan(before: string): Promise<LiveTicket[]> {
    return scanTickets(this.root, { prune: true, before, skip: new Set(this.waiters.map((w) => w.ticket)) });
  }

  private async run(): Promise<void> {
    while (!this.dead) {
      this.phase = "ticking";
      this.again = false;
      await this.tick();
      if (this.again) continue;
      const waiting = this.waiting();
      if (waiting.length === 0) break;
      const left = Math.min(...waiting.map((w) => w.deadline)) - Date.now();
      this.phase = "sleeping";
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, Math.min(LOCK_POLL_MS, left)));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    this.phase = "idle";
    if (this.waiters.length === 0) forget(this);
  }

  /** One pass of §11.1 step 2 for every waiter of this process. Never throws. */
  private async tick(): Promise<void> {
    try {
      const { holder, headScan } = await this.attemptHead();
      await this.expire(holder, headScan);
    } catch (err) {
      // A queue that cannot be listed fails every waiter, as each one's own listing would have.
      for (const w of this.waiting()) this.settle(w, { error: err });
    }
  }

  /**
   * Steps 2.1–2.3 for the earliest waiter (the only one that can have nobody ahead): it creates the
   * lock when no live ticket of another process sorts before its own; a stale lock is reclaimed and
   * the pass is retried at once.
   */
  private async attemptHead(): Promise<{ holder?: HolderRead; headScan?: { head: Waiter; ahead: LiveTicket[] } }> {
    for (;;) {
      const head = this.waiters.find((w) => w.state !== "done");
      // A head whose ticket is still being written holds everyone behind it (FIFO by name).
      if (head?.state !== "waiting" || this.dead) return {};
      const ahead = await this.scan(head.ticket);
      if (ahead.length > 0) return { headScan: { head, ahead } };
      const record: LockRecord = {
        pid: process.pid,
        hostname: thisHost(),
        startedAt: new Date().toISOString(),
        manifestDigest: head.digest,
      };
      if (this.dead) return {};
      try {
        if (await tryCreateLock(this.root, record)) {
          this.settle(head, { record });
          return {};
        }
        const holder = await readLockHolder(this.root);
        if (!(await lockIsStale(this.root, holder))) return { holder, headScan: { head, ahead } };
        await reclaimStaleLock(this.root, holder);
      } catch (err) {
        this.settle(head, { error: err });
      }
    }
  }

  /** Step 2.4 for every waiter whose deadline has come: ERR_LOCKED with its own details. */
  private async expire(known: HolderRead | undefined, headScan?: { head: Waiter; ahead: LiveTicket[] }): Promise<void> {
    const now = Date.now();
    const due = this.waiting().filter((w) => now >= w.deadline);
    if (due.length === 0) return;
    const last = due[due.length - 1] as Waiter;
    const foreign = headScan && last === headScan.head ? headScan.ahead : await this.scan(last.ticket);
    const holder = known ?? (await readLockHolder(this.root));
    for (const w of due) {
      const mineAhead = this.waiters.filter((x) => x.state === "waiting" && x.ticket < w.ticket).length;
      const ahead = foreign.filter((t) => t.name < w.ticket).length + mineAhead;
      this.settle(w, { error: lockedError(this.root, holder, now - w.start, ahead + 1) });
    }
  }
}

const queues = new Map<string, RootQueue>();

function forget(q: RootQueue): void {
  if (queues.get(q.root) === q) queues.delete(q.root);
}

export interface QueuedWaiter {
  /** Call once the ticket file is written: from then on the shared poller serves this waiter. */
  ready(): Promise<LockRecord>;
  /** Leaves the queue; call after the wait ended (either way) or the ticket write failed. Idempotent. */
  leave(): void;
}

/**
 * Joins this process's queue for `root` under `ticket` (a name from `newTicketName`), before its
 * file is written so that an earlier-named waiter of this process is never overtaken by a later one.
 * `ready()` resolves with the lock record once the lock file is mine, or rejects with ERR_LOCKED at
 * `deadline` (or the fs error that ended the wait).
 */
export function joinQueue(root: string, ticket: string, digest: string, start: number, deadline: number): QueuedWaiter {
  let q = queues.get(root);
  if (!q) {
    q = new RootQueue(root);
    queues.set(root, q);
  }
  const queue = q;
  const w: Waiter = { ticket, digest, start, deadline, state: "pending" };
  queue.add(w);
  return {
    ready() {
      return new Promise<LockRecord>((resolve, reject) => {
        w.resolve = resolve;
        w.reject = reject;
        w.state = "waiting";
        queue.kick();
      });
    },
    leave() {
      const wasPending = w.state === "pending";
      w.state = "done";
      queue.remove(w);
      // A waiter that never got going may have been the head everyone behind it was held by.
      if (wasPending && queue.waiters.length > 0) queue.kick();
      if (queue.waiters.length === 0 && queue.idle) forget(queue);
    },
  };
}

/** Whether this process has a waiter (or a waiter being set up) for `root`'s lock. */
export function hasWaiters(root: string): boolean {
  return (queues.get(root)?.waiters.length ?? 0) > 0;
}

/** The lock of `root` was released by this process: the next waiter here may go without a tick's wait. */
export function lockReleased(root: string): void {
  const q = queues.get(root);
  if (q && q.waiters.length > 0) q.kick();
}

/**
 * Forgets every waiter of this process without serving it again: what a killed process leaves is
 * its files only. For the in-process crash simulation (test/crash-sim.ts), whose "killed" apply
 * stays frozen inside this process; its ticket and lock are then judged by §11.2 like any other.
 */
export function forgetLockQueues(): void {
  for (const q of queues.values()) q.abandon();
  queues.clear();
}

// The shared lock poller (decisions CONC-13, issue #3 (c)): many waiters of one process, plus another
// real process, get the lock in ticket order (apply.md §11.1), while the ticket files read per poll
// tick do not grow with the number of waiters in this process. Counted through the fs seam, not timed.
import { appendFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireLock, type LockHandle, lockStatus } from "../src/lock";
import { TICKET_NAME_RE } from "../src/queue";
import { bundleFixture, DIGEST_A, DIGEST_B, runChild, tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
let work: { root: string; cleanup: () => Promise<void> };
let holderScript: string;

beforeAll(async () => {
  work = await tempRoot("axiom-shared-poll-bundle-");
  holderScript = await bundleFixture("lock-holder", work.root);
});
afterAll(() => work.cleanup());
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-shared-poll-"));
});
afterEach(() => cleanup());

const queueDir = () => path.join(root, ".axiom", "queue");

/** Ticket files visible in queue/, read with node:fs (not through the counted seam). */
async function visibleTickets(): Promise<string[]> {
  return (await readdir(queueDir())).filter((n) => TICKET_NAME_RE.test(n)).sort();
}

async function untilTickets(n: number): Promise<void> {
  for (let i = 0; (await visibleTickets()).length < n; i++) {
    if (i > 2000) throw new Error(`fewer than ${n} tickets queued`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Counts {
  queueListings: number;
  ticketReads: number;
  lockReads: number;
  lockCreates: number;
}

/**
 * Counts the queue listings (one per poll tick) and the ticket and lock reads made through fsx;
 * nothing is counted while `paused` (the test's own lockStatus).
 */
function countFs(): { counts: Counts & { paused: boolean }; restore: () => void } {
  const counts = { queueListings: 0, ticketReads: 0, lockReads: 0, lockCreates: 0, paused: false };
  const real: FsPort = { ...fsx };
  const lock = path.join(root, ".axiom", "lock");
  const restore = installFs({
    readdir: (p) => {
      if (p === queueDir() && !counts.paused) counts.queueListings++;
      return real.readdir(p);
    },
    readFile: (p) => {
      if (counts.paused) return real.readFile(p);
      if (p.endsWith(".ticket")) counts.ticketReads++;
      if (p === lock) counts.lockReads++;
      return real.readFile(p);
    },
    // an exclusive create of the lock: the link(2) of its temp (APL-22), or an O_EXCL open
    open: (p, flags, mode) => {
      if (p === lock) counts.lockCreates++;
      return real.open(p, flags, mode);
    },
    link: (a, b) => {
      if (b === lock) counts.lockCreates++;
      return real.link(a, b);
    },
  });
  return { counts, restore };
}

describe("one poller per root and process", () => {
  it("32 waiters in this process and one in another process acquire in ticket order; ticket reads per tick stay ≤ the other process's tickets", async () => {
    const log = path.join(root, "holders.log");
    const gate = await acquireLock(root, DIGEST_A, 1000);
    const { counts, restore } = countFs();
    const mine: Promise<void>[] = [];
    const startMine = (n: number) => {
      for (let i = 0; i < n; i++) {
        mine.push(
          acquireLock(root, DIGEST_B, 60_000).then(async (h: LockHandle) => {
            appendFileSync(log, `${JSON.stringify({ event: "acquired", ticket: h.ticket, pid: process.pid })}\n`);
            await new Promise((r) => setTimeout(r, 2));
            appendFileSync(log, `${JSON.stringify({ event: "released", ticket: h.ticket, pid: process.pid })}\n`);
            await h.release();
          }),
        );
      }
    };
    let child: ReturnType<typeof runChild> | undefined;
    try {
      startMine(16);
      await untilTickets(16);
      // The other process's ticket sorts between this process's first 16 waiters and its last 16.
      child = runChild(holderScript, [root, `sha256:${"9".repeat(64)}`, "60000", "20", log]);
      await untilTickets(17);
      startMine(16);
      await untilTickets(33);
      const queued = await visibleTickets();
      // Every waiter has its ticket file: status shows the whole queue, in ticket order.
      counts.paused = true;
      const status = await lockStatus(root);
      counts.paused = false;
      expect(status.queue.map((t) => t.pid)).toEqual(
        queued.map((n) => Number(n.slice(n.indexOf("-") + 1, -".ticket".length))),
      );
      expect(status.queue.filter((t) => t.pid === process.pid)).toHaveLength(32);
      await gate.release();
      await Promise.all(mine);
      expect(await child.exited).toBe(0);

      const events = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; ticket: string; pid: number })
        .filter((e) => e.event !== "done");
      expect(events.filter((e) => e.event === "acquired").map((e) => e.ticket)).toEqual(queued);
      expect(events.filter((e) => e.event === "acquired" && e.pid !== process.pid)).toHaveLength(1);
      for (let i = 0; i < events.length; i += 2) {
        expect(events[i]?.event).toBe("acquired");
        expect(events[i + 1]).toMatchObject({ event: "released", ticket: events[i]?.ticket });
      }
      expect(await visibleTickets()).toEqual([]);
    } finally {
      restore();
      child?.proc.kill("SIGKILL");
    }
    // Per tick: one listing of queue/, reads of the tickets ahead of this process's earliest waiter
    // only (at most the other process's one ticket), one create attempt, one holder read. Polling
    // per waiter read all 33 tickets and the holder once per waiter per tick.
    expect(counts.queueListings).toBeGreaterThan(0);
    expect(counts.ticketReads).toBeLessThanOrEqual(counts.queueListings);
    expect(counts.lockCreates).toBeLessThanOrEqual(counts.queueListings);
    // + one read by each of the 33 releases (gate included) of this process.
    expect(counts.lockReads).toBeLessThanOrEqual(counts.queueListings + 33);
  }, 120_000);

  it("waiters timing out leave the shared poller consistent: each gets its own ERR_LOCKED details, the others still acquire in ticket order", async () => {
    const holder = await acquireLock(root, DIGEST_A, 1000);
    // Queued one after another (each ticket visible before the next starts): short timeouts at even
    // positions, long ones at odd positions.
    const outcomes: Promise<{
      i: number;
      handle?: LockHandle;
      err?: { code: string; details: Record<string, unknown> };
    }>[] = [];
    for (let i = 0; i < 8; i++) {
      const timeout = i % 2 === 0 ? 400 : 60_000;
      outcomes.push(
        acquireLock(root, DIGEST_B, timeout).then(
          (handle) => ({ i, handle }),
          (err) => ({ i, err }),
        ),
      );
      await untilTickets(i + 1);
    }
    const short = await Promise.all(outcomes.filter((_, i) => i % 2 === 0));
    for (const { i, err } of short) {
      expect(err?.code).toBe("ERR_LOCKED");
      expect(Object.keys(err?.details ?? {})).toEqual(["holder", "waitedMs", "queuePosition", "lock"]);
      expect(err?.details.holder).toMatchObject({ pid: process.pid, digest: DIGEST_A });
      expect(err?.details.waitedMs).toBeGreaterThanOrEqual(400);
      // Ahead of waiter i: the long waiters 1, 3, … before it (the earlier short ones have gone).
      expect(err?.details.queuePosition).toBe(i / 2 + 1);
      expect(err?.details.lock).toBe(path.join(root, ".axiom", "lock"));
    }
    expect((await visibleTickets()).length).toBe(4);
    const order: string[] = [];
    await holder.release();
    for (const o of outcomes.filter((_, i) => i % 2 === 1)) {
      const { handle } = await o;
      if (!handle) throw new Error("a long waiter failed");
      order.push(handle.ticket);
      await handle.release();
    }
    expect([...order].sort()).toEqual(order);
    expect(await visibleTickets()).toEqual([]);
    // The poller for this root is gone and a later waiter starts a fresh one.
    await (await acquireLock(root, DIGEST_A, 0)).release();
  }, 60_000);

  it("a release in this process hands the lock to the next waiter here without waiting for a poll tick", async () => {
    const holder = await acquireLock(root, DIGEST_A, 1000);
    const { counts, restore } = countFs();
    // Timers frozen: the poller's 50 ms sleep never ends by itself.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let got: LockHandle | undefined;
    try {
      const waiter = acquireLock(root, DIGEST_B, 30_000).then((h) => {
        got = h;
      });
      const turns = async (n: number, done: () => boolean) => {
        for (let i = 0; i < n && !done(); i++) await new Promise((r) => setImmediate(r));
      };
      // first attempt made: the lock's record is written to its temp before the link (APL-22), real
      // I/O that a fixed number of turns may not outlast, so wait on the clock (not faked here)
      const until = Date.now() + 10_000;
      while (!(counts.lockCreates > 0 && counts.lockReads > 0) && Date.now() < until) await turns(1, () => false);
      expect(counts.lockCreates).toBe(1);
      await turns(20, () => false);
      expect(got).toBeUndefined();
      await holder.release();
      // No timer can fire: only the release itself can wake the poller (else this never settles and
      // the test times out). The lock file's fsync is real I/O, so wait for the promise, not turns.
      await waiter;
      expect(got?.record.manifestDigest).toBe(DIGEST_B);
      expect(vi.getTimerCount()).toBe(0); // no sleeping poller left behind
    } finally {
      vi.useRealTimers();
      restore();
    }
    await got?.release();
  });
});

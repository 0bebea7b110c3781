// Multi-process contention for one root (issue 3 › Concurrency; threats.md I13 single writer).
import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireLock } from "../src/lock";
import { listTickets } from "../src/queue";
import { bundleFixture, DIGEST_A, runChild, tempRoot } from "./lock-helpers";

let work: { root: string; cleanup: () => Promise<void> };
let holderScript: string;

beforeAll(async () => {
  work = await tempRoot("axiom-conc-bundle-");
  holderScript = await bundleFixture("lock-holder", work.root);
});
afterAll(() => work.cleanup());

describe("6 processes contend for one root", () => {
  it("FIFO order of the tickets respected; never two holders at once; no ticket left behind", async () => {
    const { root, cleanup } = await tempRoot();
    try {
      const log = path.join(root, "holders.log");
      // The parent holds the lock so every child has queued before anyone can acquire.
      const gate = await acquireLock(root, DIGEST_A, 1000);
      const children = Array.from({ length: 6 }, (_, i) =>
        runChild(holderScript, [root, `sha256:${String(i).repeat(64)}`, "30000", "60", log]),
      );
      const t0 = Date.now();
      while ((await listTickets(root, false)).length < 6) {
        if (Date.now() - t0 > 20_000) throw new Error("children did not queue");
        await new Promise((r) => setTimeout(r, 20));
      }
      const queued = (await listTickets(root, false)).map((t) => t.name);
      await gate.release();
      const codes = await Promise.all(children.map((c) => c.exited));
      expect(codes).toEqual([0, 0, 0, 0, 0, 0]);

      const events = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; ticket: string; pid: number })
        .filter((e) => e.event !== "done");
      const acquiredOrder = events.filter((e) => e.event === "acquired").map((e) => e.ticket);
      expect(acquiredOrder).toEqual(queued); // the queue (sorted by name) is the acquisition order
      // Single writer: the log alternates acquired/released of the same ticket.
      for (let i = 0; i < events.length; i += 2) {
        expect(events[i]?.event).toBe("acquired");
        expect(events[i + 1]).toMatchObject({ event: "released", ticket: events[i]?.ticket });
      }
      expect(await readdir(path.join(root, ".axiom", "queue"))).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it("a live holder in another process is waited for up to the timeout, then ERR_LOCKED with the exact details", async () => {
    const { root, cleanup } = await tempRoot();
    try {
      const holder = runChild(holderScript, [root, DIGEST_A, "5000", "-1"]);
      const acquired = await holder.waitFor("acquired");
      const waiter = runChild(holderScript, [root, `sha256:${"d".repeat(64)}`, "300", "0"]);
      const err = await waiter.waitFor("error");
      expect(err.code).toBe("ERR_LOCKED");
      const details = err.details as Record<string, unknown>;
      expect(Object.keys(details)).toEqual(["holder", "waitedMs", "queuePosition", "lock"]);
      expect(details.holder).toMatchObject({ pid: holder.proc.pid, digest: DIGEST_A, since: acquired.startedAt });
      expect(details.waitedMs).toBeGreaterThanOrEqual(300);
      expect(details.queuePosition).toBe(1);
      expect(details.lock).toBe(path.join(root, ".axiom", "lock"));
      expect(await waiter.exited).toBe(3);
      holder.proc.kill("SIGKILL");
      await holder.exited;
      // …and once the holder is dead (SIGKILL), its lock is reclaimed by the next waiter.
      const next = runChild(holderScript, [root, DIGEST_A, "5000", "0"]);
      await next.waitFor("acquired");
      expect(await next.exited).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it("I13 4 processes × 25 lock rounds (one host and two fake hosts) → never two lock holders (holder log has no overlap)", async () => {
    const { root, cleanup } = await tempRoot();
    try {
      const log = path.join(root, "holders.log");
      const hosts = ["-", "-", "fake-host-B", "fake-host-C"];
      const children = hosts.map((host, i) =>
        runChild(holderScript, [root, `sha256:${String(i).repeat(64)}`, "60000", "2", log, host, "25"]),
      );
      const codes = await Promise.all(children.map((c) => c.exited));
      expect(codes).toEqual([0, 0, 0, 0]);
      const events = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; ticket: string; pid: number })
        .filter((e) => e.event !== "done");
      expect(events.filter((e) => e.event === "acquired")).toHaveLength(100);
      for (let i = 0; i < events.length; i += 2) {
        expect(events[i]?.event).toBe("acquired");
        expect(events[i + 1]).toMatchObject({ event: "released", pid: events[i]?.pid, ticket: events[i]?.ticket });
      }
    } finally {
      await cleanup();
    }
  }, 120_000);
});

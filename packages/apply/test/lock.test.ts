// apply.md §11.1–§11.3, §11.5 and the "Lock, queue, intents" acceptance lines; threats.md F17, F18, F20.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { installFs } from "@codai/axiom-store/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireLock, lockStatus } from "../src/lock";
import { bootTimeMs, setBootTimeForTests } from "../src/lock-stale";
import { listTickets, removeTicket, TICKET_NAME_RE, writeTicket } from "../src/queue";
import { harness } from "./fault-harness";
import { bundleFixture, DIGEST_A, DIGEST_B, deadPid, runChild, tempRoot, writeTornRecord } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
let work: { root: string; cleanup: () => Promise<void> };
let holderScript: string;

beforeAll(async () => {
  work = await tempRoot("axiom-lock-bundle-");
  holderScript = await bundleFixture("lock-holder", work.root);
});
afterAll(() => work.cleanup());
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot());
});
afterEach(() => cleanup());

const lockFile = () => path.join(root, ".axiom", "lock");

async function writeLock(record: unknown): Promise<void> {
  await mkdir(path.join(root, ".axiom"), { recursive: true });
  await writeFile(lockFile(), typeof record === "string" ? record : JSON.stringify(record));
}

async function lockedError(p: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> }> {
  const err = (await p.then(
    () => undefined,
    (e) => e,
  )) as { code: string; details: Record<string, unknown> } | undefined;
  if (!err) throw new Error("expected a failure");
  return err;
}

describe("lock file and release", () => {
  it("the lock file holds {pid, hostname, startedAt, manifestDigest}; release removes it", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const rec = JSON.parse(await readFile(lockFile(), "utf8"));
    expect(Object.keys(rec)).toEqual(["pid", "hostname", "startedAt", "manifestDigest"]);
    expect(rec).toMatchObject({ pid: process.pid, hostname: os.hostname(), manifestDigest: DIGEST_A });
    expect(Number.isNaN(Date.parse(rec.startedAt))).toBe(false);
    await h.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("Release by a process whose pid/startedAt differ from the file → lock file kept", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const foreign = {
      pid: process.pid,
      hostname: os.hostname(),
      startedAt: "2020-01-01T00:00:00.000Z",
      manifestDigest: DIGEST_B,
    };
    await writeFile(lockFile(), JSON.stringify(foreign));
    await h.release();
    expect(JSON.parse(await readFile(lockFile(), "utf8"))).toEqual(foreign);
  });

  it("Intent file and ticket are gone after apply returns — the ticket is removed on success and on failure", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    expect(await readdir(path.join(root, ".axiom", "queue"))).toEqual([]);
    await lockedError(acquireLock(root, DIGEST_B, 0));
    expect(await readdir(path.join(root, ".axiom", "queue"))).toEqual([]);
    await h.release();
  });
});

describe("waiting and ERR_LOCKED", () => {
  it("Holder alive, lockTimeoutMs: 100 → ERR_LOCKED with queuePosition, waitedMs ≥ 100, holder.{pid, host, digest, since}, absolute lock", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const err = await lockedError(acquireLock(root, DIGEST_B, 100));
    expect(err.code).toBe("ERR_LOCKED");
    expect(Object.keys(err.details)).toEqual(["holder", "waitedMs", "queuePosition", "lock"]);
    expect(err.details.holder).toEqual({
      pid: process.pid,
      host: os.hostname(),
      digest: DIGEST_A,
      since: h.record.startedAt,
    });
    expect(err.details.waitedMs).toBeGreaterThanOrEqual(100);
    expect(err.details.queuePosition).toBe(1);
    expect(err.details.lock).toBe(lockFile());
    expect(path.isAbsolute(err.details.lock as string)).toBe(true);
    await h.release();
  });

  it("lockTimeoutMs: 0 with a held lock → ERR_LOCKED after one attempt", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const t0 = Date.now();
    const err = await lockedError(acquireLock(root, DIGEST_B, 0));
    expect(err.code).toBe("ERR_LOCKED");
    expect(err.details.queuePosition).toBe(1);
    expect(Date.now() - t0).toBeLessThan(1000);
    await h.release();
  });

  it("a waiter behind another live ticket reports queuePosition = ahead + 1", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const earlier = await writeTicket(root, DIGEST_B); // a live ticket (this pid) ahead of the next waiter
    const err = await lockedError(acquireLock(root, DIGEST_B, 60));
    expect(err.details.queuePosition).toBe(2);
    await h.release();
    expect((await listTickets(root, false)).map((t) => t.name)).toEqual([earlier]);
  });

  it("a live holder is waited for: the waiter gets the lock once the holder releases", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    setTimeout(() => void h.release(), 150);
    const t0 = Date.now();
    const h2 = await acquireLock(root, DIGEST_B, 5000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100);
    expect(h2.record.manifestDigest).toBe(DIGEST_B);
    await h2.release();
  });

  it("Three waiters → acquire in ticket order (FIFO)", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const order: string[] = [];
    const waiters = ["w1", "w2", "w3"].map(async (name, i) => {
      await new Promise((r) => setTimeout(r, i * 20));
      const got = await acquireLock(root, DIGEST_B, 10_000);
      order.push(`${name}:${got.ticket}`);
      await new Promise((r) => setTimeout(r, 20));
      await got.release();
    });
    await new Promise((r) => setTimeout(r, 150));
    expect((await listTickets(root, false)).length).toBe(3);
    await h.release();
    await Promise.all(waiters);
    expect(order.map((o) => o.split(":")[0])).toEqual(["w1", "w2", "w3"]);
    const tickets = order.map((o) => o.split(":")[1] as string);
    expect([...tickets].sort()).toEqual(tickets);
  });
});

describe("staleness (§11.2, D28)", () => {
  it("Lock file with a dead pid on this host → reclaimed (a SIGKILLed holder)", async () => {
    const child = runChild(holderScript, [root, DIGEST_A, "5000", "-1"]);
    const acquired = await child.waitFor("acquired");
    expect(acquired.event).toBe("acquired");
    child.proc.kill("SIGKILL");
    await child.exited;
    expect(JSON.parse(await readFile(lockFile(), "utf8")).pid).toBe(child.proc.pid);
    const status = await lockStatus(root);
    expect(status.holder).toMatchObject({ pid: child.proc.pid, stale: true });
    const h = await acquireLock(root, DIGEST_B, 2000);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).pid).toBe(process.pid);
    await h.release();
  });

  it("F23 a holder on host B SIGKILLed while holding the lock: A gets ERR_LOCKED while B's lock is younger than 1 h; after 1 h (fake clock) A reclaims it", async () => {
    const child = runChild(holderScript, [root, DIGEST_A, "5000", "-1", "-", "host-B"]);
    await child.waitFor("acquired");
    child.proc.kill("SIGKILL");
    await child.exited;
    const err = await lockedError(acquireLock(root, DIGEST_B, 200));
    expect(err.code).toBe("ERR_LOCKED");
    expect(err.details).toMatchObject({ holder: { host: "host-B", pid: child.proc.pid }, queuePosition: 1 });
    expect((await lockStatus(root)).holder?.stale).toBe(false); // a dead pid on another host means nothing here
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61 * 60_000);
      const h = await acquireLock(root, DIGEST_B, 1000);
      expect(JSON.parse(await readFile(lockFile(), "utf8"))).toMatchObject({
        pid: process.pid,
        manifestDigest: DIGEST_B,
      });
      await h.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("Lock held 2 h by a live pid on this host → a waiter times out with ERR_LOCKED, the lock is not reclaimed (F18)", async () => {
    const since = new Date(Date.now() - 2 * 3600_000).toISOString();
    const rec = { pid: process.pid, hostname: os.hostname(), startedAt: since, manifestDigest: DIGEST_A };
    await writeLock(rec);
    const err = await lockedError(acquireLock(root, DIGEST_B, 150));
    expect(err.code).toBe("ERR_LOCKED");
    expect(JSON.parse(await readFile(lockFile(), "utf8"))).toEqual(rec);
    expect((await lockStatus(root)).holder).toMatchObject({ pid: process.pid, stale: false });
  });

  it("Lock file older than 1 h from another host → reclaimed", async () => {
    const since = new Date(Date.now() - 61 * 60_000).toISOString();
    await writeLock({ pid: 999_999, hostname: "other-host-B", startedAt: since, manifestDigest: DIGEST_A });
    const h = await acquireLock(root, DIGEST_B, 1000);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).manifestDigest).toBe(DIGEST_B);
    await h.release();
  });

  it("F17 a lock from host B dated now + 2 h, lockTimeoutMs 200 → ERR_LOCKED {holder.host: B, queuePosition: 1}; the lock file is unchanged", async () => {
    const since = new Date(Date.now() + 2 * 3600_000).toISOString();
    const text = JSON.stringify({ pid: 4242, hostname: "B", startedAt: since, manifestDigest: DIGEST_A });
    await writeLock(text);
    const err = await lockedError(acquireLock(root, DIGEST_B, 200));
    expect(err.code).toBe("ERR_LOCKED");
    expect(err.details).toMatchObject({ holder: { pid: 4242, host: "B", digest: DIGEST_A, since }, queuePosition: 1 });
    expect(err.details.waitedMs).toBeGreaterThanOrEqual(200);
    expect(await readFile(lockFile(), "utf8")).toBe(text);
  });

  it("another host within the hour → not stale", async () => {
    const since = new Date(Date.now() - 59 * 60_000).toISOString();
    await writeLock({ pid: 4242, hostname: "B", startedAt: since, manifestDigest: DIGEST_A });
    expect((await lockStatus(root)).holder?.stale).toBe(false);
    expect((await lockedError(acquireLock(root, DIGEST_B, 0))).code).toBe("ERR_LOCKED");
  });

  it("F20 a same-host dead-pid lock dated in the future, and a lock with an unparseable startedAt → reclaimed", async () => {
    const dead = await deadPid();
    await writeLock({
      pid: dead,
      hostname: os.hostname(),
      startedAt: new Date(Date.now() + 3600_000).toISOString(),
      manifestDigest: DIGEST_A,
    });
    await (await acquireLock(root, DIGEST_B, 1000)).release();
    await new Promise((r) => setTimeout(r, 20));
    await writeLock({ pid: 4242, hostname: "B", startedAt: "not a time", manifestDigest: DIGEST_A });
    const h = await acquireLock(root, DIGEST_B, 1000);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).pid).toBe(process.pid);
    await h.release();
  });

  it("Empty lock file with fresh mtime → not reclaimed (waiter times out); same file with mtime 11 s old → reclaimed", async () => {
    await writeLock("");
    const err = await lockedError(acquireLock(root, DIGEST_B, 100));
    expect(err.code).toBe("ERR_LOCKED");
    expect(err.details.holder).toBeUndefined();
    expect(Object.keys(err.details)).toEqual(["waitedMs", "queuePosition", "lock"]);
    expect((await lockStatus(root)).held).toBe(true);
    const old = new Date(Date.now() - 11_000);
    await utimes(lockFile(), old, old);
    const h = await acquireLock(root, DIGEST_B, 1000);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).manifestDigest).toBe(DIGEST_B);
    await h.release();
  });

  it("a lock whose pid is not a number counts as corrupt (10 s grace), never as a dead pid", async () => {
    await writeLock({
      pid: "12",
      hostname: os.hostname(),
      startedAt: new Date().toISOString(),
      manifestDigest: DIGEST_A,
    });
    expect((await lockedError(acquireLock(root, DIGEST_B, 50))).code).toBe("ERR_LOCKED");
    const s = await lockStatus(root);
    expect(s).toMatchObject({ held: true });
    expect(s.holder).toBeUndefined();
  });
});

describe("SPEED-22 a lock that does not parse and predates the boot", () => {
  // the lock's temp is not fsynced: only a power cut leaves its name without its record, and the
  // machine booted since; a writer of this boot keeps the 10 s grace (an in-place create)
  afterEach(() => setBootTimeForTests(undefined));

  const tornLock = (ageMs: number) => writeTornRecord(lockFile(), ageMs);

  it("named 4 s before a boot 1 s ago → taken at once (well inside the 10 s grace)", async () => {
    await tornLock(4_000);
    setBootTimeForTests(Date.now() - 1_000);
    const h = await acquireLock(root, DIGEST_B, 0);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).manifestDigest).toBe(DIGEST_B);
    await h.release();
  });

  it("named 4 s ago, the machine up for longer → the grace still holds: ERR_LOCKED", async () => {
    await tornLock(4_000);
    setBootTimeForTests(Date.now() - 60_000);
    expect((await lockedError(acquireLock(root, DIGEST_B, 50))).code).toBe("ERR_LOCKED");
  });

  it("named within the boot's 2 s margin → not judged by the boot rule: ERR_LOCKED", async () => {
    await tornLock(2_500);
    setBootTimeForTests(Date.now() - 1_000);
    expect((await lockedError(acquireLock(root, DIGEST_B, 50))).code).toBe("ERR_LOCKED");
  });

  it("the real boot time: the wall clock minus the uptime", () => {
    expect(Math.abs(bootTimeMs() - (Date.now() - os.uptime() * 1000))).toBeLessThan(1_000);
    expect(bootTimeMs()).toBeLessThan(Date.now());
  });

  it("the lock's record goes to its temp unsynced, then is linked whole", async () => {
    const h = harness([]);
    let lock: Awaited<ReturnType<typeof acquireLock>>;
    try {
      lock = await acquireLock(root, DIGEST_A, 0);
    } finally {
      h.restore();
    }
    const temp = h.calls.find((c) => c.op === "link" && c.to === lockFile())?.path;
    expect(temp).toMatch(/lock\.[0-9a-f]{8}\.tmp-\d+$/);
    expect(h.calls.some((c) => c.op === "fsync" && c.path === temp)).toBe(false);
    expect(JSON.parse(await readFile(lockFile(), "utf8")).manifestDigest).toBe(DIGEST_A);
    await lock.release();
  });
});

describe("queue tickets", () => {
  it("ticket names match ^\\d{21}[0-9a-f]{6}-\\d+\\.ticket$ and sort in creation order", async () => {
    const a = await writeTicket(root, DIGEST_A);
    const b = await writeTicket(root, DIGEST_B);
    expect(a).toMatch(TICKET_NAME_RE);
    expect(a < b).toBe(true);
    const rec = JSON.parse(await readFile(path.join(root, ".axiom", "queue", a), "utf8"));
    expect(Object.keys(rec)).toEqual(["pid", "hostname", "since", "manifestDigest"]);
  });

  it("Ticket of a dead pid → pruned", async () => {
    const dir = path.join(root, ".axiom", "queue");
    await mkdir(dir, { recursive: true });
    const name = `${"0".repeat(15)}000001abcdef-1.ticket`;
    await writeFile(
      path.join(dir, name),
      JSON.stringify({
        pid: await deadPid(),
        hostname: os.hostname(),
        since: new Date().toISOString(),
        manifestDigest: DIGEST_A,
      }),
    );
    expect((await listTickets(root, false)).length).toBe(0);
    expect(existsSync(path.join(dir, name))).toBe(true); // lockStatus-style listing never prunes
    const h = await acquireLock(root, DIGEST_B, 1000); // the dead ticket sorts first but does not block
    expect(existsSync(path.join(dir, name))).toBe(false);
    await h.release();
  });

  it("a corrupt ticket is pruned; a non-ticket name is ignored", async () => {
    const dir = path.join(root, ".axiom", "queue");
    await mkdir(dir, { recursive: true });
    const bad = `${"0".repeat(15)}000001abcdef-1.ticket`;
    await writeFile(path.join(dir, bad), "{not json");
    await writeFile(path.join(dir, "README"), "x");
    const h = await acquireLock(root, DIGEST_B, 1000);
    expect((await readdir(dir)).sort()).toEqual(["README"]);
    await h.release();
  });

  it("Ticket unreadable with EACCES → skipped, not pruned", async () => {
    const dir = path.join(root, ".axiom", "queue");
    await mkdir(dir, { recursive: true });
    const name = `${"0".repeat(15)}000001abcdef-1.ticket`;
    const file = path.join(dir, name);
    await writeFile(
      file,
      JSON.stringify({
        pid: await deadPid(),
        hostname: os.hostname(),
        since: new Date().toISOString(),
        manifestDigest: DIGEST_A,
      }),
    );
    const { fsx } = await import("@codai/axiom-store");
    const real = fsx.readFile;
    const restore = installFs({
      readFile: async (p) => {
        if (p === file) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return real(p);
      },
    });
    try {
      const h = await acquireLock(root, DIGEST_B, 1000);
      await h.release();
    } finally {
      restore();
    }
    expect(existsSync(file)).toBe(true);
  });
});

describe("a queue ticket whose removal failed (non-retryable errno) does not block this process", () => {
  it("the orphaned ticket of this pid is pruned on sight: the next acquireLock gets the lock at once", async () => {
    // A queued waiter's ticket whose delete failed (a lock taken with an empty queue writes no
    // ticket, SPEED-5, so the queued path's write and failed removal are made here directly).
    const restore = installFs({
      unlink: async (file: string) => {
        if (file.endsWith(".ticket")) throw Object.assign(new Error("EIO: injected"), { code: "EIO" });
        const { unlink } = await import("node:fs/promises");
        await unlink(file);
      },
    });
    try {
      await expect(removeTicket(root, await writeTicket(root, DIGEST_A))).rejects.toMatchObject({ code: "EIO" });
    } finally {
      restore();
    }
    const left = (await readdir(path.join(root, ".axiom", "queue"))).filter((n) => TICKET_NAME_RE.test(n));
    expect(left).toHaveLength(1); // the delete really failed: the file is still there
    const second = await acquireLock(root, DIGEST_B, 0);
    await second.release();
    expect((await readdir(path.join(root, ".axiom", "queue"))).filter((n) => TICKET_NAME_RE.test(n))).toEqual([]);
  });
});

describe("a free lock with an empty queue (SPEED-5)", () => {
  /** Files created under queue/ (tickets and their temps) while `run` runs. */
  async function queueCreates(run: () => Promise<unknown>): Promise<number> {
    const h = harness();
    try {
      await run();
    } finally {
      h.restore();
    }
    const queue = path.join(root, ".axiom", "queue") + path.sep;
    return h.calls.filter((c) => c.op === "open" && c.mutating && c.path.startsWith(queue)).length;
  }

  it("is taken without a ticket; with a live ticket of another process queued, the waiter queues behind it", async () => {
    expect(await queueCreates(async () => (await acquireLock(root, DIGEST_A, 0)).release())).toBe(0);
    // A live ticket of another process (this test's parent pid stands in for it): no shortcut.
    await mkdir(path.join(root, ".axiom", "queue"), { recursive: true });
    const theirs = `${"0".repeat(27)}-${process.ppid}.ticket`;
    await writeFile(
      path.join(root, ".axiom", "queue", theirs),
      JSON.stringify({
        pid: process.ppid,
        hostname: os.hostname(),
        since: new Date().toISOString(),
        manifestDigest: DIGEST_B,
      }),
    );
    const err = await acquireLock(root, DIGEST_A, 0).then(
      () => undefined,
      (e: { code?: string; details?: Record<string, unknown> }) => e,
    );
    expect(err?.code).toBe("ERR_LOCKED");
    expect(err?.details?.queuePosition).toBe(2);
    expect(existsSync(path.join(root, ".axiom", "lock"))).toBe(false);
  });
});

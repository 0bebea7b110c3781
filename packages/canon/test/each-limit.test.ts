// eachLimit: the bounded concurrency under apply's fsyncs and compile's CAS writes. The contract
// (each-limit.ts header): at most `limit` in flight, started in input order, nothing started after
// a failure, every started job awaited, then the earliest failed item's error (in input order).
import { describe, expect, it } from "vitest";
import { eachLimit } from "../src/index";

interface Deferred {
  resolve(): void;
  reject(err: unknown): void;
  promise: Promise<void>;
}
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { resolve, reject, promise };
}
const tick = () => new Promise<void>((r) => setImmediate(r));

/** A job whose items finish only when the test says so; records starts, finishes and the peak in flight. */
function controlled<T>() {
  const pending = new Map<T, Deferred>();
  const started: T[] = [];
  const finished: T[] = [];
  let inFlight = 0;
  let peak = 0;
  const job = async (item: T) => {
    started.push(item);
    inFlight++;
    peak = Math.max(peak, inFlight);
    const d = deferred();
    pending.set(item, d);
    try {
      await d.promise;
    } finally {
      inFlight--;
      finished.push(item);
    }
  };
  const settle = async (item: T, err?: unknown) => {
    const d = pending.get(item);
    if (d === undefined) throw new Error(`item ${String(item)} was not started`);
    if (err === undefined) d.resolve();
    else d.reject(err);
    await tick();
  };
  return { job, settle, started, finished, peak: () => peak };
}

describe("eachLimit", () => {
  it("runs every item exactly once, in input order, with at most `limit` in flight", async () => {
    const c = controlled<number>();
    const run = eachLimit([1, 2, 3, 4, 5], 2, c.job);
    await tick();
    expect(c.started).toEqual([1, 2]);
    await c.settle(2);
    expect(c.started).toEqual([1, 2, 3]);
    await c.settle(1);
    await c.settle(3);
    await c.settle(4);
    await c.settle(5);
    await run;
    expect(c.started).toEqual([1, 2, 3, 4, 5]);
    expect(c.peak()).toBe(2);
  });

  it("a limit above the item count starts all items at once and never calls the job with a missing item", async () => {
    const seen: unknown[] = [];
    await eachLimit(["a", "b"], 8, async (item) => {
      seen.push(item);
    });
    expect(seen).toEqual(["a", "b"]);
  });

  it("no items → resolves without calling the job", async () => {
    let calls = 0;
    await expect(
      eachLimit([], 3, async () => {
        calls++;
      }),
    ).resolves.toBeUndefined();
    expect(calls).toBe(0);
  });

  it("after a failure no further item starts; the started ones are awaited before the error is thrown", async () => {
    const c = controlled<string>();
    const boom = new Error("a failed");
    let outcome: unknown = "pending";
    const run = eachLimit(["a", "b", "c", "d"], 2, c.job).then(
      () => {
        outcome = "resolved";
      },
      (err) => {
        outcome = err;
      },
    );
    await tick();
    await c.settle("a", boom);
    expect(c.started).toEqual(["a", "b"]);
    expect(outcome).toBe("pending"); // b is still running
    await c.settle("b");
    await run;
    expect(outcome).toBe(boom);
    expect(c.started).toEqual(["a", "b"]);
    expect(c.finished).toEqual(["a", "b"]);
  });

  it("two failures: the earliest item's error in input order is thrown, not the first to fail in time", async () => {
    const c = controlled<number>();
    const first = new Error("item 0");
    const second = new Error("item 1");
    const run = eachLimit([0, 1], 2, c.job);
    const result = run.catch((err: unknown) => err);
    await tick();
    await c.settle(1, second);
    await c.settle(0, first);
    expect(await result).toBe(first);
  });

  it("two failures in input order: the first item's error is thrown, not the last one recorded", async () => {
    const c = controlled<number>();
    const first = new Error("item 0");
    const second = new Error("item 1");
    const result = eachLimit([0, 1], 2, c.job).catch((err: unknown) => err);
    await tick();
    await c.settle(0, first);
    await c.settle(1, second);
    expect(await result).toBe(first);
  });

  it("a sequential run (limit 1) stops at the first failure and throws that error", async () => {
    const started: number[] = [];
    const boom = new Error("two");
    await expect(
      eachLimit([1, 2, 3], 1, async (n) => {
        started.push(n);
        if (n === 2) throw boom;
      }),
    ).rejects.toBe(boom);
    expect(started).toEqual([1, 2]);
  });
});

// KeyedGate (local-gate.ts): per key one holder at a time, waiters in arrival order, a waiter that
// gives up leaves the line, `Infinity` waits however long, and a line forgotten by clear() never
// lets a caller in past the holder of the line that replaced it.
import { describe, expect, it } from "vitest";
import { KeyedGate } from "../src/local-gate";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("KeyedGate", () => {
  it("the first caller of a key holds it at once; the next waits until it leaves; another key never waits", async () => {
    const gate = new KeyedGate();
    const a = await gate.enter("k", 0);
    expect(a).toBeTypeOf("function");
    expect(await gate.enter("other", 0)).toBeTypeOf("function");
    let granted = false;
    const b = gate.enter("k", Number.POSITIVE_INFINITY).then((leave) => {
      granted = true;
      return leave;
    });
    await tick(20);
    expect(granted).toBe(false);
    a?.();
    const leaveB = await b;
    expect(granted).toBe(true);
    expect(leaveB).toBeTypeOf("function");
  });

  it("waiters are let in in arrival order; leave is idempotent (a second call lets nobody else in)", async () => {
    const gate = new KeyedGate();
    const holder = await gate.enter("k", 0);
    const order: number[] = [];
    const leaves: (() => void)[] = [];
    const waiters = [1, 2, 3].map((n) =>
      gate.enter("k", 60_000).then((leave) => {
        order.push(n);
        if (leave) leaves.push(leave);
      }),
    );
    holder?.();
    holder?.();
    await tick(10);
    expect(order).toEqual([1]);
    leaves[0]?.();
    await tick(10);
    expect(order).toEqual([1, 2]);
    leaves[1]?.();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    leaves[2]?.();
    expect(await gate.enter("k", 0)).toBeTypeOf("function");
  });

  it("a waiter whose time passes resolves undefined and leaves the line; the one behind it is next", async () => {
    const gate = new KeyedGate();
    const holder = await gate.enter("k", 0);
    const gaveUp = gate.enter("k", 10);
    const patient = gate.enter("k", 60_000);
    expect(await gaveUp).toBeUndefined();
    holder?.();
    const leave = await patient;
    expect(leave).toBeTypeOf("function");
    // a zero or negative wait behind a holder gives up too
    expect(await gate.enter("k", 0)).toBeUndefined();
    expect(await gate.enter("k", -5)).toBeUndefined();
    leave?.();
  });

  it("Infinity never gives up, however long the holder keeps the key", async () => {
    const gate = new KeyedGate();
    const holder = await gate.enter("k", 0);
    let answer: unknown = "pending";
    const waiter = gate.enter("k", Number.POSITIVE_INFINITY).then((leave) => {
      answer = leave;
      return leave;
    });
    await tick(30);
    expect(answer).toBe("pending");
    holder?.();
    expect(await waiter).toBeTypeOf("function");
  });

  it("after clear(), a holder of the forgotten line leaving does not free the new line's key", async () => {
    const gate = new KeyedGate();
    const old = await gate.enter("k", 0);
    gate.clear();
    const fresh = await gate.enter("k", 0); // a new line: granted at once
    expect(fresh).toBeTypeOf("function");
    old?.();
    expect(await gate.enter("k", 10)).toBeUndefined(); // `fresh` still holds it
    fresh?.();
    expect(await gate.enter("k", 0)).toBeTypeOf("function");
  });
});

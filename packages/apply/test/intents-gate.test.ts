// The intent registry's `.mutex` under many callers of one process (decisions CONC-13): they line up
// in-process, so only one of them polls the file at a time; every one still registers, or times out
// with the §11.4 error. Which caller polls is told apart with AsyncLocalStorage, not with timing.
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KeyedGate } from "../../store/src/local-gate";
import { registerIntent } from "../src/intents";
import { tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-intents-gate-"));
});
afterEach(() => cleanup());

const mutex = () => path.join(root, ".axiom", "intents", ".mutex");
const digest = (i: number) => `sha256:${i.toString(16).padStart(64, "0")}`;

/** Holds `.mutex` as a live process of this host would (fresh `since`: not reclaimable). */
async function holdMutexElsewhere(): Promise<void> {
  await mkdir(path.dirname(mutex()), { recursive: true });
  const rec = { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString(), token: "f".repeat(16) };
  await writeFile(mutex(), JSON.stringify(rec));
}

/**
 * Records which caller (its AsyncLocalStorage tag) made each exclusive-create attempt on `.mutex`:
 * the link(2) of its temp (APL-22), or an O_EXCL open where there are no hard links.
 */
function tagMutexOpens(als: AsyncLocalStorage<number>): { callers: number[]; restore: () => void } {
  const callers: number[] = [];
  const real: FsPort = { ...fsx };
  const restore = installFs({
    open: (p, flags, mode) => {
      if (p === mutex()) callers.push(als.getStore() ?? -1);
      return real.open(p, flags, mode);
    },
    link: (a, b) => {
      if (b === mutex()) callers.push(als.getStore() ?? -1);
      return real.link(a, b);
    },
  });
  return { callers, restore };
}

/** Each caller's attempts form one run: no caller polls while another of this process does. */
function runsOf(callers: number[]): number[] {
  return callers.filter((c, i) => i === 0 || callers[i - 1] !== c);
}

describe("many callers of registerIntent in one process", () => {
  it("16 callers while another process holds .mutex: one polls at a time; all register once it is freed", async () => {
    await holdMutexElsewhere();
    const als = new AsyncLocalStorage<number>();
    const { callers, restore } = tagMutexOpens(als);
    try {
      const calls = Array.from({ length: 16 }, (_, i) =>
        als.run(i, () => registerIntent(root, digest(i), [`w${i}/a.txt`])),
      );
      for (let n = 0; callers.length < 5; n++) {
        if (n > 2000) throw new Error("nobody polled the mutex");
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(new Set(callers).size).toBe(1); // the first in line only
      await rm(mutex());
      const handles = await Promise.all(calls);
      const attempts = runsOf(callers);
      expect(new Set(attempts).size).toBe(attempts.length); // never interleaved
      expect([...new Set(callers)].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
      const names = (await readdir(path.dirname(mutex()))).filter((n) => n.endsWith(".json"));
      expect(names).toHaveLength(16);
      for (const h of handles) await h.release();
      expect(existsSync(mutex())).toBe(false);
    } finally {
      restore();
    }
  });

  it('callers still in line at their deadline get ERR_LOCKED "intent registry is busy"; the line keeps working afterwards', async () => {
    await holdMutexElsewhere();
    const als = new AsyncLocalStorage<number>();
    const { callers, restore } = tagMutexOpens(als);
    try {
      const errs = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          als.run(i, () =>
            registerIntent(root, digest(i), [`w${i}/a.txt`], { mutexTimeoutMs: 150 }).then(
              () => undefined,
              (e: { code: string; message: string; details: unknown }) => e,
            ),
          ),
        ),
      );
      for (const e of errs) {
        expect(e).toMatchObject({ code: "ERR_LOCKED", message: "intent registry is busy", details: { lock: mutex() } });
      }
      const attempts = runsOf(callers);
      expect(new Set(attempts).size).toBe(attempts.length);
      await rm(mutex());
      const h = await registerIntent(root, digest(99), ["x"], { mutexTimeoutMs: 150 });
      await h.release();
    } finally {
      restore();
    }
  });
});

describe("KeyedGate", () => {
  it("grants in arrival order per key, independent keys do not wait on each other, a timed-out waiter leaves the line", async () => {
    const gate = new KeyedGate();
    const first = await gate.enter("k", 1000);
    const other = await gate.enter("other", 0); // another key: at once
    expect(other).toBeTypeOf("function");
    const order: number[] = [];
    const second = gate.enter("k", 60_000).then((leave) => {
      order.push(2);
      return leave;
    });
    const gaveUp = await gate.enter("k", 10); // times out behind `first`
    expect(gaveUp).toBeUndefined();
    const third = gate.enter("k", 60_000).then((leave) => {
      order.push(3);
      leave?.();
    });
    first?.();
    first?.(); // idempotent: must not let a second caller in
    const leave2 = await second;
    expect(order).toEqual([2]);
    leave2?.();
    await third;
    expect(order).toEqual([2, 3]);
    other?.();
  });
});

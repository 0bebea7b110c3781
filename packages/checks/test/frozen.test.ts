// frozenCopy (the runner's fact context): the same data structuredClone would give, deeply frozen,
// the caller's value untouched; strings shared instead of copied.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frozenCopy } from "../src/frozen";

function expectDeepFrozen(v: unknown, seen = new Set<unknown>()): void {
  if (v === null || typeof v !== "object" || seen.has(v)) return;
  seen.add(v);
  expect(Object.isFrozen(v)).toBe(true);
  for (const x of Object.values(v)) expectDeepFrozen(x, seen);
}

describe("frozenCopy", () => {
  it("equals structuredClone for JSON data, is deeply frozen, leaves the input mutable and unchanged", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const before = structuredClone(v);
        const copy = frozenCopy(v);
        expect(copy).toStrictEqual(structuredClone(v));
        expectDeepFrozen(copy);
        expect(v).toStrictEqual(before);
        if (v !== null && typeof v === "object") {
          expect(copy).not.toBe(v);
          expect(Object.isFrozen(v)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keeps holes, undefined members, null prototypes, shared references and cycles", () => {
    const shared = { s: "x" };
    const bare = Object.assign(Object.create(null), { k: 1 });
    // biome-ignore lint/suspicious/noSparseArray: a hole must survive
    const input: Record<string, unknown> = { a: shared, b: shared, u: undefined, holes: [1, , 3], bare };
    input.self = input;
    const copy = frozenCopy(input);
    expect(copy.a).toBe(copy.b);
    expect(copy.a).not.toBe(shared);
    expect(copy.self).toBe(copy);
    expect(Object.hasOwn(copy, "u")).toBe(true);
    expect(1 in (copy.holes as unknown[])).toBe(false);
    expect(Object.getPrototypeOf(copy.bare)).toBeNull();
    expectDeepFrozen(copy);
  });

  it("a __proto__ member of parsed JSON stays a data member", () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    const copy = frozenCopy(input);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy).toStrictEqual(structuredClone(input));
  });

  it("structuredClones what is not a plain object or array (a Date) before freezing", () => {
    const date = new Date(0);
    const copy = frozenCopy({ date, list: [date] });
    expect(copy.date).toBeInstanceOf(Date);
    expect(copy.date).not.toBe(date);
    expect(copy.list[0]).toBe(copy.date);
    expect(Object.isFrozen(copy.date)).toBe(true);
  });
});

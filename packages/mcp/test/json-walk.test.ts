// The argument cap measures JSON without building it (mcp.md §6.3): the measured size must equal
// the UTF-8 length of JSON.stringify for every value a JSON-RPC message can carry, and the
// per-argument and whole-call refusals must name the same bytes as before.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ARGUMENT_CAP, checkArgumentCap } from "../src/server/envelope";
import { jsonByteLength, jsonData, jsonMemberBytes, jsonObjectBytes } from "../src/server/json-walk";

const stringified = (v: unknown) => {
  const text = JSON.stringify(v);
  return text === undefined ? undefined : Buffer.byteLength(text, "utf8");
};

// Every UTF-16 unit, lone surrogates and control characters included.
const anyString = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.string({
    unit: fc.constantFrom(
      '"',
      "\\",
      "\n",
      "\t",
      "\r",
      "\b",
      "\f",
      "\u0000",
      "\u001f",
      "\u007f",
      "\ud800",
      "\udfff",
      "é",
      "😀",
      "a",
    ),
  }),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    anyString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("jsonByteLength", () => {
  test("equals Buffer.byteLength(JSON.stringify(v)) for JSON values (any string, any number)", () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        expect(jsonByteLength(v)).toBe(stringified(v));
      }),
      { numRuns: 2000 },
    );
  });

  test("undefined, functions and symbols: dropped in objects, null in arrays, undefined alone", () => {
    const odd = { a: undefined, b: () => 1, c: Symbol("s"), d: [undefined, () => 1, Symbol("t")], e: 1 };
    expect(jsonByteLength(odd)).toBe(stringified(odd));
    expect(jsonByteLength(undefined)).toBeUndefined();
    // biome-ignore lint/suspicious/noSparseArray: a hole is written as null
    const holes = [1, , 3];
    expect(jsonByteLength(holes)).toBe(stringified(holes));
  });

  test("toJSON, class instances and Object.create(null) are measured as JSON.stringify writes them", () => {
    const values = [
      new Date(0),
      { when: new Date(0), n: Object.assign(Object.create(null), { x: "é" }) },
      { toJSON: () => ({ replaced: "yes" }) },
      new Map([[1, 2]]),
      Object.assign(Object.create(null), { x: 1 }),
    ];
    for (const v of values) expect(jsonByteLength(v)).toBe(stringified(v));
  });

  test("a bigint throws, as JSON.stringify does", () => {
    expect(() => jsonByteLength({ n: 1n })).toThrow(TypeError);
  });

  test("an object's size is its members' sizes plus keys, colons, commas and braces", () => {
    fc.assert(
      fc.property(fc.dictionary(anyString, jsonValue, { maxKeys: 6 }), (o) => {
        expect(jsonObjectBytes(jsonMemberBytes(o))).toBe(stringified(o));
      }),
    );
  });
});

describe("jsonData", () => {
  const roundTrip = (v: unknown) => {
    const text = JSON.stringify(v);
    return text === undefined ? undefined : JSON.parse(text);
  };

  test("equals JSON.parse(JSON.stringify(v)) for JSON values, with undefined members and odd numbers mixed in", () => {
    const odd = fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, () => 1, Symbol("s"));
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        jsonValue,
        odd,
        fc.array(tie("v"), { maxLength: 4 }),
        fc.dictionary(anyString, tie("v"), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonData(v)).toStrictEqual(roundTrip(v));
      }),
      { numRuns: 2000 },
    );
  });

  test("a __proto__ member stays a data member, as JSON.parse keeps it", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const out = jsonData(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(out).toStrictEqual(roundTrip(input));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("toJSON and class instances take the JSON round trip", () => {
    const v = { when: new Date(0), m: new Map([[1, 2]]), t: { toJSON: () => "x" } };
    expect(jsonData(v)).toStrictEqual(roundTrip(v));
  });
});

describe("checkArgumentCap", () => {
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      return err as { code: string; path?: string; details?: Record<string, unknown> };
    }
    return undefined;
  };

  test("an argument at the cap passes its own check; one byte more is refused with its path and bytes", () => {
    // "…" is 2 bytes of quotes around the text; é is 2 UTF-8 bytes, \n is written as 2 bytes.
    const at = `${"é".repeat(1000)}${"a".repeat(ARGUMENT_CAP - 2 - 2000)}`;
    // Only the whole object ({"source":…}, 11 bytes more) is over.
    expect(refusal(() => checkArgumentCap({ source: at }, ["source"]))).toMatchObject({
      path: undefined,
      details: { bytes: ARGUMENT_CAP + 11 },
    });
    expect(refusal(() => checkArgumentCap({ source: at.slice(11) }, ["source"]))).toBeUndefined();
    const over = refusal(() => checkArgumentCap({ source: `${at}\n` }, ["source"]));
    expect(over).toMatchObject({
      code: "ERR_BUNDLE_TOO_LARGE",
      path: "source",
      details: { bytes: ARGUMENT_CAP + 2, max: ARGUMENT_CAP },
    });
  });

  test("arguments each under the cap but over it together → refused without path, bytes of the whole object", () => {
    const args = { a: "x".repeat(ARGUMENT_CAP / 2), b: "y".repeat(ARGUMENT_CAP / 2), c: undefined };
    const e = refusal(() => checkArgumentCap(args, ["a", "b", "c"]));
    expect(e?.code).toBe("ERR_BUNDLE_TOO_LARGE");
    expect(e?.path).toBeUndefined();
    expect(e?.details).toEqual({ bytes: stringified(args), max: ARGUMENT_CAP });
  });

  test("the first offending argument in schema field order is named, not the first in the object", () => {
    const big = "z".repeat(ARGUMENT_CAP);
    const e = refusal(() => checkArgumentCap({ a: big, b: big }, ["b", "a"]));
    expect(e?.path).toBe("b");
  });
});

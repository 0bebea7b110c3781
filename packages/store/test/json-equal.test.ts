// jsonEqual (json-equal.ts): the stored-manifest check compares the file's JSON with the bundle
// structurally, key order ignored; any other difference (a key, a value, an array's length or
// order, an array against an object, null against an object) is "not equal".
import { describe, expect, it } from "vitest";
import { jsonEqual } from "../src/json-equal";

describe("jsonEqual", () => {
  it.each([
    ["same primitives", 1, 1],
    ["same strings", "a", "a"],
    ["null and null", null, null],
    ["objects in another key order", { a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }],
    ["empty containers", { x: [], y: {} }, { y: {}, x: [] }],
    ["nested arrays", [[1], [2, [3]]], [[1], [2, [3]]]],
  ])("%s → equal", (_w, a, b) => {
    expect(jsonEqual(a, b)).toBe(true);
    expect(jsonEqual(b, a)).toBe(true);
  });

  it.each([
    ["different numbers", 1, 2],
    ["number and string", 1, "1"],
    ["null and an object", null, {}],
    ["an object and null", {}, null],
    ["a primitive and an object", 1, { a: 1 }],
    ["an array and an object", [], {}],
    ["an object and an array", { 0: 1 }, [1]],
    ["arrays of different lengths", [1, 2], [1, 2, 3]],
    ["arrays in another order", [1, 2], [2, 1]],
    ["a differing element", [1, { a: 1 }], [1, { a: 2 }]],
    ["a missing key", { a: 1, b: 2 }, { a: 1 }],
    ["the same number of keys, another name", { a: 1, b: 2 }, { a: 1, c: 2 }],
    ["a key whose value is undefined against a missing key", { a: 1, b: undefined }, { a: 1, c: undefined }],
    ["a nested difference", { a: { b: { c: 1 } } }, { a: { b: { c: "1" } } }],
  ])("%s → not equal", (_w, a, b) => {
    expect(jsonEqual(a, b)).toBe(false);
    expect(jsonEqual(b, a)).toBe(false);
  });

  it("an inherited key does not stand in for an own one", () => {
    const proto = { b: 2 };
    const inherits = Object.assign(Object.create(proto) as Record<string, unknown>, { c: 3 });
    expect(jsonEqual({ b: 2 }, inherits)).toBe(false);
  });
});

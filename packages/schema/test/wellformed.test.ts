// wellFormedIssues (formats.md §1): every value JCS cannot encode is an issue at its path — a lone
// surrogate in a string or key, a non-finite number, a bigint — in document order.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { wellFormedIssues } from "../src/wellformed";

/** The reference the native isWellFormed replaced: an unpaired high or low surrogate. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("wellFormedIssues", () => {
  test("each issue at its full path (after the base path), in document order; clean values none", () => {
    const doc = {
      ok: ["fine", 1, null, true, { deep: "é€😀" }],
      a: [{ b: "x\uD800" }, "\uDC00y"],
      [`k\uDBFF`]: 1,
      n: [Number.NaN, Number.POSITIVE_INFINITY],
      big: 10n,
    };
    expect(wellFormedIssues(doc, ["root"]).map((i) => i.path)).toEqual([
      ["root", "a", 0, "b"],
      ["root", "a", 1],
      ["root", "k\uDBFF"],
      ["root", "n", 0],
      ["root", "n", 1],
      ["root", "big"],
    ]);
    expect(wellFormedIssues({ a: [1, "two", { three: [] }] })).toEqual([]);
  });

  test("a key with a lone surrogate is one issue, and its value is still walked", () => {
    expect(wellFormedIssues({ "\uD800": "\uDFFF" }).map((i) => i.path)).toEqual([["\uD800"], ["\uD800"]]);
  });

  test("property: a string is flagged exactly when it holds an unpaired surrogate", () => {
    const unit = fc.oneof(
      fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uD83D\uDE00", "a", "é"),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (parts) => {
        const s = parts.join("");
        expect(wellFormedIssues(s).length).toBe(LONE.test(s) ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });
});

// applyEdits (axiom_write `edits`, decisions EDIT-2): exact substrings, in order, exactly once unless
// replaceAll, and no match inside text an earlier edit wrote, with the written spans tracked through
// later growth and shrinkage.
import { expectCode } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { applyEdits } from "../src/index";

describe("applyEdits", () => {
  test("in order, each against the previous result; replaceAll replaces every occurrence", () => {
    expect(applyEdits("a a a", [{ oldText: "a", newText: "bb", replaceAll: true }], "f")).toBe("bb bb bb");
    expect(
      applyEdits(
        "x=1 y=1",
        [
          { oldText: "x=1", newText: "x=2" },
          { oldText: "=1", newText: "=3" },
        ],
        "f",
      ),
    ).toBe("x=2 y=3");
  });

  test("no normalisation: CRLF, case and whitespace are matched byte for byte", async () => {
    expect(applyEdits("a\r\nb\r\n", [{ oldText: "a\r\n", newText: "A\r\n" }], "f")).toBe("A\r\nb\r\n");
    await expectCode(() => applyEdits("a\r\nb\r\n", [{ oldText: "a\nb", newText: "" }], "f"), "ERR_PATCH_NO_MATCH", {
      matches: 0,
    });
    await expectCode(() => applyEdits("Alpha", [{ oldText: "alpha", newText: "" }], "f"), "ERR_PATCH_NO_MATCH", {
      matches: 0,
    });
  });

  test("spans written by replaceAll move with later edits: touching them passes, entering them is refused {index, overlaps}", async () => {
    const all = { oldText: "a", newText: "bb", replaceAll: true };
    // " " touches the spans [0,2) [3,5) [6,8) without entering them, then shrinks the text.
    expect(applyEdits("a a a", [all, { oldText: " ", newText: "", replaceAll: true }], "f")).toBe("bbbbbb");
    // After that shrink the spans are [0,2) [2,4) [4,6): "b!" at 5 enters the third.
    await expectCode(
      () =>
        applyEdits(
          "a a a!",
          [all, { oldText: " ", newText: "", replaceAll: true }, { oldText: "b!", newText: "" }],
          "f",
        ),
      "ERR_PATCH_NO_MATCH",
      { path: "f", index: 2, matches: 1, overlaps: 0 },
    );
    // Text next to an earlier edit's result, not inside it, is fair game.
    expect(
      applyEdits(
        "a!",
        [
          { oldText: "a", newText: "b" },
          { oldText: "!", newText: "?" },
        ],
        "f",
      ),
    ).toBe("b?");
  });

  test("an empty newText (a deletion) leaves a zero-width span: a match across that point overlaps it", async () => {
    await expectCode(
      () =>
        applyEdits(
          "abc",
          [
            { oldText: "b", newText: "" },
            { oldText: "ac", newText: "x" },
          ],
          "f",
        ),
      "ERR_PATCH_NO_MATCH",
      { index: 1, overlaps: 0 },
    );
  });
});

// The §12.3 `parse` rule on values whose JavaScript coercions would pass a looser check (issue 25
// survivors of `parseChainLine`): JSON `null`, a one-element array where a string belongs (a regex
// test and Date.parse both stringify it), a fractional seq (a loose check would call it a
// seq-gap), digests with text before or after them, and bytes that are not UTF-8. Each line is
// refused as `parse` at its own seq, where an otherwise identical well-formed line is accepted, so
// the test fails if the check under test is dropped, not because of some other field.
import { describe, expect, it } from "vitest";
import { GENESIS, parseChainLine, walkChain } from "../src/chain-walk";
import { DIGEST_A } from "./lock-helpers";

const HEX_A = DIGEST_A.slice(7);
const good = {
  seq: 1,
  manifestDigest: DIGEST_A,
  state: "committed",
  at: "2026-01-01T00:00:00.000Z",
  prev: GENESIS,
  files: 1,
};

const firstBad = (bytes: Buffer) => walkChain(bytes).firstBad;
const lineOf = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);

describe("chain line parse: coercions a loose check would let through (§12.3)", () => {
  it("the control: the well-formed line is accepted", () => {
    expect(walkChain(lineOf(good))).toMatchObject({ entries: [good] });
    expect(firstBad(lineOf(good))).toBeUndefined();
  });

  it("a line that is JSON null → parse (not a crash of the walk)", () => {
    expect(parseChainLine(Buffer.from("null"))).toBeUndefined();
    expect(firstBad(Buffer.from("null\n"))).toEqual({ seq: 1, reason: "parse" });
  });

  it("JSON primitives and arrays are not entries → parse", () => {
    for (const v of [0, 1, true, '"seq"', '""', "[]", JSON.stringify([good])]) {
      expect(firstBad(Buffer.from(`${v}\n`))).toEqual({ seq: 1, reason: "parse" });
    }
  });

  it("a fractional or string seq on line 1 → parse, not seq-gap", () => {
    for (const seq of [1.5, "1", 2 ** 53]) {
      expect(firstBad(lineOf({ ...good, seq }))).toEqual({ seq: 1, reason: "parse" });
    }
  });

  it("a one-element array whose text is a valid digest, as manifestDigest or prev → parse", () => {
    expect(firstBad(lineOf({ ...good, manifestDigest: [DIGEST_A] }))).toEqual({ seq: 1, reason: "parse" });
    // prev as [GENESIS] would otherwise pass the digest check and fail later as prev-mismatch
    expect(firstBad(lineOf({ ...good, prev: [GENESIS] }))).toEqual({ seq: 1, reason: "parse" });
  });

  it("a time that is not a string (a one-element array, a number Date.parse reads as a year) → parse", () => {
    expect(firstBad(lineOf({ ...good, at: [good.at] }))).toEqual({ seq: 1, reason: "parse" });
    expect(firstBad(lineOf({ ...good, at: 0 }))).toEqual({ seq: 1, reason: "parse" });
  });

  it("non-string state and non-number files → parse", () => {
    expect(firstBad(lineOf({ ...good, state: ["committed"] }))).toEqual({ seq: 1, reason: "parse" });
    expect(firstBad(lineOf({ ...good, files: "1" }))).toEqual({ seq: 1, reason: "parse" });
  });

  it("a digest with text before `sha256:` or after its 64 hex digits → parse (the pattern is anchored at both ends)", () => {
    for (const d of [`x${DIGEST_A}`, ` ${DIGEST_A}`, `${DIGEST_A}0`, `${DIGEST_A}\n`, `sha256:${HEX_A}${HEX_A}`]) {
      expect(firstBad(lineOf({ ...good, manifestDigest: d }))).toEqual({ seq: 1, reason: "parse" });
      expect(firstBad(lineOf({ ...good, prev: d }))).toEqual({ seq: 1, reason: "parse" });
    }
  });

  it("a byte that is not UTF-8 inside a string → parse, where the same line with a valid character is accepted", () => {
    // V8's Date.parse skips a parenthesised comment, so the time stays valid whatever the comment
    // holds: only the strict UTF-8 decode can refuse this line (a replacing decoder reads U+FFFD).
    const [before, after] = JSON.stringify({ ...good, at: "Jan 1 2026 (@)" }).split("@") as [string, string];
    const line = (comment: Buffer) => Buffer.concat([Buffer.from(before), comment, Buffer.from(`${after}\n`)]);
    const valid = line(Buffer.from("é"));
    expect(walkChain(valid).entries).toEqual([{ ...good, at: "Jan 1 2026 (é)" }]);
    expect(firstBad(valid)).toBeUndefined();
    for (const bytes of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      expect(firstBad(line(Buffer.from(bytes)))).toEqual({ seq: 1, reason: "parse" });
    }
  });
});

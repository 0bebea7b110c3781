// APL-18: a diff entry with one empty side (a create, a delete, an empty file) is written directly
// instead of running the line diff. Its bytes must be exactly createTwoFilesPatch's (apply.md §16):
// compared here over generated texts — line counts, trailing newline or not, CRLF, lone CR, blank
// lines, non-ASCII, and lines that look like diff syntax.
import { createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import { buildDiff, diffEntry } from "../src/diff";

const enc = (s: string) => new TextEncoder().encode(s);

/** Deterministic pseudo-random texts (no Math.random: a failure must reproduce). */
function* texts(): Generator<string> {
  yield "";
  yield "\n";
  yield "\n\n";
  yield "a";
  yield "a\n";
  yield "a\r\n";
  yield "a\rb";
  yield "\r";
  yield "x\r\ny\r\n";
  yield "\\ No newline at end of file\n";
  yield "@@ -1,2 +1,2 @@\n+x\n-y";
  yield "héllo wörld ✓\n𝄞\n";
  const pieces = ["", "a", "bc", " ", "\t", "\r", "-", "+", "@@", "é", "line"];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let n = 0; n < 300; n++) {
    const lines: string[] = [];
    const count = next() % 40;
    for (let i = 0; i < count; i++) {
      let line = "";
      const parts = next() % 4;
      for (let k = 0; k < parts; k++) line += pieces[next() % pieces.length];
      lines.push(line);
    }
    const eol = next() % 3;
    yield lines.join("\n") + (eol === 0 ? "" : eol === 1 ? "\n" : "\r\n");
  }
}

const expected = (oldName: string, newName: string, a: string, b: string) =>
  createTwoFilesPatch(oldName, newName, a, b, undefined, undefined, { context: 3 });

describe("one-sided diff entries equal createTwoFilesPatch (APL-18)", () => {
  it("create of an absent path, and overwrite of an empty file", () => {
    for (const t of texts()) {
      expect(diffEntry({ path: "d/f.txt", after: enc(t) })).toBe(expected("/dev/null", "b/d/f.txt", "", t));
      expect(diffEntry({ path: "d/f.txt", before: enc(""), after: enc(t) })).toBe(
        expected("a/d/f.txt", "b/d/f.txt", "", t),
      );
    }
  });

  it("delete of a file, and overwrite with empty content", () => {
    for (const t of texts()) {
      expect(diffEntry({ path: "f", before: enc(t) })).toBe(expected("a/f", "/dev/null", t, ""));
      expect(diffEntry({ path: "f", before: enc(t), after: enc("") })).toBe(expected("a/f", "b/f", t, ""));
    }
  });

  it("a whole preview of creates is the concatenation of the library's patches", () => {
    const all = [...texts()].slice(0, 40);
    const entries = all.map((t, i) => ({ path: `p/${i}.txt`, after: enc(t) }));
    expect(buildDiff(entries)).toBe(all.map((t, i) => expected("/dev/null", `b/p/${i}.txt`, "", t)).join(""));
  });
});

// The stdio line framing (stdio-reader.ts): the same lines the SDK's reader would produce, for any
// chunking of the byte stream, and the SDK's 10 MiB rule.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { STDIO_LINE_MAX, StdioLineReader } from "../src/transports/stdio/reader";

/** Splits `bytes` at the given cut points (sorted, deduplicated, inside the buffer). */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let start = 0;
  for (const c of at) {
    out.push(bytes.subarray(start, c));
    start = c;
  }
  out.push(bytes.subarray(start));
  return out;
}

describe("StdioLineReader", () => {
  test("any chunking of a stream yields its complete lines, decoded whole, one trailing \\r removed", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "é", "😀", "\r", " ", "{", '"') });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.string(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, rest, cuts) => {
          const tail = rest.replace(/\n/g, "");
          const bytes = Buffer.from(lines.map((l) => `${l}\n`).join("") + tail, "utf8");
          const reader = new StdioLineReader();
          const got = chunked(bytes, cuts).flatMap((c) => reader.push(c));
          expect(got).toEqual(lines.map((l) => l.replace(/\r$/, "")));
          // The unfinished tail is kept for the next chunk.
          expect(reader.push(Buffer.from("\n"))).toEqual([tail.replace(/\r$/, "")]);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("a 4 MiB line in 64 KiB chunks arrives once, intact", () => {
    const text = `{"x":"${"é".repeat(2 * 1024 * 1024)}"}`;
    const bytes = Buffer.from(`${text}\n`, "utf8");
    const reader = new StdioLineReader();
    const lines: string[] = [];
    for (let i = 0; i < bytes.length; i += 65536) lines.push(...reader.push(bytes.subarray(i, i + 65536)));
    expect(lines).toEqual([text]);
  });

  test("unfinished line plus chunk over the limit → throws before reading the chunk, forgets the line, reads on", () => {
    const reader = new StdioLineReader(10);
    expect(reader.push(Buffer.from("abcdef"))).toEqual([]);
    // 6 pending + 5 = 11 > 10, even though the chunk holds a newline.
    expect(() => reader.push(Buffer.from("g\nh\ni"))).toThrow(/maximum size of 10 bytes/);
    expect(reader.push(Buffer.from("xy\n"))).toEqual(["xy"]);
    // Exactly at the limit is allowed.
    expect(reader.push(Buffer.from("123456789\n"))).toEqual(["123456789"]);
  });

  test("the default limit is the SDK's 10 MiB (D25)", () => {
    expect(STDIO_LINE_MAX).toBe(10 * 1024 * 1024);
  });
});

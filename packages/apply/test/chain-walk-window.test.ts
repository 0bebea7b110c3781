// The walk decodes the chain a window (1 MiB) of whole lines at a time (chain-walk.ts `WINDOW`):
// a chain of several windows, with lines straddling each window's end or ending exactly on it, is
// read as one — same count, head and firstBad as the definition — and every well-formed line is
// read by the fast path (chain-scan.ts), never by the full parse. The witness is Date.parse: the
// full parse calls it once per line, the scanner never for times in its fast range
// (chain-scan-fast-path.test.ts). Issue 25: window offsets off by the window's start, or a window
// cut one byte short, left the results right and sent lines to the full parse unseen.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ChainTally, formatChainLine, GENESIS, tallyChain } from "../src/chain-walk";

afterEach(() => vi.restoreAllMocks());

const WINDOW = 1 << 20;
const sha = (b: Uint8Array) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

interface Built {
  bytes: Buffer;
  /** Byte offset where each line starts (the `\n` of line i is at starts[i + 1] - 1). */
  starts: number[];
  heads: string[];
}

/** Lines 1..20 carry `shift` extra digits in `files` (≤ 14 each: a safe integer), moving every later line. */
function filesOf(i: number, shift: number): number {
  if (i > 20) return (i * 7919) % 100_003;
  return 10 ** Math.min(14, Math.max(0, shift - 14 * (i - 1)));
}

/**
 * `count` valid lines (times in the scanner's fast range) whose lengths vary with `files`, so
 * window ends fall at changing places in a line; `shift` (≤ 280) moves lines 21.. by that many bytes.
 */
function build(count: number, shift = 0): Built {
  const parts: Buffer[] = [];
  const starts: number[] = [];
  const heads: string[] = [];
  let head = GENESIS;
  let at = 0;
  for (let i = 1; i <= count; i++) {
    const line = Buffer.from(
      formatChainLine({
        seq: i,
        manifestDigest: `sha256:${(i % 16).toString(16).repeat(64)}`,
        state: i % 3 === 0 ? "rolled-back" : "committed",
        at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        prev: head,
        files: filesOf(i, shift),
      }),
    );
    starts.push(at);
    parts.push(line, Buffer.from("\n"));
    at += line.length + 1;
    head = sha(line);
    heads.push(head);
  }
  starts.push(at);
  return { bytes: Buffer.concat(parts), starts, heads };
}

/** The tally and how many times the walk fell back to the full parse (Date.parse calls). */
function walk(bytes: Buffer): { tally: ChainTally; fullParses: number } {
  const spy = vi.spyOn(Date, "parse");
  const tally = tallyChain(bytes);
  const fullParses = spy.mock.calls.length;
  spy.mockRestore();
  return { tally, fullParses };
}

/** The line (0-based) whose bytes contain offset `at`. */
const lineAt = (b: Built, at: number) => b.starts.findIndex((s, i) => s <= at && at < (b.starts[i + 1] ?? 0));

describe("the chain walk across decode windows", () => {
  // ≈ 2.6 windows of lines of 190–200 bytes
  const COUNT = 14_000;

  it("a chain of three windows, lines straddling both window ends → every line on the fast path, head of the last line", () => {
    const b = build(COUNT);
    expect(b.bytes.length).toBeGreaterThan(2 * WINDOW);
    // the lines holding byte WINDOW and 2·WINDOW start before it: they straddle the first reads' ends
    for (const end of [WINDOW, 2 * WINDOW]) expect(b.starts[lineAt(b, end)]).toBeLessThan(end);
    const { tally, fullParses } = walk(b.bytes);
    expect(tally).toStrictEqual({ count: COUNT, head: b.heads[COUNT - 1] });
    expect(fullParses).toBe(0);
  });

  it("a line whose `\\n` is the first window's last byte, or the first byte after it → the same", () => {
    const probe = build(COUNT);
    for (const target of [WINDOW - 1, WINDOW, WINDOW + 1]) {
      // move the `\n` just before the line holding `target` onto it
      const b = build(COUNT, target - ((probe.starts[lineAt(probe, target)] as number) - 1));
      expect(b.bytes[target]).toBe(0x0a);
      const { tally, fullParses } = walk(b.bytes);
      expect(tally).toStrictEqual({ count: COUNT, head: b.heads[COUNT - 1] });
      expect(fullParses).toBe(0);
    }
  });

  it("an edited line in the third window → firstBad names it, count and head are those before it", () => {
    const b = build(COUNT);
    const k = lineAt(b, 2 * WINDOW + 5000);
    const bytes = Buffer.from(b.bytes);
    // `"files":` is followed by a digit: make it a different digit (same length) — prev of k+1 no longer matches
    const filesAt = bytes.indexOf('"files":', b.starts[k]) + 8;
    bytes[filesAt] = bytes[filesAt] === 0x39 ? 0x38 : (bytes[filesAt] as number) + 1;
    const { tally } = walk(bytes);
    expect(tally).toStrictEqual({ count: k, head: b.heads[k - 1], firstBad: { seq: k + 1, reason: "prev-mismatch" } });
  });

  it("a torn last line after three windows → parse at its seq", () => {
    const b = build(COUNT);
    const { tally } = walk(b.bytes.subarray(0, b.bytes.length - 3));
    expect(tally).toStrictEqual({
      count: COUNT - 1,
      head: b.heads[COUNT - 2],
      firstBad: { seq: COUNT, reason: "parse" },
    });
  });
});

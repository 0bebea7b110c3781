// The chain scanner's timestamp check (chain-scan.ts `validTime`): a time whose fields are in the
// range every Date accepts (month 1–12, day 1–28, hour ≤ 23, minute and second ≤ 59) is valid
// outright, without Date.parse; any other field value goes to Date.parse, the §12.3 rule. Both
// answers are also checked against the full parse. Issue 25: the month offset survived
// `two(line, i + 5)` → `i - 5` (an offset that reads the wrong characters sends every line to
// Date.parse: still correct, but the fast path is gone).
import { afterEach, describe, expect, it, vi } from "vitest";
import { scanChainLine } from "../src/chain-scan";
import { formatChainLine, GENESIS, parseChainLine } from "../src/chain-walk";

afterEach(() => vi.restoreAllMocks());

const entry = (at: string) => ({
  seq: 1,
  manifestDigest: `sha256:${"ab".repeat(32)}`,
  state: "committed" as const,
  at,
  prev: GENESIS,
  files: 3,
});

/** The scanner's answer for a line with time `at`, and how many times it called Date.parse. */
function scan(at: string) {
  const line = formatChainLine(entry(at));
  const spy = vi.spyOn(Date, "parse");
  const got = scanChainLine(`${line}\n`, 0, line.length, 1, GENESIS);
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return { got, calls, full: parseChainLine(Buffer.from(line)) };
}

describe("chain scanner: the timestamp fast path", () => {
  it.each([
    "2026-01-01T00:00:00.000Z",
    "2026-12-28T23:59:59.999Z",
    "2026-06-15T12:30:45.123Z",
    "1999-10-19T09:08:07.006Z",
  ])("%s: fields in range → accepted without Date.parse, equal to the full parse", (at) => {
    const { got, calls, full } = scan(at);
    expect(got).toEqual(entry(at));
    expect(got).toStrictEqual(full);
    expect(calls).toBe(0);
  });

  it.each([
    // V8's Date.parse takes any day up to 31 (2026-02-29 rolls over to March): §12.3's rule is Date.parse
    ["2026-02-29T00:00:00.000Z", true],
    ["2024-02-29T00:00:00.000Z", true],
    ["2026-01-31T00:00:00.000Z", true],
    ["2026-04-31T00:00:00.000Z", true],
    ["2026-01-32T00:00:00.000Z", false],
    ["2026-13-01T00:00:00.000Z", false],
    ["2026-00-10T00:00:00.000Z", false],
    ["2026-01-00T00:00:00.000Z", false],
    ["2026-01-01T24:00:00.000Z", true], // Date.parse takes 24:00 as the next midnight
    ["2026-01-01T25:00:00.000Z", false],
    ["2026-01-01T23:60:00.000Z", false],
    ["2026-01-01T23:00:60.000Z", false],
  ])("%s: a field out of the fast range → Date.parse decides (valid: %s), like the full parse", (at, valid) => {
    const { got, calls, full } = scan(at);
    expect(calls).toBeGreaterThan(0);
    if (valid) {
      expect(got).toEqual(entry(at));
      expect(got).toStrictEqual(full);
    } else {
      expect(got).toBeUndefined();
      expect(full).toBeUndefined();
    }
  });
});

// The chain walk's fast path (chain-scan.ts) against the full parse (apply.md §12.3, issue 12): on
// valid chains and on every kind of hand-edited or foreign-shaped line, `walkChain` must give
// exactly what the parse-only walk gives (entries, head, firstBad: same result, same reason, same
// seq), and the scanner must accept only lines the full parse accepts with an equal entry.
import { createHash } from "node:crypto";
import { ERROR_CODES } from "@codai/axiom-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanChainLine } from "../src/chain-scan";
import {
  type ChainEntry,
  type ChainWalk,
  formatChainLine,
  GENESIS,
  parseChainLine,
  tallyChain,
  walkChain,
} from "../src/chain-walk";

const sha = (b: Uint8Array | string) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

/**
 * The walk as it was before the fast path: full parse of every line (the §12.3 reference), with
 * a prev-mismatch on line n naming line n-1, whose bytes line n no longer vouches for (issue 21).
 */
function referenceWalk(data: Uint8Array): ChainWalk {
  const entries: ChainEntry[] = [];
  let head = GENESIS;
  let before = GENESIS;
  let start = 0;
  while (start < data.length) {
    const nl = data.indexOf(0x0a, start);
    const seq = entries.length + 1;
    if (nl < 0) return { entries, head, firstBad: { seq, reason: "parse" } };
    const line = data.subarray(start, nl);
    const entry = parseChainLine(line);
    if (!entry) return { entries, head, firstBad: { seq, reason: "parse" } };
    if (entry.seq !== seq) return { entries, head, firstBad: { seq, reason: "seq-gap" } };
    if (entry.prev !== head) {
      if (seq === 1) return { entries, head, firstBad: { seq, reason: "prev-mismatch" } };
      entries.pop();
      return { entries, head: before, firstBad: { seq: seq - 1, reason: "prev-mismatch" } };
    }
    entries.push(entry);
    before = head;
    head = sha(line);
    start = nl + 1;
  }
  return { entries, head };
}

/** Same result, including key order and `-0` (JSON text alone would hide `-0`). */
function expectSameWalk(data: Uint8Array): ChainWalk {
  const ref = referenceWalk(data);
  const got = walkChain(data);
  expect(got).toStrictEqual(ref);
  expect(JSON.stringify(got)).toBe(JSON.stringify(ref));
  for (const [i, e] of got.entries.entries()) expect(Object.is(e.files, ref.entries[i]?.files)).toBe(true);
  const tally = tallyChain(data);
  expect(tally).toStrictEqual(
    ref.firstBad
      ? { count: ref.entries.length, head: ref.head, firstBad: ref.firstBad }
      : { count: ref.entries.length, head: ref.head },
  );
  return got;
}

const hex64 = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 });
const spec = fc.record(
  {
    manifestDigest: hex64.map((h) => `sha256:${h}`),
    state: fc.constantFrom("committed", "rolled-back", "failed") as fc.Arbitrary<ChainEntry["state"]>,
    at: fc
      .date({
        min: new Date("1970-01-01T00:00:00.000Z"),
        max: new Date("9999-12-31T23:59:59.999Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    files: fc.oneof(fc.nat(60), fc.nat()),
    code: fc.constantFrom(...ERROR_CODES),
  },
  { requiredKeys: ["manifestDigest", "state", "at", "files"] },
);
type Spec = Omit<ChainEntry, "seq" | "prev">;

/** The lines `appendChainEntry` would have written for these entries. */
function chainLines(specs: Spec[]): string[] {
  let prev = GENESIS;
  return specs.map((s, i) => {
    const line = formatChainLine({ ...s, seq: i + 1, prev });
    prev = sha(line);
    return line;
  });
}

/** Re-links `prev` after line k was replaced, so a line the full parse accepts is followed by good lines. */
function relink(lines: string[], from: number): string[] {
  const out = [...lines];
  for (let i = from; i < out.length; i++) {
    const prev = sha(out[i - 1] as string);
    out[i] = (out[i] as string).replace(/"prev":"sha256:[0-9a-f]{64}"/, `"prev":"${prev}"`);
  }
  return out;
}

const bytesOf = (lines: string[], tail = "\n") => Buffer.from(lines.length ? lines.join("\n") + tail : "", "utf8");

/**
 * Edits of one line (text → text): each either keeps a line the full parse accepts but in another
 * shape (must take the fallback, same verdict) or breaks it (same failure, same seq).
 */
const MUTATIONS: Record<string, (line: string, r: number) => string> = {
  "field order swapped": (l) => {
    const o = JSON.parse(l);
    const { state, at, ...rest } = o;
    return JSON.stringify({ ...rest, at, state });
  },
  "space after a colon": (l, r) => {
    const cs = [...l.matchAll(/:/g)].map((m) => m.index as number);
    const i = cs[r % cs.length] as number;
    return `${l.slice(0, i + 1)} ${l.slice(i + 1)}`;
  },
  "space before the brace": (l) => `${l.slice(0, -1)} }`,
  "leading space": (l) => ` ${l}`,
  "extra key": (l) => `${l.slice(0, -1)},"note":"x"}`,
  "non-hex char in manifestDigest": (l, r) =>
    l.replace(/("manifestDigest":"sha256:)([0-9a-f]{64})/, (_, a: string, h: string) => {
      const i = r % 64;
      return `${a}${h.slice(0, i)}${"gAZ-"[r % 4]}${h.slice(i + 1)}`;
    }),
  "upper-case hex in prev": (l) => l.replace(/("prev":"sha256:)([0-9a-f]{64})/, (_, a, h) => a + h.toUpperCase()),
  "digest one char short": (l) => l.replace(/("manifestDigest":"sha256:[0-9a-f]{63})[0-9a-f]/, "$1"),
  "digest one char long": (l) => l.replace(/("manifestDigest":"sha256:[0-9a-f]{64})/, "$1a"),
  "unicode escape in state": (l) =>
    l.replace(/"state":"(.)/, (_, c: string) => `"state":"\\u00${c.charCodeAt(0).toString(16)}`),
  "unicode escape in a key": (l) => l.replace('"files"', '"fil\\u0065s"'),
  "unicode escape in at": (l) => l.replace(/"at":"(\d)/, (_, d: string) => `"at":"\\u003${d}`),
  "\\r before the newline": (l) => `${l}\r`,
  "trailing garbage": (l) => `${l}x`,
  "trailing space": (l) => `${l} `,
  "duplicate key (same value)": (l) => l.replace(/("files":\d+)/, "$1,$1"),
  "duplicate key (other value)": (l) => l.replace(/"seq":(\d+)/, '"seq":0,"seq":$1'),
  "seq written 1.0": (l) => l.replace(/"seq":(\d+)/, '"seq":$1.0'),
  "files written with an exponent": (l) => l.replace(/"files":(\d+)/, '"files":$1e0'),
  "files -0": (l) => l.replace(/"files":\d+/, '"files":-0'),
  "files 16 digits, safe": (l) => l.replace(/"files":\d+/, '"files":1234567890123456'),
  "files unsafe": (l) => l.replace(/"files":\d+/, '"files":9007199254740993'),
  "files leading zero": (l) => l.replace(/"files":(\d+)/, '"files":0$1'),
  "seq leading zero": (l) => l.replace(/"seq":(\d+)/, '"seq":0$1'),
  "at day 31 / hour 24 / month 13": (l, r) =>
    l.replace(
      /"at":"[^"]*"/,
      `"at":"${["2026-02-31T00:00:00.000Z", "2026-01-01T24:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-04-31T23:59:59.999Z", "2026-01-01T23:59:60.000Z"][r % 5]}"`,
    ),
  "at without milliseconds": (l) => l.replace(/\.\d{3}Z"/, 'Z"'),
  "at extended year": (l) => l.replace(/"at":"\d{4}/, '"at":"+012026'),
  "state unknown": (l) => l.replace(/"state":"[^"]*"/, '"state":"applied"'),
  "code unknown": (l) => l.replace(/}$/, ',"code":"ERR_NOPE"}'),
  "code lower-case": (l) => l.replace(/}$/, ',"code":"err_internal"}'),
  "code not a string": (l) => l.replace(/}$/, ',"code":26}'),
  "code null": (l) => l.replace(/}$/, ',"code":null}'),
  "byte-order mark": (l) => `\ufeff${l}`,
  "non-ASCII in a string": (l) => l.replace('"state":"', '"state":"é'),
  "empty line": () => "",
  "cut mid-line": (l, r) => l.slice(0, r % l.length),
  "array of the object": (l) => `[${l}]`,
};

describe("fast path = full parse (§12.3)", () => {
  it("valid chains: the scanner takes every line written by formatChainLine, and the walk equals the reference", () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 0, maxLength: 12 }), (specs) => {
        const lines = chainLines(specs);
        let head = GENESIS;
        for (const [i, l] of lines.entries()) {
          const entry = scanChainLine(`${l}\n`, 0, l.length, i + 1, head);
          expect(entry).toStrictEqual(parseChainLine(Buffer.from(l)));
          head = sha(l);
        }
        const walk = expectSameWalk(bytesOf(lines));
        expect(walk.entries).toHaveLength(specs.length);
        expect(walk.firstBad).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it("one mutated line (every mutation, relinked or not): same entries, head, firstBad as the full parse", () => {
    const names = Object.keys(MUTATIONS);
    fc.assert(
      fc.property(
        fc.array(spec, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...names),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.constantFrom("\n", ""),
        (specs, name, k0, r, relinked, tail) => {
          const lines = chainLines(specs);
          const k = k0 % lines.length;
          const mutate = MUTATIONS[name] as (l: string, r: number) => string;
          lines[k] = mutate(lines[k] as string, r);
          expectSameWalk(bytesOf(relinked ? relink(lines, k + 1) : lines, tail));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("every line the scanner accepts is accepted by the full parse with an equal entry", () => {
    fc.assert(
      fc.property(spec, fc.constantFrom(...Object.keys(MUTATIONS)), fc.nat(), fc.nat(5), (s, name, r, seq0) => {
        const seq = seq0 + 1;
        const prev = sha(`line ${seq - 1}`);
        const line = (MUTATIONS[name] as (l: string, r: number) => string)(formatChainLine({ ...s, seq, prev }), r);
        const entry = scanChainLine(`${line}\n`, 0, line.length, seq, prev);
        if (entry !== undefined) {
          expect(entry).toStrictEqual(parseChainLine(Buffer.from(line, "utf8")));
          expect(entry.prev).toBe(prev);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a line that JSON-parses to the same object but is formatted differently takes the fallback and is judged as before", () => {
    const [l1, l2, l3] = chainLines([
      { manifestDigest: `sha256:${"a".repeat(64)}`, state: "committed", at: "2026-01-01T00:00:00.000Z", files: 2 },
      {
        manifestDigest: `sha256:${"b".repeat(64)}`,
        state: "failed",
        at: "2026-01-02T00:00:00.000Z",
        files: 0,
        code: "ERR_ROLLBACK",
      },
      { manifestDigest: `sha256:${"c".repeat(64)}`, state: "rolled-back", at: "2026-01-03T00:00:00.000Z", files: 1 },
    ]) as [string, string, string];
    const reformatted = JSON.stringify(JSON.parse(l2), null, 0).replace('"seq":2', '"seq": 2');
    expect(JSON.parse(reformatted)).toEqual(JSON.parse(l2));
    expect(scanChainLine(`${reformatted}\n`, 0, reformatted.length, 2, sha(l1))).toBeUndefined();
    expect(parseChainLine(Buffer.from(reformatted))).toEqual(JSON.parse(l2));
    // Not relinked: line 3 names the original line 2's hash → line 2 is the one it cannot vouch for.
    const broken = expectSameWalk(bytesOf([l1, reformatted, l3]));
    expect(broken).toMatchObject({ firstBad: { seq: 2, reason: "prev-mismatch" } });
    expect(broken.entries).toHaveLength(1);
    expect(broken.head).toBe(sha(l1));
    // Relinked: a good chain whose head runs through the reformatted bytes.
    const relinked = expectSameWalk(bytesOf(relink([l1, reformatted, l3], 2)));
    expect(relinked.firstBad).toBeUndefined();
    expect(relinked.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("the §12.3 failures keep their reason and seq: seq-gap, prev-mismatch, parse, torn tail, invalid UTF-8", () => {
    const lines = chainLines(
      Array.from({ length: 5 }, (_, i) => ({
        manifestDigest: `sha256:${String(i).repeat(64)}`,
        state: "committed" as const,
        at: "2026-01-01T00:00:00.000Z",
        files: i,
      })),
    );
    const cases: [string[], string, { seq: number; reason: string } | undefined][] = [
      [[lines[0], lines[2], lines[3]] as string[], "\n", { seq: 2, reason: "seq-gap" }],
      [
        [lines[0], lines[1]?.replace('"files":1', '"files":7'), lines[2]] as string[],
        "\n",
        { seq: 2, reason: "prev-mismatch" },
      ],
      [
        [lines[0], lines[1]?.replace(/"prev":"sha256:[0-9a-f]{64}"/, `"prev":"${GENESIS}"`)] as string[],
        "\n",
        // The last line's prev edited reads like line 1 edited: the earlier entry is named.
        { seq: 1, reason: "prev-mismatch" },
      ],
      [lines, "", { seq: 5, reason: "parse" }],
      [[lines[0], "", lines[1]] as string[], "\n", { seq: 2, reason: "parse" }],
      [lines, "\n", undefined],
    ];
    for (const [ls, tail, firstBad] of cases) expect(expectSameWalk(bytesOf(ls, tail)).firstBad).toEqual(firstBad);
    const invalidUtf8 = Buffer.concat([Buffer.from(`${lines[0]}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])]);
    expect(expectSameWalk(invalidUtf8).firstBad).toEqual({ seq: 2, reason: "parse" });
  });

  it("chains larger than the 1 MiB decode window, a 1.5 MiB line, and a plain Uint8Array walk as the reference does", () => {
    const specs = Array.from({ length: 5000 }, (_, i) => ({
      manifestDigest: `sha256:${createHash("sha256").update(String(i)).digest("hex")}`,
      state: (i % 7 === 6 ? "failed" : "committed") as ChainEntry["state"],
      at: new Date(1_767_225_600_000 + i * 1000).toISOString(),
      files: i % 50,
      ...(i % 7 === 6 ? { code: "ERR_ROLLBACK" } : {}),
    }));
    const lines = chainLines(specs);
    expect(bytesOf(lines).length).toBeGreaterThan(1 << 20);
    const walk = expectSameWalk(bytesOf(lines));
    expect(walk.entries).toHaveLength(5000);
    const plain = new Uint8Array(bytesOf(lines));
    expect(walkChain(plain)).toStrictEqual(walk);
    // A valid line longer than the window (the full parse accepts whitespace), then good lines.
    const wide = lines[100]?.replace('"seq":101,', `"seq":101,${" ".repeat(1_500_000)}`) as string;
    const spaced = relink([...lines.slice(0, 100), wide, ...lines.slice(101)], 101);
    const w = expectSameWalk(bytesOf(spaced));
    expect(w.entries).toHaveLength(5000);
    // The same wide line broken: the walk stops there.
    expect(expectSameWalk(bytesOf([...lines.slice(0, 100), `${wide}x`, ...lines.slice(101)])).firstBad).toEqual({
      seq: 101,
      reason: "parse",
    });
  });
});

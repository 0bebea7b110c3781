// axm.md acceptance: "Robustness (fast-check)" and the size/time bounds.
import { type Diagnostic, parseAxm } from "@codai/axiom-axm";
import { ERROR_CODES } from "@codai/axiom-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { example, GOLDEN, lines } from "./helpers";

const CODES = new Set<string>(ERROR_CODES);

function startsBeforeEnd(d: Diagnostic): boolean {
  const { start, end } = d.range;
  return start.line < end.line || (start.line === end.line && start.column <= end.column);
}

/** The contract every parseAxm result keeps, whatever the input. */
function checkContract(source: string): void {
  const r = parseAxm(source);
  const hasError = r.diagnostics.some((d) => d.severity === "error");
  expect(r.plan !== undefined).toBe(!hasError);
  expect(r.diagnostics.length).toBeLessThanOrEqual(100);
  for (const d of r.diagnostics) {
    expect(CODES.has(d.code)).toBe(true);
    expect(startsBeforeEnd(d)).toBe(true);
    expect(d.range.start.line).toBeGreaterThanOrEqual(1);
    expect(d.range.start.column).toBeGreaterThanOrEqual(1);
    expect(d.message.length).toBeGreaterThan(0);
  }
}

/** Characters that matter to the scanner, so random strings reach deep states. */
const axmChar = fc.oneof(
  fc.constantFrom("{", "}", "[", "]", ",", ".", '"', "\\", "<", "/", "*", "\n", "\r", "\t", " ", "§", "😀", "\uD800"),
  fc.constantFrom(
    "axiom ",
    "plan ",
    "intent ",
    "artifact ",
    "inline ",
    "meta ",
    "<<E\n",
    "\nE\n",
    '"2" ',
    "op delete ",
  ),
  fc.string({ maxLength: 3 }),
);

describe("parseAxm never throws", () => {
  it("arbitrary strings up to 200 characters → never throws; plan iff no error; start ≤ end; codes ∈ ERROR_CODES", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), checkContract), { numRuns: 500 });
    fc.assert(
      fc.property(
        fc.array(axmChar, { maxLength: 60 }).map((a) => a.join("")),
        checkContract,
      ),
      { numRuns: 500 },
    );
  });

  it("single-character insertions, deletions and substitutions of E1–E4 → the same contract", () => {
    const sources = GOLDEN.map(example);
    const edit = fc
      .record({
        which: fc.nat({ max: sources.length - 1 }),
        at: fc.nat(),
        kind: fc.constantFrom("insert", "delete", "substitute"),
        ch: fc.oneof(
          fc.constantFrom("{", "}", '"', "<", "\n", "/", "*", "[", "§", "-", "."),
          fc.string({ minLength: 1, maxLength: 1 }),
        ),
      })
      .map(({ which, at, kind, ch }) => {
        const s = sources[which] as string;
        const i = at % (s.length + 1);
        if (kind === "insert") return s.slice(0, i) + ch + s.slice(i);
        if (kind === "delete") return s.slice(0, i) + s.slice(i + 1);
        return s.slice(0, i) + ch + s.slice(i + 1);
      });
    fc.assert(fc.property(edit, checkContract), { numRuns: 1000 });
  });

  it("a non-string argument does not throw either", () => {
    const r = parseAxm(undefined as unknown as string);
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics[0]?.code).toBe("ERR_INVALID_PLAN");
  });
});

describe("hostile sizes", () => {
  it("`meta` with 100 000 nested arrays → no exception escapes (one ERR_INVALID_PLAN diagnostic or a valid result)", () => {
    const depth = 100_000;
    const src = lines(
      'axiom "2"',
      'plan p { intent "x"',
      `  meta {"a":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      '  artifact "a" { op delete } }',
    );
    const r = parseAxm(src);
    if (r.plan === undefined) {
      expect(r.diagnostics.length).toBeGreaterThanOrEqual(1);
      for (const d of r.diagnostics) expect(d.code).toBe("ERR_INVALID_PLAN");
    }
    checkContract(src);
  });

  it("a generated 2000-artifact file (about 1 MiB) parses in under 2 s", () => {
    const body = "x".repeat(450);
    const parts = ['axiom "2"', 'plan big { intent "many files"'];
    for (let i = 0; i < 2000; i++)
      parts.push(`  artifact "dir/file-${i}.txt" {`, "    inline <<EOF", body, "EOF", "  }");
    parts.push("}");
    const src = lines(...parts);
    expect(src.length).toBeGreaterThan(1_000_000);
    const t0 = performance.now();
    const r = parseAxm(src);
    const ms = performance.now() - t0;
    expect(r.diagnostics).toEqual([]);
    expect(r.plan?.artifacts).toHaveLength(2000);
    expect(ms).toBeLessThan(2000);
  });

  it("a 4 MiB file ending in an unterminated heredoc returns its single diagnostic in under 2 s", () => {
    const head = lines('axiom "2"', 'plan p { intent "x"', '  artifact "a" { inline <<END', "");
    const src = head + "some text that never ends\n".repeat(Math.ceil((4 * 1024 * 1024) / 26));
    const t0 = performance.now();
    const r = parseAxm(src);
    const ms = performance.now() - t0;
    expect(
      r.diagnostics.map(
        (d) => `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`,
      ),
    ).toEqual(["3:25-3:27"]);
    expect(ms).toBeLessThan(2000);
  });

  it("a 4 MiB line of stray characters and escaped quotes stays fast", () => {
    const src = `axiom "2"\n§${'"\\'.repeat(2 * 1024 * 1024)}`;
    const t0 = performance.now();
    const r = parseAxm(src);
    expect(r.diagnostics).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

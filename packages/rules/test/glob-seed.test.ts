// seedGlobCache (decisions SPEED-8): a seeded regex answers for its glob, and a glob compiled here
// answers exactly as picomatch's own matcher would, so a regex computed ahead of time by
// picomatch.makeRe and one compiled at run time cannot judge a path differently.
import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob, escapeLiteralParens, foldPath, PROTECTED_PATHS, seedGlobCache } from "../src/index";

const SEGMENTS = [
  "a",
  "A",
  ".",
  "..",
  ".git",
  ".GIT",
  ".env",
  ".env.local",
  "node_modules",
  "x.lock",
  "(app)",
  "ſ",
  "",
];
const pathArb = fc.array(fc.constantFrom(...SEGMENTS), { minLength: 0, maxLength: 4 }).map((s) => s.join("/"));
const globArb = fc.constantFrom(...PROTECTED_PATHS, ".env", ".env.*", "**/*.lock", "app/(app)/**", "a/*", "*");

describe("seedGlobCache", () => {
  it("a seeded glob is judged by its seeded regex", () => {
    seedGlobCache([["seeded/**", /^(?:seeded\/only-this)$/i]], { nocase: true });
    const match = compileGlob("seeded/**", { nocase: true });
    expect(match("seeded/x")).toBe(false);
    expect(match("SEEDED/ONLY-THIS")).toBe(true);
    // The other case mode was not seeded: it is compiled from the glob.
    expect(compileGlob("seeded/**")("seeded/x")).toBe(true);
  });

  it("a seed without nocase answers for the case-sensitive glob only", () => {
    seedGlobCache([["case-seed/**", /^(?:case-seed\/only)$/]]);
    expect(compileGlob("case-seed/**")("case-seed/x")).toBe(false);
    expect(compileGlob("case-seed/**")("case-seed/only")).toBe(true);
    expect(compileGlob("case-seed/**", { nocase: true })("case-seed/x")).toBe(true);
  });

  it("the glob's own text matches and the empty path never does, as in picomatch's matcher", () => {
    seedGlobCache([["[lit]", /^(?:never)$/]]);
    expect(compileGlob("[lit]")("[lit]")).toBe(true);
    seedGlobCache([["empty-ok", /^(?:)$/]]);
    expect(compileGlob("empty-ok")("")).toBe(false);
  });

  it("a compiled glob answers as picomatch(glob, { dot, nocase }) does, on any path", () => {
    fc.assert(
      fc.property(globArb, pathArb, fc.boolean(), (glob, path, nocase) => {
        const theirs = picomatch(escapeLiteralParens(glob), { dot: true, nocase });
        // With nocase the folded spelling counts too (SEC-20).
        const folded = foldPath(path);
        const expected = theirs(path) || (nocase && folded !== path && theirs(folded));
        expect(compileGlob(glob, { nocase })(path)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

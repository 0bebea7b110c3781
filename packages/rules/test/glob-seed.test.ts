// seedGlobCache (decisions SPEED-8): a seeded regex answers for its glob, and a glob compiled here
// answers exactly as picomatch's own matcher would, so a regex computed ahead of time by
// picomatch.makeRe and one compiled at run time cannot judge a path differently — also for the
// spellings an attacker would try on a protected path (case, `./`, dot components, letters that
// fold to ASCII).
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

/** picomatch's own matcher under the dialect's options; with nocase the folded spelling counts too (SEC-20). */
function picomatchAnswer(glob: string, path: string, nocase: boolean): boolean {
  const theirs = picomatch(escapeLiteralParens(glob), { dot: true, nocase });
  const folded = foldPath(path);
  return theirs(path) || (nocase && folded !== path && theirs(folded));
}

// Plain globs (`*`, `**`, `.`/`..` components, case) over paths with letters that fold to ASCII.
const PLAIN_SEGMENTS = ["*", "**", ".", "..", "git", "GIT", ".git", ".env", "a.lock", "node_modules", "x-y", "_"];
const PLAIN_PATH_PARTS = [
  "git",
  "Git",
  "GIT",
  "GİT",
  "ſrc",
  "\u212Aey",
  ".git",
  ".GIT",
  ".env",
  "a.lock",
  "A.LOCK",
  "node_modules",
  "x-y",
  "_",
  ".",
  "..",
  "",
];

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
        expect(compileGlob(glob, { nocase })(path)).toBe(picomatchAnswer(glob, path, nocase));
      }),
      { numRuns: 2000 },
    );
  });

  it("attack: a protected path in another case, behind a leading ./ or a dot component, or with letters that fold to ASCII → the same answer as picomatch", () => {
    const cases: [string, string, boolean][] = [
      ["./src/**", "src/a", false],
      ["./.env", ".env", true],
      ["**/.git/**", ".GIT/config", true],
      ["**/.git/**", "pkg/.Git/hooks/pre-commit", true],
      [".claude/settings.json", ".CLAUDE/SETTINGS.JSON", true],
      ["**/*.lock", "deep/dir/yarn.LOCK", true],
      ["**/*.lock", "deep/dir/yarn.LOCK", false],
      ["src/**", "\u017Frc/a", true],
      [".env.*", ".ENV.local", true],
    ];
    for (const [glob, path, nocase] of cases) {
      expect(compileGlob(glob, { nocase })(path), `${glob} ${path} ${nocase}`).toBe(
        picomatchAnswer(glob, path, nocase),
      );
    }
    expect(compileGlob("./src/**")("src/a")).toBe(true);
    expect(compileGlob("**/.git/**", { nocase: true })(".GIT/config")).toBe(true);
  });

  it("random plain globs and paths (ASCII and non-ASCII letters, both case modes) → the same answer as picomatch", () => {
    const glob = fc
      .array(fc.constantFrom(...PLAIN_SEGMENTS), { minLength: 1, maxLength: 4 })
      .chain((parts) => fc.constantFrom(parts.join("/"), parts.join(""), `${parts.join("/")}.json`));
    const path = fc.array(fc.constantFrom(...PLAIN_PATH_PARTS), { minLength: 1, maxLength: 5 }).map((p) => p.join("/"));
    fc.assert(
      fc.property(glob, path, fc.boolean(), (g, p, nocase) => {
        expect(compileGlob(g, { nocase })(p)).toBe(picomatchAnswer(g, p, nocase));
      }),
      { numRuns: 3000 },
    );
  });
});

// The literal-run pre-test (decisions SPEED-18) may only skip a regex that could not match: each
// case below is one where a pre-test that compared in the wrong case, or kept a run picomatch
// does not require, would say "no" where picomatch says "yes".
describe("the required literal run before the regex", () => {
  const cases: [glob: string, path: string, nocase: boolean][] = [
    ["src/README*", "src/README.md", false],
    ["src/README*", "src/readme.md", false],
    ["**/GIT/**", "pkg/GIT/x", false],
    ["**/.GIT/**", ".git/config", true],
    ["**/*.LOCK", "a/yarn.lock", true],
    ["./a", "a", false],
    ["./.env", ".env", true],
    ["x/./y", "x/y", false],
    ["[ab]x", "bx", false],
    ["{a,b}.txt", "b.txt", false],
    ["a?c", "abc", false],
    ["?", "a", false],
    ["??/*", "ab/c", true],
    ["@(a|b)", "b", false],
  ];
  it.each(cases)("%s against %s (nocase %s) → picomatch's answer", (glob, path, nocase) => {
    expect(compileGlob(glob, { nocase })(path)).toBe(picomatchAnswer(glob, path, nocase));
  });
  it("a case-sensitive run is compared in its own case; a nocase one in any", () => {
    expect(compileGlob("**/GIT/**")("pkg/GIT/x")).toBe(true);
    expect(compileGlob("**/GIT/**")("pkg/git/x")).toBe(false);
    expect(compileGlob("**/GIT/**", { nocase: true })("pkg/git/x")).toBe(true);
  });
});

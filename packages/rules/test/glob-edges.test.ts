// Edges of the glob dialect (glob.ts) against picomatch itself: case under nocase, a leading "./",
// "." components, non-ASCII letters that fold to ASCII (attack: a protected path spelled so the
// gate's matcher says no where picomatch says yes), an empty glob in a list, `**` against the empty
// path.
import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob, compileGlobs, escapeLiteralParens, foldPath } from "../src/index";

/** picomatch's answer under the dialect's options, with the folded spelling under nocase. */
function reference(glob: string, path: string, nocase: boolean): boolean {
  const pattern = escapeLiteralParens(glob);
  const re = picomatch.makeRe(pattern, { dot: true, nocase });
  const one = (p: string) => p !== "" && (p === pattern || re.test(p));
  return one(path) || (nocase && one(foldPath(path)));
}

const SEGMENTS = ["*", "**", ".", "..", "git", "GIT", ".git", ".env", "a.lock", "node_modules", "x-y", "_"];
const PATH_PARTS = [
  "git",
  "Git",
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

describe("glob dialect edges: the same answers as picomatch", () => {
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
      expect(compileGlob(glob, { nocase })(path), `${glob} ${path} ${nocase}`).toBe(reference(glob, path, nocase));
    }
    expect(compileGlob("./src/**")("src/a")).toBe(true);
    expect(compileGlob("**/.git/**", { nocase: true })(".GIT/config")).toBe(true);
  });

  it("random plain globs and paths (ASCII and non-ASCII letters, both case modes)", () => {
    const glob = fc
      .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 4 })
      .chain((parts) => fc.constantFrom(parts.join("/"), parts.join(""), `${parts.join("/")}.json`));
    const path = fc.array(fc.constantFrom(...PATH_PARTS), { minLength: 1, maxLength: 5 }).map((p) => p.join("/"));
    fc.assert(
      fc.property(glob, path, fc.boolean(), (g, p, nocase) => {
        expect(compileGlob(g, { nocase })(p)).toBe(reference(g, p, nocase));
      }),
      { numRuns: 3000 },
    );
  });

  it('the empty path never matches, though picomatch\'s `**` regex matches ""', () => {
    expect(compileGlob("**")("")).toBe(false);
    expect(compileGlob("**")("a/b")).toBe(true);
    expect(compileGlob("**", { nocase: true })("")).toBe(false);
  });

  it("an empty glob in a list matches nothing and does not stop the others (picomatch refuses it)", () => {
    const match = compileGlobs(["", "a/*"]);
    expect(match("a/b")).toBe(true);
    expect(match("")).toBe(false);
    expect(match("Stryker was here!")).toBe(false);
    expect(compileGlobs([""], { nocase: true })("x")).toBe(false);
  });
});

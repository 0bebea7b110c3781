// The glob dialect (checks.md §3); acceptance line 25 moved here from checks with glob.ts.
import { describe, expect, it } from "vitest";
import { compileGlob, compileGlobs, optionalGlobs } from "../src/index";

describe("globs (checks.md §3)", () => {
  it("25. Glob app/(app)/** matches app/(app)/page.tsx; @(a|b)/x still works as an extglob", () => {
    expect(compileGlob("app/(app)/**")("app/(app)/page.tsx")).toBe(true);
    expect(compileGlob("@(a|b)/x")("a/x")).toBe(true);
    expect(compileGlob("@(a|b)/x")("c/x")).toBe(false);
    expect(compileGlob("app/\\(app\\)/**")("app/(app)/page.tsx")).toBe(true);
  });

  it("dot: true — globs match dotfiles", () => {
    expect(compileGlob("**/*.json")(".vscode/settings.json")).toBe(true);
  });

  it("case-sensitive unless nocase: true; the cached matchers of both cases stay apart", () => {
    expect(compileGlob(".Claude/**")(".claude/settings.json")).toBe(false);
    expect(compileGlob(".Claude/**", { nocase: true })(".claude/settings.json")).toBe(true);
    expect(compileGlob(".Claude/**")(".claude/settings.json")).toBe(false);
  });

  it("an empty glob matches nothing; compileGlobs matches when any glob does", () => {
    expect(compileGlob("")("")).toBe(false);
    const any = compileGlobs(["a/**", "b.txt"]);
    expect([any("a/x"), any("b.txt"), any("c")]).toEqual([true, true, false]);
    expect(compileGlobs([])("a")).toBe(false);
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

  it("optional globs: absent or empty means all (§3 table, last row)", () => {
    expect(optionalGlobs(undefined)("any/path")).toBe(true);
    expect(optionalGlobs([])("any/path")).toBe(true);
    expect(optionalGlobs(["*.md"])("a.ts")).toBe(false);
  });

  it("a literal group at the very start of a glob is literal too; the group's text still has to match", () => {
    expect(compileGlob("(app)/**")("(app)/page.tsx")).toBe(true);
    expect(compileGlob("(app)/**")("app/page.tsx")).toBe(false);
    expect(compileGlob("app/(app)/**")("app/other/page.tsx")).toBe(false);
    expect(compileGlob("app/(app)/**")("app/app/page.tsx")).toBe(false);
    expect(compileGlob("a/(b|c)/x")("a/b/x")).toBe(true);
  });
});

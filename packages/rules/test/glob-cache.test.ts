// The compiled-glob cache of glob.ts: a matcher is a pure function of (glob, nocase), cached under
// exactly that key and bounded at 1024 entries. Its own file, so the cache starts empty.
import { describe, expect, it } from "vitest";
import { compileGlob } from "../src/index";

describe("compiled-glob cache", () => {
  it("same glob and case mode → the same matcher; the other case mode → another one", () => {
    const a = compileGlob("cache/**");
    expect(compileGlob("cache/**")).toBe(a);
    expect(compileGlob("cache/**", { nocase: false })).toBe(a);
    expect(compileGlob("cache/**", { nocase: true })).not.toBe(a);
  });
  it("the key keeps the case mode apart from the glob text (no 'i'+glob / 's'+glob collision)", () => {
    expect(compileGlob("A", { nocase: true })("a")).toBe(true);
    expect(compileGlob("iA")("a")).toBe(false);
    expect(compileGlob("iA")("iA")).toBe(true);
    expect(compileGlob("X")("sx")).toBe(false);
    expect(compileGlob("sX", { nocase: true })("sx")).toBe(true);
  });
  it("1024 distinct globs stay cached; the next new one clears the cache (bounded memory)", () => {
    const first = compileGlob("bound/first");
    // Earlier tests of this file cached 6 keys; fill up to exactly 1024.
    for (let i = 0; i < 1024 - 7; i++) compileGlob(`bound/${i}`);
    expect(compileGlob("bound/first")).toBe(first);
    compileGlob("bound/one-more");
    const again = compileGlob("bound/first");
    expect(again).not.toBe(first);
    expect(again("bound/first")).toBe(true);
  });
});

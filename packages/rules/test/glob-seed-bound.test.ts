// seedGlobCache respects the compiled-glob cache's bound (1024 entries, glob.ts): a full cache takes
// no seed, so the glob is compiled from its text. Its own file, so the cache starts empty.
import { describe, expect, it } from "vitest";
import { compileGlob, seedGlobCache } from "../src/index";

describe("seedGlobCache and the cache bound", () => {
  it("with 1024 entries cached, a seed is not stored: the glob answers from its own regex", () => {
    for (let i = 0; i < 1024; i++) compileGlob(`fill/${i}`);
    seedGlobCache([["sb", /^(?:sbx)$/]]);
    expect(compileGlob("sb")("sbx")).toBe(false);
    expect(compileGlob("sb")("sb")).toBe(true);
  });
});

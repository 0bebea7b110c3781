// sources.md §4.7 golden files and §4.4 determinism contract.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { goldenSetDigest, renderGolden } from "../scripts/update-golden";
import { GOLDEN_FIXTURES } from "../src/fixtures";
import { webEmitter } from "../src/index";

const GOLDEN_DIR = join(import.meta.dirname, "..", "src", "__golden__");

describe("golden files", () => {
  const rendered = renderGolden();

  it("fixtures cover exactly the 7 templates", () => {
    expect(Object.keys(GOLDEN_FIXTURES).sort()).toEqual(Object.keys(webEmitter.templates).sort());
    expect(Object.keys(webEmitter.templates)).toHaveLength(7);
  });

  for (const name of Object.keys(GOLDEN_FIXTURES)) {
    it(`each of the 7 web templates rendered from src/fixtures.ts → bytes equal src/__golden__/${name}.txt; ends with exactly one LF, no CR`, () => {
      const golden = readFileSync(join(GOLDEN_DIR, `${name}.txt`));
      const bytes = Buffer.from(rendered[name] as string, "utf8");
      expect(bytes.equals(golden)).toBe(true);
      expect(bytes.includes(0x0d)).toBe(false);
      expect(bytes.at(-1)).toBe(0x0a);
      expect(bytes.at(-2)).not.toBe(0x0a);
    });
  }

  it("a golden change without a version bump fails CI (versions.json pins the golden set per version)", () => {
    const versions = JSON.parse(readFileSync(join(GOLDEN_DIR, "versions.json"), "utf8")) as Record<string, string>;
    expect(versions[webEmitter.version]).toBe(goldenSetDigest(rendered));
    // A version never maps to two golden sets: digests are distinct across versions.
    const digests = Object.values(versions);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("render is deterministic: the same params render the same bytes twice", () => {
    expect(renderGolden()).toEqual(rendered);
  });
});

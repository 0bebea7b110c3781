// The gate's built-in deny globs are compiled at build time (decisions SPEED-8): the committed
// table must be exactly what picomatch builds for today's profile lists, or a hook would judge a
// path by a stale regex.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module without type declarations
import { GATE_GLOB_TABLE, gateGlobTableText } from "../lib/gate-glob-table.mjs";

describe("builtin-globs.generated.ts", () => {
  it("is what scripts/gen-gate-globs.mjs writes for today's built-in gate profiles", async () => {
    expect(readFileSync(GATE_GLOB_TABLE, "utf8")).toBe(await gateGlobTableText());
  }, 30_000);
});

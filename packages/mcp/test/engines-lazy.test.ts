// engines-lazy.ts (SHIP-8): the engines `axiom mcp` uses are engines-default.ts loaded on first use,
// with exactly the same set of engines (a missing one must stay ERR_UNSUPPORTED_OP) and the same results.
import { isAxiomError, SCHEMA_KINDS } from "@codai/axiom-schema";
import { describe, expect, test } from "vitest";
import { defaultEngines } from "../src/server/engines-default";
import { lazyEngines } from "../src/server/engines-lazy";

describe("lazyEngines", () => {
  test("offers exactly the engines of defaultEngines(), plus ready()", () => {
    const lazy = Object.keys(lazyEngines()).filter((k) => k !== "ready");
    expect(lazy.sort()).toEqual(Object.keys(defaultEngines()).sort());
    expect(typeof lazyEngines().ready).toBe("function");
  });

  test("an asynchronous engine loads the engines itself and answers as the eager one does", async () => {
    const engines = lazyEngines();
    const parsed = await engines.parseAxm?.("plan demo\n");
    expect(parsed).toEqual(await defaultEngines().parseAxm?.("plan demo\n"));
  });

  test("a synchronous engine before ready() → ERR_INTERNAL; after ready() the eager engine's result", async () => {
    const engines = lazyEngines();
    let thrown: unknown;
    try {
      engines.schemaDocument?.("Plan");
    } catch (err) {
      thrown = err;
    }
    expect(isAxiomError(thrown) && thrown.code).toBe("ERR_INTERNAL");
    await engines.ready?.();
    for (const kind of SCHEMA_KINDS)
      expect(engines.schemaDocument?.(kind)).toEqual(defaultEngines().schemaDocument?.(kind));
    expect(engines.schemaDocument?.("plan")).toBeUndefined();
    expect(() => engines.intakeBundle?.({})).toThrow();
  });
});

// Issue 20 Low 8 (decisions SEC-21): a set holding a file `d` and a path under it `d/e` cannot be
// applied (one of them must be a directory), yet it passed the preview and failed the confirm with
// ERR_INTERNAL. It is refused at compile (formats.md §3.2 step 2) as ERR_INVALID_PLAN naming both.
import { EXAMPLE_1, expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { compilePlan, parsePlan, validatePlan } from "../src/index";

const plan = (...artifacts: Record<string, unknown>[]) => ({ ...EXAMPLE_1(), checks: [], artifacts });
const create = (path: string) => ({ path, source: { type: "inline", content: path } });
const del = (path: string) => ({ path, op: "delete" });

describe("a file and a path under it in one set (issue 20 Low 8)", () => {
  it("`d` then `d/e` → ERR_INVALID_PLAN at compile, `path` = d/e, details {ancestor: d, descendant: d/e}", async () => {
    const err = await expectCode(() => compilePlan(plan(create("d"), create("d/e"))), "ERR_INVALID_PLAN");
    expect(err.path).toBe("d/e");
    expect(err.details).toEqual({ ancestor: "d", descendant: "d/e" });
  });

  it("`d/e/f` then `d` (the ancestor comes later, two levels up) → the later artifact is named", async () => {
    const err = await expectCode(() => parsePlan(plan(create("d/e/f"), create("x"), del("d"))), "ERR_INVALID_PLAN");
    expect(err.path).toBe("d");
    expect(err.details).toEqual({ ancestor: "d", descendant: "d/e/f" });
  });

  it("whatever the ops (delete `d`, create `d/e`): one of them would need `d` as a directory", async () => {
    await expectCode(() => parsePlan(plan(del("d"), create("d/e"))), "ERR_INVALID_PLAN");
  });

  it("siblings sharing a prefix (`d`, `d.txt`, `de/f`, `d-x/e`) are fine", async () => {
    expect(parsePlan(plan(create("d"), create("d.txt"), create("de/f"), create("d-x/e"))).artifacts).toHaveLength(4);
  });

  it("an exact duplicate still wins (scanned first): `d`, `d/e`, `d` → the duplicate-path error", async () => {
    const err = await expectCode(() => parsePlan(plan(create("d/e"), create("d"), create("d"))), "ERR_INVALID_PLAN");
    expect(err.message).toBe("duplicate artifact path");
  });

  it("axiom_plan_validate's report: ok false, one ERR_INVALID_PLAN entry pointing at the later artifact", async () => {
    const v = await validatePlan(plan(create("a"), create("d"), create("d/e")));
    expect(v.ok).toBe(false);
    expect(v.errors).toEqual([{ code: "ERR_INVALID_PLAN", message: expect.any(String), path: "/artifacts/2/path" }]);
    expect(v.errors[0]?.message).toContain("d/e");
    expect(v.errors[0]?.message).toContain('"d"');
  });
});

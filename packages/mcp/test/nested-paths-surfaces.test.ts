// Issue 20 Low 8 (decisions SEC-21) on every surface that compiles: a set with `d` and `d/e` passed
// axiom_write's preview and failed its confirm with ERR_INTERNAL. The shared compile (packages/plan)
// now refuses it, so axiom_write, axiom_plan_compile, axiom_plan_validate and `axiom compile` all
// answer ERR_INVALID_PLAN naming both paths, and nothing is written.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { errorLine, runCli } from "./cli-run";
import { errorOf, tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

let R: { dir: string; cleanup: () => Promise<void>; write(rel: string, data: string): Promise<string> };
beforeEach(async () => {
  R = await tempRoot();
});
afterEach(async () => {
  await R.cleanup();
});

const NESTED = { ancestor: "d", descendant: "d/e" };
const plan = {
  apiVersion: "axiom.dev/v2",
  kind: "Plan",
  name: "p",
  intent: "",
  artifacts: [
    { path: "d", source: { type: "inline", content: "file\n" } },
    { path: "d/e", source: { type: "inline", content: "under it\n" } },
  ],
};
const outsideAxiom = async () => (await readdir(R.dir)).filter((n) => n !== ".axiom");

describe("a file and a path under it in one set (issue 20 Low 8)", () => {
  test("axiom_write with files d and d/e → isError ERR_INVALID_PLAN {ancestor, descendant} at the preview; nothing written", async () => {
    const h = inProcess([R.dir]);
    const files = [
      { path: "d", content: "file\n" },
      { path: "d/e", content: "under it\n" },
    ];
    const e = errorOf(await h.call("axiom_write", { files }));
    expect(e).toMatchObject({ code: "ERR_INVALID_PLAN", path: "d/e", details: NESTED });
    // The confirm compiles the same set: the same answer, never ERR_INTERNAL.
    const c = errorOf(await h.call("axiom_write", { files, confirmDigest: `sha256:${"0".repeat(64)}` }));
    expect(c).toMatchObject({ code: "ERR_INVALID_PLAN", details: NESTED });
    expect(await outsideAxiom()).toEqual([]);
  });

  test("axiom_plan_compile → ERR_INVALID_PLAN; axiom_plan_validate → ok false with an ERR_INVALID_PLAN entry at /artifacts/1/path", async () => {
    const h = inProcess([R.dir]);
    expect(errorOf(await h.call("axiom_plan_compile", { plan }))).toMatchObject({
      code: "ERR_INVALID_PLAN",
      details: NESTED,
    });
    const v = (await h.call("axiom_plan_validate", { plan })).structuredContent as {
      ok: boolean;
      errors: { code?: string; path: string }[];
    };
    expect(v.ok).toBe(false);
    expect(v.errors).toMatchObject([{ code: "ERR_INVALID_PLAN", path: "/artifacts/1/path" }]);
  });

  test("`axiom compile nested.json` → exit 2, one stderr line {code: ERR_INVALID_PLAN, details: {ancestor, descendant}}", async () => {
    const file = await R.write("nested.json", JSON.stringify(plan));
    const run = await runCli(["compile", file], { cwd: R.dir });
    expect(run.stdout).toBe("");
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({ code: "ERR_INVALID_PLAN", details: NESTED });
    expect(await readdir(join(R.dir))).toEqual(["nested.json"]);
  });
});

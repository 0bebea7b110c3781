// Audit of sources.md acceptance: "MCP `axiom_plan_compile` arguments cannot name an emitter or enable
// the network (input schema has no such field)" — checked on a real `axiom mcp` child process.

import { EXAMPLE_1 } from "@codai/axiom-testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { errorOf, startMcp, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  R = await tempRoot();
});
afterAll(() => R.cleanup());

describe("sources.md acceptance (audit, over MCP)", () => {
  test("MCP axiom_plan_compile arguments cannot name an emitter or enable the network (input schema has no such field)", async () => {
    const s = await startMcp("v2-legacy", ["--root", R.dir, "--tools", "full"]);
    try {
      const tool = (await s.listTools()).tools.find((t) => t.name === "axiom_plan_compile");
      expect(tool).toBeDefined();
      const props = Object.keys((tool?.inputSchema.properties ?? {}) as Record<string, unknown>);
      expect(props.length).toBeGreaterThan(0);
      for (const p of props) expect(p).not.toMatch(/emitter|net|allow|file|fetch|timeout/i);
      // A ref not in the CAS fails offline; smuggled network/emitter fields are rejected as unknown keys.
      const plan = EXAMPLE_1();
      plan.artifacts = [
        {
          path: "r.txt",
          source: { type: "ref", uri: "https://127.0.0.1:9/r.txt", digest: `sha256:${"5".repeat(64)}` },
        },
      ] as never;
      const plain = await s.callTool("axiom_plan_compile", { plan, root: R.dir });
      expect(errorOf(plain).code).toBe("ERR_NET_DISABLED");
      const r = await s.callTool("axiom_plan_compile", {
        plan,
        root: R.dir,
        allowNet: true,
        allowFile: true,
        netAllow: ["*"],
        emitter: ["@codai/axiom-emitters-web"],
      });
      expect(r.isError).toBe(true);
      const e = errorOf(r);
      expect(e.code).toBe("ERR_INVALID_PLAN");
      expect(JSON.stringify(e.details)).toMatch(/Unrecognized keys: .*allowNet.*allowFile.*netAllow.*emitter/);
    } finally {
      await s.close();
    }
  });
});

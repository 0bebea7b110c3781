// Issue 19 "Zero inspector --strict warnings": the MCP Inspector CLI (pinned in lib/harnesses.ts)
// lists AXIOM's tools over stdio, both toolsets, and its --strict schema-portability report (one
// "Warning:" or "Error:" block per problem on stderr, exit 6 on an error) must be empty.

import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { harnessBin } from "./lib/harnesses";
import { CLI } from "./lib/paths";
import { baseEnv, run } from "./lib/run";

describe("MCP Inspector --strict", () => {
  it.each(["core", "full"])(
    "tools/list of the %s toolset: every tool listed, no portability warning or error",
    async (toolset) => {
      const repo = await tempRepo({ "README.md": "# inspector\n" }, { git: true });
      const out = await run(
        [
          harnessBin("inspector"),
          "--cli",
          "--strict",
          "--method",
          "tools/list",
          process.execPath,
          CLI,
          "mcp",
          "--root",
          repo.root,
          "--tools",
          toolset,
        ],
        { cwd: repo.root, env: baseEnv(repo.root, {}), timeoutMs: 120_000 },
      );
      expect(out.code, `inspector exited ${out.code}\nstderr:\n${out.stderr}`).toBe(0);
      expect(out.stderr, "the --strict report").toBe("");
      const { tools } = JSON.parse(out.stdout) as { tools: { name: string }[] };
      expect(tools.map((t) => t.name)).toContain("axiom_write");
      expect(tools.length).toBeGreaterThanOrEqual(toolset === "core" ? 6 : 15);
    },
  );
});

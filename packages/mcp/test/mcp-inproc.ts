// In-process harness for tool-level tests: the real tool definitions, envelope and workflow (loaded
// on first use, as `axiom mcp` loads it; `options.workflow` replaces it), called through runTool
// without a transport (the stdio tests cover the wire).

import { runTool } from "../src/server/envelope";
import { type CreateServerOptions, serverFactory } from "../src/server/server";
import { TOOL_DEFS } from "../src/server/tools/registry";
import type { ToolCall } from "../src/server/tools/types";
import type { ToolResult } from "./mcp-helpers";

export function inProcess(roots: string[], options: CreateServerOptions = {}) {
  const factory = serverFactory({ roots: new Set(roots), platform: process.platform }, { toolset: "full", ...options });
  const deps = factory.deps;
  const call: ToolCall = { deps, era: "modern", clientCapabilities: () => ({}) };
  return {
    deps,
    async call(name: string, args: unknown): Promise<ToolResult> {
      const def = TOOL_DEFS.find((d) => d.name === name);
      if (!def) throw new Error(`no tool ${name}`);
      return (await runTool(def, args, call, deps.log)) as ToolResult;
    },
  };
}

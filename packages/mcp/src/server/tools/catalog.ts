// The tools/list half of the registry: each tool's tools.json entry (mcp.md §14.1), without its Zod
// schemas or handler. From source it is rendered from TOOL_DEFS; scripts/build.mjs serves this module
// as that rendering's JSON instead (decisions SHIP-8), so a started server neither evaluates the tool
// modules nor converts a schema before its first tools/call.
import { type ToolsJsonEntry, toolsJsonEntries } from "./render-registry";

export type { ToolsJsonEntry };

export const TOOL_CATALOG: readonly ToolsJsonEntry[] = toolsJsonEntries();

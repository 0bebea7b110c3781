// TOOL_DEFS: the 19 tools in registry order (mcp.md §5.1) — the registry of record in code.
// tools.json, codai-tools.json, the docs tables and tools/list are all derived from this list.
import { applyDryRun, applyTool, rollback } from "./apply-tools";
import { check, checkStart, taskCancel, taskGet } from "./check-tools";
import { repoSnapshot, rootsList, status } from "./info-tools";
import { axmParse, manifestDiff, manifestVerify, planCompile, planValidate } from "./plan-tools";
import { planAdd, planBegin, planSeal } from "./session-tools";
import type { ToolDef } from "./types";
import { write } from "./write-tool";

export { USER_INTERACTION_TOOLS } from "./types";

export const TOOL_DEFS: readonly ToolDef[] = [
  planValidate,
  planCompile,
  manifestVerify,
  check,
  checkStart,
  taskGet,
  taskCancel,
  planBegin,
  planAdd,
  planSeal,
  applyDryRun,
  applyTool,
  rollback,
  write,
  manifestDiff,
  axmParse,
  rootsList,
  status,
  repoSnapshot,
] as unknown as readonly ToolDef[];

/** The core toolset, in registry order (D2). */
export const CORE_TOOLS: readonly string[] = TOOL_DEFS.filter((d) => d.toolset === "core").map((d) => d.name);

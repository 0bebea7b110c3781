// Renders the registry files of mcp.md §14 from TOOL_DEFS: spec/tools.json (D2 entry fields, in
// that order) and spec/codai-tools.json. Pure: the generator script and the freshness test share it.
import { toJsonSchema } from "./json-schema";
import { TOOL_DEFS } from "./registry";
import { annotationsOf, riskClassOf } from "./types";

export interface ToolsJsonEntry {
  name: string;
  title: string;
  description: string;
  riskClass: "READ" | "ACT" | "SENSITIVE";
  toolset: "core" | "full";
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

export function toolsJsonEntries(): ToolsJsonEntry[] {
  return TOOL_DEFS.map((def) => ({
    name: def.name,
    title: def.title,
    description: def.description,
    riskClass: riskClassOf(def),
    toolset: def.toolset,
    annotations: annotationsOf(def),
    inputSchema: toJsonSchema(def.input, "input"),
    outputSchema: toJsonSchema(def.output, "output"),
  }));
}

export const CODAI_TOOLS_NOTICE =
  "Generated from packages/mcp/src/server/tools (TOOL_DEFS) by scripts/gen-tools-json.mjs; do not edit.";

export function codaiToolsDocument() {
  return {
    version: "2.0.0",
    description: CODAI_TOOLS_NOTICE,
    tools: toolsJsonEntries().map((e) => {
      const { $schema: _, ...parameters } = e.inputSchema;
      return { name: e.name, risk: e.riskClass, toolset: e.toolset, description: e.description, parameters };
    }),
  };
}

/** 2-space JSON plus a trailing newline (§14.1). */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function renderRegistryFiles(): { "tools.json": string; "codai-tools.json": string } {
  return { "tools.json": renderJson(toolsJsonEntries()), "codai-tools.json": renderJson(codaiToolsDocument()) };
}

const RISK_WORD = { READ: "read", ACT: "act", SENSITIVE: "destructive" } as const;

/** The doc table of §14.4: `| Tool | Risk |`, name in backticks followed by `core` for core tools. */
export function renderDocTable(): string {
  const rows = toolsJsonEntries().map(
    (e) => `| \`${e.name}\`${e.toolset === "core" ? " core" : ""} | ${RISK_WORD[e.riskClass]} | ${e.title} |`,
  );
  return ["| Tool | Risk | Title |", "|---|---|---|", ...rows].join("\n");
}

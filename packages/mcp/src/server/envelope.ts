// The tool-call envelope (mcp.md §6): argument cap → input schema → handler → output schema →
// `{content: [one line of compact JSON], structuredContent}`; every failure is an isError result
// carrying `{code, message, path?, details?}`. Handlers never throw to the SDK.
import { type AxiomErrorObject, axiomError, issuesFromZod, toErrorObject, wireIssues } from "@codai/axiom-schema";
import type { z } from "zod";
import type { Logger } from "../common/logging";
import { jsonData, jsonMemberBytes, jsonObjectBytes } from "./json-walk";
import { RawToolResult, type ToolCall, type ToolDef } from "./tools/types";

/** 4 MiB: the per-argument and per-call cap (mcp.md §6.3, D25). */
export const ARGUMENT_CAP = 4_194_304;

export interface ToolResultEnvelope {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Field order of a strict object schema (its `shape` keys), for the per-argument cap. */
function fieldOrder(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** §6.3: each argument in schema field order, then the whole object. Throws ERR_BUNDLE_TOO_LARGE. */
export function checkArgumentCap(args: Record<string, unknown>, order: readonly string[]): void {
  // One measuring pass: the whole object's size is its members' sizes plus the JSON around them.
  const members = jsonMemberBytes(args);
  for (const name of order) {
    if (!Object.hasOwn(args, name)) continue;
    const bytes = members.get(name) ?? 0;
    if (bytes > ARGUMENT_CAP) {
      throw axiomError("ERR_BUNDLE_TOO_LARGE", {
        message: `argument ${name} is ${bytes} bytes of JSON, over the ${ARGUMENT_CAP}-byte cap`,
        path: name,
        details: { bytes, max: ARGUMENT_CAP },
      });
    }
  }
  const total = jsonObjectBytes(members);
  if (total > ARGUMENT_CAP) {
    throw axiomError("ERR_BUNDLE_TOO_LARGE", {
      message: `arguments are ${total} bytes of JSON, over the ${ARGUMENT_CAP}-byte cap`,
      details: { bytes: total, max: ARGUMENT_CAP },
    });
  }
}

/** §6.2: the tool's own Zod schema; a failure is ERR_INVALID_PLAN with ≤ 20 dotted issues. */
export function parseToolInput<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  throw axiomError("ERR_INVALID_PLAN", {
    message: "input does not match schema",
    details: { issues: wireIssues(issuesFromZod(parsed.error)) },
  });
}

/** Compact JSON without `undefined` members; lists are cut by the summary builders themselves. */
export function compactJson(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

export function successResult(structured: Record<string, unknown>, summary: unknown): ToolResultEnvelope {
  return { content: [{ type: "text", text: compactJson(summary) }], structuredContent: structured };
}

/**
 * An isError result carries the error object `{code, message, path?, details?}` as the compact JSON
 * of its one text content, and no `structuredContent` (decisions MCP-14): the error shape is not the
 * tool's outputSchema, and the SDK v1 client validates structuredContent even on errors (it threw
 * -32602 and lost the code), while v2 and the MCP spec read tool errors from content.
 */
/**
 * An isError result (MCP-14, MCP-15): a sentence first, then the error object as compact JSON, and
 * no structuredContent. The first block must not parse as JSON: Gemini CLI's client copies a JSON
 * first text block into structuredContent, then fails it against the tool's outputSchema (-32602).
 */
export function errorResult(error: AxiomErrorObject): ToolResultEnvelope {
  return {
    isError: true,
    content: [
      { type: "text", text: `${error.code}: ${error.message}` },
      { type: "text", text: compactJson(error) },
    ],
  };
}

/** Runs one tool call through the whole envelope. Never throws. */
export async function runTool(
  def: ToolDef,
  rawArgs: unknown,
  call: ToolCall,
  log: Logger,
): Promise<ToolResultEnvelope | Record<string, unknown>> {
  try {
    const args = rawArgs === undefined || rawArgs === null ? {} : rawArgs;
    if (typeof args === "object" && !Array.isArray(args)) {
      try {
        checkArgumentCap(args as Record<string, unknown>, fieldOrder(def.input));
      } catch (err) {
        // Nested too deeply to measure (a RangeError): the tool's own intake refuses it with the
        // code every surface gives such a document (ERR_INVALID_MANIFEST / _PLAN), ARCH-S7.
        if (!(err instanceof RangeError)) throw err;
      }
    }
    const input = parseToolInput(def.input, args);
    const output = await def.handler(input, call);
    if (output instanceof RawToolResult) return output.result;
    const checked = def.output.safeParse(output);
    if (!checked.success) {
      throw axiomError("ERR_INTERNAL", {
        message: `${def.name} produced output that does not match its output schema`,
        details: { issues: wireIssues(issuesFromZod(checked.error)) },
      });
    }
    const structured = jsonData(output) as Record<string, unknown>;
    return successResult(structured, def.summary ? def.summary(output) : structured);
  } catch (err) {
    const error = toErrorObject(err);
    log.warn("tool failed", { tool: def.name, error });
    return errorResult(error);
  }
}

// The shape of one tool definition (mcp.md §5.1): the registry of record in code. Everything the
// wire, tools.json and the docs tables show is derived from these objects.
import type { z } from "zod";
import type { ServerContext } from "../context";

export type Toolset = "core" | "full";
export type Preset = "READ" | "ACT" | "WRITE";
export type RiskClass = "READ" | "ACT" | "SENSITIVE";

/** Per-call context handed to a handler. */
export interface ToolCall {
  deps: ServerContext;
  era: "legacy" | "modern";
  /** Client capabilities of this call (2026 `_meta` claim or 2025 `initialize`), for the human step. */
  clientCapabilities(): Record<string, unknown> | undefined;
  /** Aborted by client cancellation or server shutdown; absent in-process (nothing to abort). */
  signal?: AbortSignal;
  /** This round's `inputResponses` and raw `requestState` (mcp.md §8.4); absent in-process. */
  humanRound?(): { inputResponses?: Record<string, unknown>; requestState?: string };
}

/** A handler result passed to the SDK verbatim (e.g. an input-required round, mcp.md §8.4). */
export class RawToolResult {
  constructor(readonly result: Record<string, unknown>) {}
}

export interface ToolDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  toolset: Toolset;
  preset: Preset;
  /** Strict object schema of the arguments; its field order is the argument-cap order (§6.3). */
  input: I;
  output: O;
  /** The one-line text summary of a success (§6.4); absent → the output itself. */
  summary?(output: z.output<O>): unknown;
  handler(args: z.output<I>, call: ToolCall): Promise<z.output<O> | RawToolResult>;
}

/** Tools whose call carries `_meta["anthropic/requiresUserInteraction"]` on tools/list (§8.1). */
export const USER_INTERACTION_TOOLS: ReadonlySet<string> = new Set(["axiom_apply", "axiom_write"]);

/** `riskClass` is derived, never hand-set (§5.1). */
export function riskClassOf(def: Pick<ToolDef, "preset">): RiskClass {
  return def.preset === "READ" ? "READ" : def.preset === "WRITE" ? "SENSITIVE" : "ACT";
}

export function annotationsOf(def: Pick<ToolDef, "preset">) {
  return {
    readOnlyHint: def.preset === "READ",
    destructiveHint: def.preset === "WRITE",
    idempotentHint: true,
    openWorldHint: false,
  };
}

/** Identity helper that keeps the input/output generics of one definition. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}

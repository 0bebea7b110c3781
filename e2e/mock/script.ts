// A scripted model: a list of steps, each deciding the next assistant turn from the tool results
// the harness has sent back so far. The step to serve is the number of tool results already in the
// conversation, so a harness that retries a request, or interleaves side requests (titles,
// summaries), gets the same answer again instead of a desynchronised script.

/** A tool result as the harness sent it back to the model, in the API's own history. */
export interface ToolResult {
  callId: string;
  /** The text the model reads (content blocks joined with "\n"). */
  text: string;
  isError: boolean;
  /**
   * An answer that does not move the script on: the step is served again (Codex's tool_search
   * before its MCP servers have listed their tools answers an empty list).
   */
  retry?: boolean;
}

export type Turn =
  | { kind: "tool"; name: string; input: Record<string, unknown> }
  /** A freeform (custom) tool such as Codex's apply_patch: the input is raw text. */
  | { kind: "custom"; name: string; input: string }
  | { kind: "text"; text: string };

export type Step = (results: readonly ToolResult[]) => Turn;

export const tool =
  (name: string, input: Record<string, unknown>): Step =>
  () => ({ kind: "tool", name, input });
export const custom =
  (name: string, input: string): Step =>
  () => ({ kind: "custom", name, input });
export const say =
  (text: string): Step =>
  () => ({ kind: "text", text });

/** The end of every script: a plain answer, so the harness ends its turn. */
export const DONE = "e2e script done";

export function turnFor(script: readonly Step[], results: readonly ToolResult[]): Turn {
  const moved = results.filter((r) => r.retry !== true);
  const step = script[moved.length];
  return step === undefined ? { kind: "text", text: DONE } : step(moved);
}

/** The JSON object in a tool result's text (AXIOM answers one line of compact JSON). */
export function jsonOf(result: ToolResult | undefined): Record<string, unknown> {
  if (result === undefined) throw new Error("no tool result to read");
  const at = result.text.indexOf("{");
  if (at === -1) throw new Error(`tool result has no JSON: ${result.text}`);
  return JSON.parse(result.text.slice(at)) as Record<string, unknown>;
}

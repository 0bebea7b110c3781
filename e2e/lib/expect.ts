// Reading what the harness sent back to the model: the gate's DENY line inside a native tool's
// result, and AXIOM's `{code, message, details}` inside an MCP tool's result.
import type { ToolResult } from "../mock/script";

export interface GateDeny {
  code: string;
  message: string;
}

/** The gate's `AXIOM GATE DENY <code>: <message>` line, wherever the harness put it in the result. */
export function gateDeny(result: ToolResult | undefined): GateDeny {
  const m = /AXIOM GATE DENY (\S+): (.*)/.exec(result?.text ?? "");
  if (m === null) throw new Error(`expected a gate denial in the tool result, got: ${result?.text ?? "(no result)"}`);
  return { code: m[1] as string, message: m[2] as string };
}

export interface AxiomAnswer {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  [k: string]: unknown;
}

/** The first complete JSON object in a text (a harness may add lines or repeat the object after it). */
function firstObject(text: string): string | undefined {
  const start = text.indexOf("{");
  if (start === -1) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** AXIOM's one line of compact JSON in an MCP tool result (harnesses may wrap it). */
export function axiomAnswer(result: ToolResult | undefined): AxiomAnswer {
  const text = result?.text ?? "";
  const json = firstObject(text);
  if (json === undefined) throw new Error(`expected AXIOM's JSON in the tool result, got: ${text || "(no result)"}`);
  return JSON.parse(json) as AxiomAnswer;
}

/** What the route message must tell the model: the tool to use and the exact arguments. */
export function routeArgs(path: string, content: string): string {
  return JSON.stringify({ files: [{ path, content }] });
}

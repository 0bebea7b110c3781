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

/** The balanced `{…}` starting at `start`, or undefined. */
function balancedFrom(text: string, start: number): string | undefined {
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

/**
 * The first complete JSON object in a text (a harness may add lines or repeat the object after it;
 * an error result's first block is `CODE: message`, MCP-15),
 * and a message may hold a brace, so each `{` is tried until one parses.
 */
function firstObject(text: string): string | undefined {
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const candidate = balancedFrom(text, start);
    if (candidate === undefined) continue;
    try {
      JSON.parse(candidate);
      return candidate;
    } catch {
      // not this brace
    }
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

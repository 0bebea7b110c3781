// The interactive scenario: one session, one change set answered three ways (wrong digest →
// mismatch, Decline → declined, right digest → applied), then a second change set dismissed
// (Esc → cancelled). Each confirm re-sends the preview's arguments with its digest.
import type { Step, ToolResult, Turn } from "../mock/script";
import { tool } from "../mock/script";
import { axiomAnswer } from "./expect";

/** The manifestDigest of the latest preview among the results. */
export function lastPreviewDigest(results: readonly ToolResult[]): string {
  for (let i = results.length - 1; i >= 0; i--) {
    try {
      const a = axiomAnswer(results[i]);
      if (a.status === "preview" && typeof a.manifestDigest === "string") return a.manifestDigest;
    } catch {
      // Not AXIOM's JSON (a harness message): keep looking.
    }
  }
  throw new Error(`no preview among the tool results: ${JSON.stringify(results)}`);
}

export const SECOND = {
  files: [{ path: "src/second.ts", content: "export const second = 3;\n" }],
  intent: "e2e second",
};

export function tuiScript(name: string, first: Record<string, unknown>): Step[] {
  const confirm =
    (args: Record<string, unknown>) =>
    (r: readonly ToolResult[]): Turn => ({
      kind: "tool",
      name,
      input: { ...args, confirmDigest: lastPreviewDigest(r) },
    });
  return [
    tool(name, first),
    confirm(first), // → wrong digest12 typed
    confirm(first), // → Decline
    confirm(first), // → right digest12
    tool(name, SECOND),
    confirm(SECOND), // → Esc
  ];
}

export const digest12 = (manifestDigest: string): string => manifestDigest.replace(/^sha256:/, "").slice(0, 12);

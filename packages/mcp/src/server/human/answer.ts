// Evaluating the human's answer (mcp.md §8.6): rows top to bottom, first match wins.
import { digest12 } from "./message";

export type HumanOutcome = "ask-again" | "accepted" | "declined" | "cancelled" | "mismatch";

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Trims ASCII whitespace only (not Unicode spaces), then lower-cases. */
function normalise(s: string): string {
  return s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase();
}

export function evaluateAnswer(r: unknown, manifestDigest: string): HumanOutcome {
  if (!isObject(r) || typeof r.action !== "string") return "ask-again";
  if (r.action === "accept") {
    const content = r.content;
    if (isObject(content) && content.confirm !== true) return "declined";
    if (!isObject(content)) return "mismatch";
    const typed = content.digest12;
    return typeof typed === "string" && normalise(typed) === digest12(manifestDigest) ? "accepted" : "mismatch";
  }
  if (r.action === "decline") return "declined";
  return "cancelled";
}

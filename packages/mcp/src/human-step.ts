// Hook point of the human confirmation step (mcp.md §8, S-1206). It sits after the confirmDigest
// echo check and before anything is registered or written, in axiom_apply and in the confirm call
// of axiom_write. The elicitation round itself (input_required / legacy shim, requestState) is the
// human-confirm issue; this first pass implements only the capability rows of §8.3 that need no
// elicitation: without form elicitation the echo alone suffices unless --require-human is set.
import { axiomError } from "@codai/axiom-schema";
import type { RawToolResult, ToolCall } from "./tools/types";

export interface HumanStepRequest {
  tool: "axiom_apply" | "axiom_write";
  root: string;
  manifestDigest: string;
}

/** `elicitation` is `{}` or has a `form` member (§8.3); `{url: {}}` alone does not count. */
export function supportsFormElicitation(caps: Record<string, unknown> | undefined): boolean {
  const e = caps?.elicitation;
  if (e === null || typeof e !== "object" || Array.isArray(e)) return false;
  const keys = Object.keys(e);
  return keys.length === 0 || keys.includes("form");
}

/** Returns undefined to proceed, a raw result for an input-required round, or throws a refusal. */
export async function humanStep(call: ToolCall, req: HumanStepRequest): Promise<RawToolResult | undefined> {
  const supported = supportsFormElicitation(call.clientCapabilities());
  if (!supported) {
    if (!call.deps.requireHuman) return undefined;
    call.deps.log.info("human confirmation", {
      tool: req.tool,
      manifestDigest: req.manifestDigest,
      outcome: "elicitation-unsupported",
    });
    throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
      message: "a human confirmation is required and this client cannot elicit",
      details: { reason: "elicitation-unsupported", manifestDigest: req.manifestDigest },
    });
  }
  // Elicitation-capable client: the elicitation round is added by the human-confirm issue.
  return undefined;
}

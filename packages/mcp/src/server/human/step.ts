// The human confirmation step (mcp.md §8, S-1206). It sits after the confirmDigest echo check and
// before anything is registered or written, in axiom_apply and in the confirm call of axiom_write.
// One handler serves both wire eras: it returns the SDK's input_required result; a 2026 client
// fulfils it and retries, and on 2025 connections the SDK's legacy shim sends a real
// elicitation/create and re-enters the handler with the answer and the state.
import { homedir } from "node:os";
import { reviewLink } from "@codai/axiom-review/discovery";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { auditElicitationHooks } from "../../harness/elicit-audit";
import { inputRequired } from "../adapter";
import { RawToolResult, type ToolCall } from "../tools/types";
import { evaluateAnswer } from "./answer";
import { confirmationMessage, confirmationSchema } from "./message";
import { processStates } from "./state";

export interface HumanStepRequest {
  tool: "axiom_apply" | "axiom_write";
  root: string;
  /** The change set to confirm: its digest, its op lines and the diff the form shows (§8.4). */
  bundle: ManifestBundle;
}

/** `elicitation` is `{}` or has a `form` member (§8.3); `{url: {}}` alone does not count. */
export function supportsFormElicitation(caps: Record<string, unknown> | undefined): boolean {
  const e = caps?.elicitation;
  if (e === null || typeof e !== "object" || Array.isArray(e)) return false;
  const keys = Object.keys(e);
  return keys.length === 0 || keys.includes("form");
}

function refuse(req: HumanStepRequest, reason: string, message: string, extra: Record<string, unknown> = {}): never {
  throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
    message,
    details: { reason, manifestDigest: req.bundle.manifestDigest, ...extra },
  });
}

/**
 * The refusal texts of §8.6 by outcome. A `cancel` is what a client answers when nobody did: the
 * dialog dismissed, or no dialog at all (Claude Code's print mode cancels every form), so its text
 * claims no person (HUM-4).
 */
const REFUSAL_TEXT = {
  mismatch: "the 12 characters typed do not match the manifest digest",
  declined: "the person declined the change set",
  cancelled: "the client cancelled the confirmation (no person answered)",
} as const;

async function ask(call: ToolCall, req: HumanStepRequest): Promise<RawToolResult> {
  const manifestDigest = req.bundle.manifestDigest;
  // Read before minting: a round whose message cannot be built asks nobody.
  const changes = await (await call.deps.workflow()).fileChanges(req.root, req.bundle);
  const link = await reviewLink(req.root, manifestDigest);
  const requestState = processStates.mint({ manifestDigest, root: req.root, tool: req.tool });
  call.deps.log.info("human confirmation requested", {
    tool: req.tool,
    manifestDigest,
    era: call.era, // "modern" (2026-07-28) | "legacy" (2025), as in `server created`
  });
  const result = inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        mode: "form",
        message: confirmationMessage(req.root, manifestDigest, changes, link),
        requestedSchema: confirmationSchema(),
      } as Parameters<typeof inputRequired.elicit>[0]),
    },
    requestState,
  });
  return new RawToolResult(result as unknown as Record<string, unknown>);
}

/** Returns undefined to proceed, a raw result for an input-required round, or throws a refusal. */
export async function humanStep(call: ToolCall, req: HumanStepRequest): Promise<RawToolResult | undefined> {
  const { log } = call.deps;
  const manifestDigest = req.bundle.manifestDigest;
  const outcome = (o: string) => log.info("human confirmation", { tool: req.tool, manifestDigest, outcome: o });
  // Tamper evidence (SEC-8): a setting that answers or skips this step, new since start-up, refuses.
  const appeared = await call.deps.auditBaselines.appeared(req.root);
  if (appeared !== undefined) {
    outcome("harness-setting-appeared");
    refuse(
      req,
      "harness-setting-appeared",
      `a harness setting that answers or skips the human confirmation appeared since start-up: ${appeared.appeared.join("; ")}`,
      { audit: appeared.audit, appeared: appeared.appeared },
    );
  }
  if (!supportsFormElicitation(call.clientCapabilities())) {
    if (!call.deps.requireHuman) return undefined;
    outcome("elicitation-unsupported");
    refuse(req, "elicitation-unsupported", "a human confirmation is required and this client cannot elicit");
  }
  if (call.deps.requireHuman) {
    // An Elicitation/ElicitationResult hook can answer for the human: refuse before asking (§8.3).
    const audit = await auditElicitationHooks(req.root, homedir());
    if (audit.some((c) => c.status === "fail")) {
      outcome("elicitation-unsupported");
      refuse(req, "elicitation-unsupported", "a harness hook can answer the elicitation instead of a human", {
        audit: "elicitation.autoAnswer",
      });
    }
  }
  const round = call.humanRound?.() ?? {};
  if (round.requestState === undefined) return ask(call, req);
  const rejected = processStates.verify(round.requestState, { manifestDigest, root: req.root, tool: req.tool });
  if (rejected !== undefined) {
    log.warn("request state rejected", { tool: req.tool, reason: rejected });
    return ask(call, req);
  }
  const verdict = evaluateAnswer(round.inputResponses?.confirm, manifestDigest);
  if (verdict === "ask-again") return ask(call, req);
  outcome(verdict);
  if (verdict === "accepted") return undefined;
  refuse(req, verdict, REFUSAL_TEXT[verdict]);
}

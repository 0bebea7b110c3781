// `axiom verify <bundle> [--root]` and axiom_manifest_verify: a bundle's structural verify
// (formats.md §10.1) with its signatures against the root's trust store (signing.md §6). Reports;
// never throws for a negative result (an invalid trust store is ERR_INVALID_PROFILE).
import { type VerifyResult, verifyBundle as verifyStructure, withSignatures } from "@codai/axiom-plan";
import { intakeBundle } from "@codai/axiom-store";
import { verifyRootSignatures } from "./trust-store";

export interface VerifyRequest {
  /** The bundle document as read (verify reports on it instead of refusing it). */
  bundle: unknown;
  /** The realpath'd root whose `.axiom/trust/keys.json` verifies the signatures. */
  root?: string;
}

export interface BundleVerification {
  /** With `signatures` when the root has a trust store; `ok` false when `signatures.ok` is. */
  result: VerifyResult;
  /**
   * "checked": the signatures were verified against the root's store; "no-trust-store": a root was
   * given but has no store (the CLI prints `signatures: null` and a note, MCP omits the field);
   * "skipped": no root, or the structural verify failed (signatures are never checked then).
   */
  signatures: "checked" | "no-trust-store" | "skipped";
}

export async function verifyBundle(req: VerifyRequest): Promise<BundleVerification> {
  // 1. Structural verify (formats.md §10.1 steps 1–5).
  const structural = verifyStructure(req.bundle);
  if (!structural.ok || req.root === undefined) return { result: { ...structural }, signatures: "skipped" };
  // 2. Step 6 with the root's trust store (an invalid store → ERR_INVALID_PROFILE), step 7.
  const block = await verifyRootSignatures(intakeBundle(req.bundle), req.root);
  if (block === null) return { result: withSignatures(structural, undefined), signatures: "no-trust-store" };
  return { result: withSignatures(structural, block), signatures: "checked" };
}

export type { VerifyResult };

// The `axiom verify <bundle.json> [--root <dir>]` document (signing.md §6, cli.md §7.7): the
// workflow's verifyBundle — the same function as axiom_manifest_verify —, with `signatures: null`
// and a note when the root has no trust store (the CLI form; MCP omits the field). An invalid store
// throws ERR_INVALID_PROFILE (stderr, exit 2). Top-level `ok` is false when `signatures.ok` is.
import type { BundleVerification, VerifyResult } from "@codai/axiom-workflow";

export const NO_TRUST_STORE_NOTE = "no .axiom/trust/keys.json under root";

export type CliVerifyDocument = Omit<VerifyResult, "signatures"> & {
  signatures?: VerifyResult["signatures"] | null;
  note?: string;
};

export function verifyDocument({ result, signatures }: BundleVerification): CliVerifyDocument {
  return signatures === "no-trust-store" ? { ...result, signatures: null, note: NO_TRUST_STORE_NOTE } : result;
}

// The `--root` mode of `axiom verify` (signing.md §6, cli.md §7.7): structural verify first, then —
// only when it passed — the Ed25519 signatures against `<root>/.axiom/trust/keys.json`.
// No store → `signatures: null` + note (the CLI form; MCP omits the field). An invalid store
// throws ERR_INVALID_PROFILE (stderr, exit 2). Top-level `ok` is false when `signatures.ok` is.
import { type VerifyResult, withSignatures } from "@codai/axiom-plan";
import { intakeBundle } from "@codai/axiom-store";
import { verifyRootSignatures } from "@codai/axiom-workflow";

export const NO_TRUST_STORE_NOTE = "no .axiom/trust/keys.json under root";

export type CliVerifyDocument = Omit<VerifyResult, "signatures"> & {
  signatures?: VerifyResult["signatures"] | null;
  note?: string;
};

/** `structural` = `verifyBundle(input)`; `root` = the realpath'd `--root`. */
export async function verifyWithRoot(
  structural: VerifyResult,
  input: unknown,
  root: string,
): Promise<CliVerifyDocument> {
  if (!structural.ok) return structural;
  const block = await verifyRootSignatures(intakeBundle(input), root);
  if (block === null) return { ...withSignatures(structural, undefined), signatures: null, note: NO_TRUST_STORE_NOTE };
  return withSignatures(structural, block);
}

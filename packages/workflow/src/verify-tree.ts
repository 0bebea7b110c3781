// `axiom verify <bundle> --tree <dir> [--pre]` (signing.md §9): a tree compared with a manifest,
// after the bundle's structural verify (formats.md §10.1). Read-only, no lock, no roots allowlist.
import { type VerifyTreeResult, verifyTree as verifyTreeOf } from "@codai/axiom-apply";
import { type VerifyResult, verifyBundle as verifyStructure } from "@codai/axiom-plan";

export type { VerifyTreeResult };

export interface TreeRequest {
  /** The directory compared with the manifest (resolved; no roots allowlist, read-only, no lock). */
  tree: string;
  bundle: unknown;
  /** `--pre`: compare with the pre-images instead of the post-images. */
  pre: boolean;
}

export interface TreeVerification {
  structural: VerifyResult;
  /** Absent when the structural verify failed: the tree is not checked then. */
  tree?: VerifyTreeResult;
}

export async function verifyTree(req: TreeRequest): Promise<TreeVerification> {
  // 1. The bundle must pass structural verify first (signing.md §9.2).
  const structural = verifyStructure(req.bundle);
  if (!structural.ok) return { structural };
  // 2. signing.md §9.1.
  return { structural, tree: await verifyTreeOf(req.tree, req.bundle, { pre: req.pre }) };
}

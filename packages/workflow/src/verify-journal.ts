// `axiom verify --journal --root <dir>` (apply.md §12.3): the journal hash chain.
import { type ChainVerify, verifyChain } from "@codai/axiom-apply";

export type { ChainVerify };

/** The chain walk of `<root>/.axiom/journal/chain.jsonl`. */
export function verifyJournal(root: string): Promise<ChainVerify> {
  return verifyChain(root);
}

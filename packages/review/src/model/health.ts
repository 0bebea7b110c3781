// Chain health for the timeline's one mark, from the workflow's status document (the verified
// walk), cached per chain file identity: status hashes every line, the timeline asks on every page.
import { type StatusDocument, status } from "@codai/axiom-workflow";
import { chainKey } from "./chain-index";

export type ChainHealth = StatusDocument["chain"];

const cache = new Map<string, { key: string; health: ChainHealth }>();

export async function chainHealth(root: string): Promise<ChainHealth> {
  const key = await chainKey(root);
  const hit = cache.get(root);
  if (hit?.key === key) return hit.health;
  const health = (await status(root)).chain;
  cache.set(root, { key, health });
  return health;
}

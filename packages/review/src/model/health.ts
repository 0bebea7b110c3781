// Chain health for the timeline's one mark: the workflow's verified walk of the chain
// (`verifyJournal`, apply.md §12.3 — not the whole status document, which also parses every
// journal), cached per chain file identity: the walk hashes every line, the timeline asks per page.
import { chainKey, verifyJournal } from "@codai/axiom-workflow";

export interface ChainHealth {
  ok: boolean;
  entries: number;
  head: string;
  firstBad?: { seq: number; reason: string };
  /** Good entries whose journal file is gone (deleting journals by hand is allowed). */
  missingJournals: number;
}

const cache = new Map<string, { key: string; health: ChainHealth }>();

export async function chainHealth(root: string): Promise<ChainHealth> {
  const key = await chainKey(root);
  const hit = cache.get(root);
  if (hit?.key === key) return hit.health;
  const walk = await verifyJournal(root);
  const health: ChainHealth = {
    ok: walk.ok,
    entries: walk.entries,
    head: walk.head,
    missingJournals: walk.missing.length,
  };
  if (walk.firstBad) health.firstBad = walk.firstBad;
  cache.set(root, { key, health });
  return health;
}

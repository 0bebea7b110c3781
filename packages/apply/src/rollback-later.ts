// Issue 20 Low 10 (decisions SEC-36): a manual rollback of A must not revert what a later apply B
// wrote to one of A's paths, even when B wrote A's bytes again (the drift check sees no change then,
// and B's marker would stay while its file is gone). The chain orders the applies: every digest
// whose last entry is `committed` and comes after A's last commit counts when it touches a path of A.
import { isAxiomError } from "@codai/axiom-schema";
import { readStoredBundle } from "@codai/axiom-store";
import { readChain } from "./chain";
import { readJournal } from "./journal";

export interface LaterApply {
  manifestDigest: string;
  seq: number;
  /** The shared paths, sorted; null when that apply's journal and manifest are both gone (counted). */
  paths: string[] | null;
}

/** The paths an apply touched: its journal's steps, else its stored manifest's artifacts. */
async function pathsOf(root: string, hex: string): Promise<string[] | undefined> {
  const j = await readJournal(root, hex).catch(() => undefined);
  if (j) return j.steps.map((s) => s.path);
  try {
    return (await readStoredBundle(root, hex)).manifest.artifacts.map((a) => a.path);
  } catch (err) {
    if (isAxiomError(err)) return undefined;
    throw err;
  }
}

/** Later live applies of another digest touching one of `paths` (chain order). */
export async function laterApplies(root: string, digest: string, paths: readonly string[]): Promise<LaterApply[]> {
  const { entries } = await readChain(root);
  let since = -1;
  entries.forEach((e, i) => {
    if (e.manifestDigest === digest && e.state === "committed") since = i;
  });
  if (since < 0) return [];
  const last = new Map<string, (typeof entries)[number]>();
  for (const e of entries.slice(since + 1)) if (e.manifestDigest !== digest) last.set(e.manifestDigest, e);
  const mine = new Set(paths);
  const out: LaterApply[] = [];
  for (const e of last.values()) {
    if (e.state !== "committed") continue; // rolled back or failed since: its writes are undone
    const theirs = await pathsOf(root, e.manifestDigest.slice(7));
    const shared = theirs === undefined ? null : [...new Set(theirs.filter((p) => mine.has(p)))].sort();
    if (shared === null || shared.length > 0) out.push({ manifestDigest: e.manifestDigest, seq: e.seq, paths: shared });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

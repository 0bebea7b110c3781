// What each chain entry means for the tree now (issue 21): a `committed` entry stays in force until
// a later `rolled-back` entry of the same digest undoes it. `log`, `show`, `status` and the
// rollback refusals read these links instead of each re-deriving them from the raw chain states.
import type { ChainEntry } from "@codai/axiom-apply";

export type ChangeState = "applied" | "rolled-back" | "failed" | "undo";

export interface ChangeLink {
  seq: number;
  manifestDigest: string;
  /** applied: committed and still in force; rolled-back: committed, later undone; undo: the entry that undid one. */
  state: ChangeState;
  /** For a rolled-back commit: the seq of the entry that undid it. */
  undoneBy?: number;
  /** For an undo entry: the seq of the commit it undid. */
  undid?: number;
}

/** One link per entry, keyed by seq, from the good chain entries in file order. */
export function linkChain(entries: readonly ChainEntry[]): Map<number, ChangeLink> {
  const links = new Map<number, ChangeLink>();
  // The latest commit of each digest that no undo has answered yet.
  const open = new Map<string, ChangeLink>();
  for (const e of entries) {
    if (e.state === "committed") {
      const link: ChangeLink = { seq: e.seq, manifestDigest: e.manifestDigest, state: "applied" };
      links.set(e.seq, link);
      open.set(e.manifestDigest, link);
    } else if (e.state === "rolled-back") {
      const undone = open.get(e.manifestDigest);
      const link: ChangeLink = { seq: e.seq, manifestDigest: e.manifestDigest, state: "undo" };
      if (undone) {
        undone.state = "rolled-back";
        undone.undoneBy = e.seq;
        link.undid = undone.seq;
        open.delete(e.manifestDigest);
      }
      links.set(e.seq, link);
    } else {
      links.set(e.seq, { seq: e.seq, manifestDigest: e.manifestDigest, state: "failed" });
    }
  }
  return links;
}

/** The newest commit of a digest (what a person means by the digest), else its newest other entry. */
export function latestLink(links: Map<number, ChangeLink>, manifestDigest: string): ChangeLink | undefined {
  let commit: ChangeLink | undefined;
  let other: ChangeLink | undefined;
  for (const link of links.values()) {
    if (link.manifestDigest !== manifestDigest) continue;
    if (link.state === "applied" || link.state === "rolled-back") commit = link;
    else other = link;
  }
  return commit ?? other;
}

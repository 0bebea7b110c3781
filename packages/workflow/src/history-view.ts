// What `axiom log` prints (issue 21): the log document of apply.md §12.4 (unchanged, so `--json`
// scripts keep working) joined with each entry's meaning (still applied, rolled back by #n, the
// undo of #n), its intent and origin, and — when the chain is broken — where, and how many lines
// the log cannot show. The meanings and the break are the chain index's (chain-index.ts).
import { type AboutRecord, readAbout } from "./about";
import { type ChainBreak, chainIndex } from "./chain-index";
import type { ChangeLink } from "./change-states";
import { type HistoryDocument, history } from "./root-state";

export interface HistoryRow {
  link?: ChangeLink;
  about: AboutRecord;
}

export interface HistoryView {
  doc: HistoryDocument & { broken?: ChainBreak };
  /** One row per `doc.entries` item, same order. */
  rows: HistoryRow[];
}

export async function historyView(root: string, limit: number): Promise<HistoryView> {
  const [doc, index] = await Promise.all([history(root, limit), chainIndex(root)]);
  const rows = await Promise.all(
    doc.entries.map(async (e) => ({ link: index.links.get(e.seq), about: await readAbout(root, e.manifestDigest) })),
  );
  return { doc: index.broken ? { ...doc, broken: index.broken } : doc, rows };
}

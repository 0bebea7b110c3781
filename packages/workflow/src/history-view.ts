// What `axiom log` prints (issue 21): the log document of apply.md §12.4 (unchanged, so `--json`
// scripts keep working) joined with each entry's meaning (still applied, rolled back by #n, the
// undo of #n), its intent and origin, and — when the chain is broken — where, and how many lines
// the log cannot show.
import { readChain } from "@codai/axiom-apply";
import { fsx, layout } from "@codai/axiom-store";
import { type AboutRecord, readAbout } from "./about";
import { type ChangeLink, linkChain } from "./change-states";
import { type HistoryDocument, history } from "./root-state";

export interface ChainBreak {
  /** The first entry the chain cannot vouch for, and why. */
  seq: number;
  reason: string;
  /** Chain lines from that entry to the end of the file: none of them is shown. */
  hidden: number;
}

export interface HistoryRow {
  link?: ChangeLink;
  about: AboutRecord;
}

export interface HistoryView {
  doc: HistoryDocument & { broken?: ChainBreak };
  /** One row per `doc.entries` item, same order. */
  rows: HistoryRow[];
}

/** Lines in the chain file, a torn last line included. */
async function chainLines(root: string): Promise<number> {
  try {
    const bytes = await fsx.readFile(layout.chain(root));
    let n = 0;
    for (const b of bytes) if (b === 0x0a) n++;
    return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? n + 1 : n;
  } catch {
    return 0;
  }
}

export async function historyView(root: string, limit: number): Promise<HistoryView> {
  const [doc, chain] = await Promise.all([history(root, limit), readChain(root)]);
  const links = linkChain(chain.entries);
  const rows = await Promise.all(
    doc.entries.map(async (e) => ({ link: links.get(e.seq), about: await readAbout(root, e.manifestDigest) })),
  );
  const out: HistoryView = { doc, rows };
  if (chain.firstBad) {
    const hidden = (await chainLines(root)) - chain.entries.length;
    out.doc = { ...doc, broken: { seq: chain.firstBad.seq, reason: chain.firstBad.reason, hidden } };
  }
  return out;
}

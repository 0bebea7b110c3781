// The timeline (issue 22): one row per chain entry, newest first, a page at a time. A page is
// `limit` rows with seq < `before` (a cursor, so page n costs the same as page 1), each joined
// with what `axiom log` shows for it: the recorded intent (else the manifest's name) and origin
// (CLI, the MCP tool, a PR branch; else the applied marker's PR branch). Rows stop before the
// chain's first bad entry, which the health mark names.
import { layout } from "@codai/axiom-store";
import { originShort, readAbout } from "@codai/axiom-workflow";
import { type ChainIndex, chainIndex, type IndexedEntry } from "./chain-index";
import { type ChainHealth, chainHealth } from "./health";
import { readJsonDoc, stringAt } from "./stored-docs";

export const TIMELINE_PAGE_DEFAULT = 50;
export const TIMELINE_PAGE_MAX = 500;

export type RowState = "applied" | "rolled-back" | "undone" | "failed";

export interface TimelineRow {
  seq: number;
  digest: string;
  ref: string;
  at: string;
  state: RowState;
  /** For an undone apply: the seq of the rollback that undid it. */
  undoneBy?: number;
  /** For a rollback: the seq of the apply it undid. */
  undid?: number;
  intent?: string;
  /** `axiom log`'s origin words (`cli`, `mcp:write`, `pr <branch>`); undefined when nothing says. */
  origin?: string;
  files: number;
  code?: string;
}

export interface TimelinePage {
  total: number;
  health: ChainHealth;
  rows: TimelineRow[];
  /** The cursor of the next (older) page, absent on the last. */
  next?: number;
}

function stateOf(index: ChainIndex, e: IndexedEntry): RowState {
  if (e.state === "failed") return "failed";
  if (e.state === "rolled-back") return "rolled-back";
  return (index.undoneBy[e.seq] ?? 0) > 0 ? "undone" : "applied";
}

async function joinRow(root: string, index: ChainIndex, e: IndexedEntry): Promise<TimelineRow> {
  const hex = e.manifestDigest.slice(7);
  const row: TimelineRow = {
    seq: e.seq,
    digest: e.manifestDigest,
    ref: hex.slice(0, 12),
    at: e.at,
    state: stateOf(index, e),
    files: e.files,
  };
  const undoneBy = index.undoneBy[e.seq] ?? 0;
  const undid = index.undid[e.seq] ?? 0;
  if (undoneBy > 0) row.undoneBy = undoneBy;
  if (undid > 0) row.undid = undid;
  if (e.code !== undefined) row.code = e.code;
  const [manifest, marker, about] = await Promise.all([
    readJsonDoc(layout.manifest(root, hex)),
    row.state === "applied" ? readJsonDoc(layout.applied(root, hex)) : Promise.resolve(undefined),
    readAbout(root, e.manifestDigest),
  ]);
  const intent = about.intent ?? stringAt(manifest, "manifest", "name");
  if (intent !== undefined) row.intent = intent;
  // A rollback row's digest is the change it undid: who rolled it back is not recorded.
  if (undid === 0) {
    const branch = about.branch ?? (stringAt(marker, "mode") === "pr" ? stringAt(marker, "git", "branch") : undefined);
    if (branch !== undefined) row.origin = `pr ${branch}`;
    else if (about.origin !== undefined) row.origin = originShort(about);
  }
  return row;
}

export async function timelinePage(root: string, before: number | undefined, limit: number): Promise<TimelinePage> {
  const [index, health] = await Promise.all([chainIndex(root), chainHealth(root)]);
  const good = health.firstBad ? Math.min(index.entries.length, health.firstBad.seq - 1) : index.entries.length;
  const top = Math.min(good, before === undefined ? good : before - 1);
  const from = Math.max(0, top - limit);
  const slice = index.entries.slice(from, top).reverse();
  const rows = await Promise.all(slice.map((e) => joinRow(root, index, e)));
  const page: TimelinePage = { total: good, health, rows };
  if (from > 0) page.next = from + 1;
  return page;
}

// The timeline (issue 22): one row per chain entry, newest first, a page at a time. A page is
// `limit` rows with seq < `before` (a cursor, so page n costs the same as page 1), each joined
// with what `axiom log` shows for it: the recorded intent (else the manifest's name) and origin
// (CLI, the MCP tool, a PR branch; else the applied marker's PR branch). Rows stop before the
// chain's first bad entry, which the health mark names. The entries, their pages and their undo
// relations are the workflow's chain index (the one `axiom log` reads).
import { layout } from "@codai/axiom-store";
import {
  type ChainEntry,
  type ChainIndex,
  type ChangeState,
  chainIndex,
  chainPage,
  originShort,
  readAbout,
  readJsonDoc,
  stringAt,
} from "@codai/axiom-workflow";
import { type ChainHealth, chainHealth } from "./health";

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

/** The page's words for a link's meaning: an undone commit is "undone", the undo itself "rolled-back". */
const ROW_STATE: Record<ChangeState, RowState> = {
  applied: "applied",
  "rolled-back": "undone",
  undo: "rolled-back",
  failed: "failed",
};

async function joinRow(root: string, index: ChainIndex, e: ChainEntry): Promise<TimelineRow> {
  const hex = e.manifestDigest.slice(7);
  const link = index.links.get(e.seq);
  const row: TimelineRow = {
    seq: e.seq,
    digest: e.manifestDigest,
    ref: hex.slice(0, 12),
    at: e.at,
    state: link ? ROW_STATE[link.state] : "failed",
    files: e.files,
  };
  const undid = link?.undid ?? 0;
  if (link?.undoneBy !== undefined) row.undoneBy = link.undoneBy;
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
  const { entries, next } = chainPage(index, before, limit);
  const rows = await Promise.all(entries.map((e) => joinRow(root, index, e)));
  const page: TimelinePage = { total: index.entries.length, health, rows };
  if (next !== undefined) page.next = next;
  return page;
}

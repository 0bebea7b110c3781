// The API documents as the page reads them: the server's model types, imported as types only, so
// the browser bundle carries none of the server's code.

export type { PendingRow } from "@codai/axiom-workflow";
export type { ChangeFile, ChangeView } from "../model/change";
export type { ShownFinding as Finding } from "../model/findings";
export type { ChainHealth } from "../model/health";
export type { StatusView } from "../model/status-view";
export type { TimelinePage, TimelineRow } from "../model/timeline";

// What a patch parser reports: per file, every spelling of its path the appliers could read, the op,
// the added lines (content for the secret scan) and the file's own hunk lines (for a route message).

export type PatchOp = "create" | "overwrite" | "delete" | "move";

export interface PatchFile {
  format: "v4a" | "unified";
  /** The header's path under each harness's reading; the first is the one a route message names. */
  paths: string[];
  op: PatchOp;
  /** `move`: the destination, every reading of it. */
  moveTo?: string[];
  /** Lines the patch adds to this file (the `+` lines, prefix removed). */
  added: string[];
  /** This file's hunk lines as written (after its header and any move line). */
  body: string[];
  /** A path named by a header-like line outside the parsed structure: judged, never routed. */
  judgeOnly?: true;
}

export type PatchParse = { ok: true; files: PatchFile[] } | { ok: false; why: string };

// What a change was for and who made it (issue 21): `axiom show` and `axiom log` print the Plan's
// intent and the origin (CLI, an MCP tool, a PR branch), which the manifest does not carry (only
// the Plan's digest). Recorded next to the stored bundle in `.axiom/about/<hex>.json`, best effort
// and not durable: a missing or unreadable record only makes the text say "unknown".
import * as path from "node:path";
import { atomicWrite, fsx, layout, mkdirp } from "@codai/axiom-store";

export type ChangeSurface = "cli" | "mcp";

export interface ChangeOrigin {
  surface: ChangeSurface;
  /** The MCP tool that applied it (`axiom_apply`, `axiom_write`). */
  tool?: string;
}

export interface AboutRecord {
  intent?: string;
  origin?: ChangeOrigin;
  /** The PR-mode branch the change was committed on. */
  branch?: string;
}

const TOOL_RE = /^axiom_[a-z_]{1,40}$/;

function hexOf(digest: string): string {
  return digest.startsWith("sha256:") ? digest.slice(7) : digest;
}

/** Only well-typed fields survive a read: the file sits in a directory an agent can reach. */
function clean(raw: unknown): AboutRecord {
  if (typeof raw !== "object" || raw === null) return {};
  const o = raw as Record<string, unknown>;
  const out: AboutRecord = {};
  if (typeof o.intent === "string") out.intent = o.intent;
  const origin = o.origin as Record<string, unknown> | undefined;
  if (origin && (origin.surface === "cli" || origin.surface === "mcp")) {
    out.origin = { surface: origin.surface };
    if (typeof origin.tool === "string" && TOOL_RE.test(origin.tool)) out.origin.tool = origin.tool;
  }
  if (typeof o.branch === "string" && o.branch.length <= 255) out.branch = o.branch;
  return out;
}

export async function readAbout(root: string, digest: string): Promise<AboutRecord> {
  try {
    return clean(JSON.parse((await fsx.readFile(layout.about(root, hexOf(digest)))).toString("utf8")));
  } catch {
    return {};
  }
}

/** Merges `patch` into the record; never throws (the change itself has already happened or not). */
export async function recordAbout(root: string, digest: string, patch: AboutRecord): Promise<void> {
  try {
    const file = layout.about(root, hexOf(digest));
    const had = await readAbout(root, digest);
    const next = { ...had, ...patch };
    // A repeated record (a second preview of the same change) costs no write.
    if (JSON.stringify(next) === JSON.stringify(had)) return;
    await mkdirp(path.dirname(file));
    await atomicWrite(file, `${JSON.stringify(next)}\n`, false);
  } catch {
    // Best effort: history loses a sentence, never a change.
  }
}

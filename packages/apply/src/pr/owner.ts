// The owner record of a PR worktree (APL-16): `.axiom/wt/<hex12>.owner`, next to the worktree
// directory of apply.md §15 step 6.3, so a worktree and branch leaked by a killed PR apply can be
// told apart from a live one's and traced back to the branch it created. Written before
// `git worktree add` (`created: false`) and again once the add returned (`created: true`); removed
// by the apply's own step 6.11 once its cleanup succeeded.
import * as path from "node:path";
import { atomicWrite, errnoOf, fsx, layout } from "@codai/axiom-store";
import { isValidPid, thisHost } from "../lock-stale";
import { branchSyntaxProblem } from "./branch";

export interface OwnerRecord {
  pid: number;
  host: string;
  time: string;
  manifestDigest: string;
  branch: string;
  /** True once `git worktree add -b <branch>` returned: the branch is this apply's own. */
  created: boolean;
}

export const OWNER_SUFFIX = ".owner";

export function wtDir(root: string): string {
  return layout.wtDir(root);
}

export function ownerPath(root: string, hex12: string): string {
  return path.join(wtDir(root), `${hex12}${OWNER_SUFFIX}`);
}

export function newOwner(manifestDigest: string, branch: string): OwnerRecord {
  return {
    pid: process.pid,
    host: thisHost(),
    time: new Date().toISOString(),
    manifestDigest,
    branch,
    created: false,
  };
}

/**
 * Not durable: the record only has to outlive a killed process (the page cache does); after a power
 * loss an empty or missing record falls back to the unknown-owner rule (1 h), never to a deletion.
 */
export async function writeOwner(root: string, hex12: string, rec: OwnerRecord): Promise<void> {
  await atomicWrite(ownerPath(root, hex12), `${JSON.stringify(rec)}\n`, false);
}

/** The record, or undefined when it is missing, unreadable or malformed (never trusted in part). */
export async function readOwner(file: string): Promise<OwnerRecord | undefined> {
  let text: string;
  try {
    text = (await fsx.readFile(file)).toString("utf8");
  } catch {
    return undefined;
  }
  let v: Partial<OwnerRecord>;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  // The branch goes to `git branch -D` as an argv element: a tampered name must not read as an option.
  if (typeof v.branch !== "string" || branchSyntaxProblem(v.branch) !== undefined) return undefined;
  if (!isValidPid(v.pid) || typeof v.host !== "string" || typeof v.created !== "boolean") return undefined;
  if (typeof v.manifestDigest !== "string" || !/^sha256:[0-9a-f]{64}$/.test(v.manifestDigest)) return undefined;
  return v as OwnerRecord;
}

export async function removeOwner(root: string, hex12: string): Promise<void> {
  try {
    await fsx.unlink(ownerPath(root, hex12));
  } catch (err) {
    if (errnoOf(err) !== "ENOENT") throw err;
  }
}

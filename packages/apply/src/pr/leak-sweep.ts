// Worktrees and branches leaked by a killed PR apply (APL-16). Step 6.11 of apply.md §15 removes
// them in a `finally`, which a SIGKILL skips; §15 step 6.1 only removes the leftover of the same
// digest. So every PR apply, under the shared root lock, also reclaims the `.axiom/wt/<hex12>`
// entries of dead owners (the APL-12 rule of temp-sweep.ts, applied to the owner record of
// owner.ts), and deletes the branch such an owner created only when that loses nothing anyone saw:
// never moved since `worktree add -b` created it, no commit only it reaches, no upstream, no
// remote-tracking ref of that name, no `applied/` marker reporting it.
import * as path from "node:path";
import { errnoOf, fsx, layout, rmrf } from "@codai/axiom-store";
import { STALE_AGE_MS, thisHost } from "../lock-stale";
import { toApplyError } from "../result";
import { isOrphanTemp, tempWriterPid } from "../temp-sweep";
import { comparable } from "./comparable";
import { type GitRunner, runGit } from "./git";
import { type OwnerRecord, readOwner, wtDir } from "./owner";

export interface LeakSweepInput {
  root: string;
  runner: GitRunner;
  /** The running apply's own hex12: §15 step 6.1 removes its leftover whatever its owner. */
  ownHex12: string;
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  now?: number;
}

export interface LeakSweepReport {
  /** `.axiom/wt/<hex12>` directories removed. */
  worktrees: string[];
  branchesDeleted: string[];
  branchesKept: { branch: string; reason: string }[];
}

interface Group {
  hex12: string;
  dirMtimeMs?: number;
  owner?: { file: string; mtimeMs: number; rec?: OwnerRecord };
}

interface Registered {
  path: string;
  branch?: string;
}

/** `<hex12>`, `<hex12>.owner`, `<hex12>.owner.tmp-<pid>`: anything else in wt/ is not ours. */
const ENTRY = /^([0-9a-f]{12})(\.owner)?(\.tmp-\d+)?$/;

const mtimeOf = async (p: string) => Number((await fsx.lstat(p)).mtimeMs);

/** Groups wt/ by hex12; dead writers' temp records are removed on the way (APL-12 rule). */
async function collect(dir: string, names: string[], now: number, warn: LeakSweepInput["onWarn"]) {
  const groups = new Map<string, Group>();
  for (const name of names) {
    const m = ENTRY.exec(name);
    if (!m || (m[3] !== undefined && m[2] === undefined)) continue;
    const hex12 = m[1] as string;
    const file = path.join(dir, name);
    try {
      if (m[3] !== undefined) {
        const pid = tempWriterPid(name);
        if (pid !== undefined && isOrphanTemp(pid, await mtimeOf(file), now)) await fsx.unlink(file);
        continue;
      }
      const g = groups.get(hex12) ?? { hex12 };
      groups.set(hex12, g);
      if (m[2] === undefined) g.dirMtimeMs = await mtimeOf(file);
      else g.owner = { file, mtimeMs: await mtimeOf(file), rec: await readOwner(file) };
    } catch (err) {
      if (errnoOf(err) !== "ENOENT") warn?.("PR worktree entry not inspected", { file, error: String(err) });
    }
  }
  return [...groups.values()];
}

/**
 * Dead by the APL-12 rule: a same-host owner whose pid is dead and whose record is older than the
 * grace, or any record older than the §11.2 hour (pid reuse; another host's pid cannot be probed).
 * No readable record (a layout from before APL-16, or a record torn by a power loss): the hour.
 */
function isLeaked(g: Group, now: number): boolean {
  const rec = g.owner?.rec;
  if (g.owner && rec) {
    if (rec.host === thisHost()) return isOrphanTemp(rec.pid, g.owner.mtimeMs, now);
    return now - g.owner.mtimeMs > STALE_AGE_MS;
  }
  const mtime = g.owner?.mtimeMs ?? g.dirMtimeMs;
  return mtime !== undefined && now - mtime > STALE_AGE_MS;
}

/** `git worktree list --porcelain` as comparable path → entry. */
async function listWorktrees(input: LeakSweepInput): Promise<Map<string, Registered>> {
  const out = (await runGit(input.runner, input.root, ["worktree", "list", "--porcelain"])).stdout;
  const map = new Map<string, Registered>();
  let cur: Registered | undefined;
  for (const line of out.split("\n")) {
    if (line.startsWith("worktree ")) {
      cur = { path: line.slice(9) };
      map.set(comparable(cur.path), cur);
    } else if (cur && line.startsWith("branch refs/heads/")) {
      cur.branch = line.slice(18);
    }
  }
  return map;
}

/** True when an `applied/` marker of this worktree's digest names the branch (or cannot be read). */
async function reported(root: string, g: Group, branch: string): Promise<boolean> {
  const dir = layout.appliedDir(root);
  const rec = g.owner?.rec;
  let names: string[];
  if (rec) names = [`${rec.manifestDigest.slice(7)}.json`];
  else {
    try {
      names = (await fsx.readdir(dir)).filter((n) => n.startsWith(g.hex12) && n.endsWith(".json"));
    } catch (err) {
      if (errnoOf(err) === "ENOENT") return false;
      throw err;
    }
  }
  for (const name of names) {
    let text: string;
    try {
      text = (await fsx.readFile(path.join(dir, name))).toString("utf8");
    } catch (err) {
      if (errnoOf(err) === "ENOENT") continue;
      return true;
    }
    try {
      if ((JSON.parse(text) as { git?: { branch?: unknown } })?.git?.branch === branch) return true;
    } catch {
      return true; // unreadable: it may be the report
    }
  }
  return false;
}

/** "delete", "absent", or the reason the branch stays. Call once no worktree has it checked out. */
async function branchVerdict(input: LeakSweepInput, g: Group, branch: string): Promise<string> {
  const { runner, root } = input;
  const ref = `refs/heads/${branch}`;
  const refs = (
    await runGit(runner, root, ["for-each-ref", "--format=%(refname)%00%(upstream)", ref, "refs/remotes/"])
  ).stdout
    .split("\n")
    .map((l) => l.split("\u0000"));
  const local = refs.find(([name]) => name === ref);
  if (!local) return "absent";
  if ((local[1] ?? "") !== "") return "it has an upstream";
  if (refs.some(([name]) => name?.startsWith("refs/remotes/") && name.endsWith(`/${branch}`))) {
    return "a remote-tracking ref of that name exists";
  }
  if (await reported(root, g, branch)) return "an applied marker reports it";
  // One reflog entry = "branch: Created from HEAD": no commit ever landed (no reflog: unknown).
  const moves = (await runGit(runner, root, ["rev-list", "--walk-reflogs", "--count", ref, "--"])).stdout.trim();
  if (moves !== "1") return "it moved since it was created (or has no reflog)";
  const only = (
    await runGit(runner, root, ["rev-list", "--count", ref, "--not", `--exclude=${ref}`, "--all", "--"])
  ).stdout.trim();
  if (only !== "0") return "it holds commits no other ref reaches";
  return "delete";
}

/** Removes one leaked entry; its owner record goes last, only once nothing is left to retry. */
async function reclaim(input: LeakSweepInput, g: Group, registered: Map<string, Registered>, report: LeakSweepReport) {
  const warn = (message: string, data: Record<string, unknown>) => input.onWarn?.(message, data);
  const wt = path.join(wtDir(input.root), g.hex12);
  const reg = registered.get(comparable(wt));
  let done = true;
  try {
    // Our own rm that never follows links first: git is then only asked to drop its admin entry.
    if (g.dirMtimeMs !== undefined) {
      await rmrf(wt);
      report.worktrees.push(wt);
    }
    // --force twice: `worktree add` keeps its admin entry locked ("initializing") until its
    // checkout ends, and a locked entry is neither pruned nor removed with one --force.
    if (reg) await runGit(input.runner, input.root, ["worktree", "remove", "--force", "--force", reg.path]);
  } catch (err) {
    warn("leaked PR worktree not removed", { worktree: wt, error: toApplyError(err).message });
    return;
  }
  const rec = g.owner?.rec;
  // Ours: the record says `worktree add -b` returned, or our worktree had the recorded branch out.
  // No record: only a default-named branch of this hex12 checked out in our worktree.
  let branch: string | undefined;
  if (rec) branch = rec.created || reg?.branch === rec.branch ? rec.branch : undefined;
  else if (reg?.branch?.startsWith("axiom/") && reg.branch.endsWith(`/${g.hex12}`)) branch = reg.branch;
  if (branch !== undefined) {
    try {
      const verdict = await branchVerdict(input, g, branch);
      if (verdict === "delete") {
        await runGit(input.runner, input.root, ["branch", "--quiet", "-D", branch]);
        report.branchesDeleted.push(branch);
      } else if (verdict !== "absent") {
        report.branchesKept.push({ branch, reason: verdict });
        warn("leaked PR branch kept", { branch, reason: verdict });
      }
    } catch (err) {
      done = false;
      warn("leaked PR branch not deleted", { branch, error: toApplyError(err).message });
    }
  }
  if (done && g.owner) {
    await fsx.unlink(g.owner.file).catch((err) => {
      if (errnoOf(err) !== "ENOENT") warn("PR owner record not removed", { file: g.owner?.file, error: String(err) });
    });
  }
}

/**
 * Reclaims every leaked entry of `.axiom/wt/` (and the own digest's leftover, §15 step 6.1). Best
 * effort like 6.1: a leftover blocks nothing, so failures are `onWarn` and the apply goes on. With
 * nothing leaked it costs one readdir and spawns no git.
 */
export async function sweepLeakedWorktrees(input: LeakSweepInput): Promise<LeakSweepReport> {
  const report: LeakSweepReport = { worktrees: [], branchesDeleted: [], branchesKept: [] };
  const dir = wtDir(input.root);
  const now = input.now ?? Date.now();
  try {
    let names: string[];
    try {
      names = await fsx.readdir(dir);
    } catch (err) {
      if (errnoOf(err) === "ENOENT" || errnoOf(err) === "ENOTDIR") return report;
      throw err;
    }
    if (names.length === 0) return report;
    // A link planted in place of wt/ is never followed: its entries are not ours to delete.
    if (!(await fsx.lstat(dir)).isDirectory()) return report;
    const groups = await collect(dir, names, now, input.onWarn);
    const leaked = groups.filter((g) => g.hex12 === input.ownHex12 || isLeaked(g, now));
    if (leaked.length === 0) return report;
    const registered = await listWorktrees(input);
    for (const g of leaked) await reclaim(input, g, registered, report);
  } catch (err) {
    input.onWarn?.("leaked PR worktree sweep stopped", { dir, error: toApplyError(err).message });
  }
  return report;
}

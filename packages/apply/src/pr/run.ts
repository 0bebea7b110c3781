// PR mode (apply.md §15 steps 2–6.11): build the change in an AXIOM-owned linked worktree
// `.axiom/wt/<hex12>` on a new branch from HEAD and commit it there. The shared tree is never
// written (only its `.axiom/`: lock, worktree dir, applied marker, D6); no push, no network.
// The caller has done steps 1 (intake, bundle store, intent) and releases the intent.
import * as fs from "node:fs";
import * as path from "node:path";
import { type ApplyErrorObject, type ApplyFileResult, axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { isFsMarker, layout, mkdirp, rmrf, writeAppliedMarker } from "@codai/axiom-store";
import { stripLongPrefix } from "../containment";
import { driftOf, type EngineOutcome, type PreChecks, runEngine, unchangedFiles } from "../engine";
import { acquireLock } from "../lock";
import { buildResult, toApplyError } from "../result";
import { assertBranchSyntax, defaultBranch, defaultCommitMessage } from "./branch";
import { comparable } from "./comparable";
import { compareUrlFor } from "./compare-url";
import { type GitRunner, runGit } from "./git";
import { sweepLeakedWorktrees } from "./leak-sweep";
import { newOwner, removeOwner, writeOwner } from "./owner";

export interface PrGitInfo {
  branch: string;
  commit?: string;
  compareUrl?: string;
}

export type PrOutcome = EngineOutcome & { git?: PrGitInfo };

export interface PrInput {
  root: string;
  bundle: ManifestBundle;
  branch?: string;
  commitMessage?: string;
  lockTimeoutMs: number;
  keepBackups: number;
  preChecks?: PreChecks;
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  advanceTrustState?: boolean;
  trustAdvancer?: (root: string, bundle: ManifestBundle) => Promise<void>;
  onTrustStateError?: (error: ApplyErrorObject) => void;
  runner: GitRunner;
}

export function worktreePath(root: string, hex: string): string {
  return layout.worktree(root, hex);
}

/**
 * True when git ran and answered "no" (non-zero exit). A missing git (ERR_GIT_NOT_FOUND) and a
 * timeout (ERR_GIT_FAILED with `timeoutMs`) keep their own codes (apply.md §15 git rules).
 */
function isGitRefusal(err: unknown): boolean {
  const e = err as { code?: string; details?: { timeoutMs?: unknown } };
  return e.code === "ERR_GIT_FAILED" && e.details?.timeoutMs === undefined;
}

async function assertTopLevel(input: PrInput): Promise<void> {
  let out: string;
  try {
    out = (await runGit(input.runner, input.root, ["rev-parse", "--show-toplevel"])).stdout;
  } catch (err) {
    if (!isGitRefusal(err)) throw err;
    throw axiomError("ERR_GIT_NOT_REPO", {
      message: `not a git repository: ${input.root}`,
      details: { root: input.root, cause: toApplyError(err).message },
    });
  }
  const line = out.replace(/\r?\n$/, "");
  let toplevel = line;
  try {
    toplevel = await fs.promises.realpath(line);
  } catch {
    // compare the printed spelling
  }
  if (comparable(toplevel) !== comparable(input.root)) {
    throw axiomError("ERR_GIT_NOT_REPO", {
      message: "the root is not the top level of its git repository",
      details: { root: input.root, toplevel },
    });
  }
}

async function branchExists(input: PrInput, cwd: string, branch: string): Promise<boolean> {
  try {
    await runGit(input.runner, cwd, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_GIT_NOT_FOUND") throw err;
    return false;
  }
}

function existsError(branch: string): Error {
  return axiomError("ERR_GIT_BRANCH_EXISTS", { message: `branch ${branch} already exists`, details: { branch } });
}

/** Steps 2–5: every check that runs before the lock. */
async function preflight(input: PrInput, branch: string): Promise<void> {
  assertBranchSyntax(branch);
  try {
    await runGit(input.runner, input.root, ["check-ref-format", "--branch", branch]);
  } catch (err) {
    if (!isGitRefusal(err)) throw err;
    throw axiomError("ERR_GIT_BRANCH_INVALID", {
      message: "git check-ref-format rejected the branch name",
      details: { branch },
    });
  }
  await assertTopLevel(input);
  const paths = input.bundle.manifest.artifacts.map((a) => a.path);
  const status = await runGit(input.runner, input.root, [
    "status",
    "--porcelain",
    "--untracked-files=all",
    "--",
    ...paths,
  ]);
  const dirty = status.stdout.split("\n").filter((l) => l !== "");
  if (dirty.length) {
    throw axiomError("ERR_GIT_DIRTY", {
      message: `touched paths have uncommitted changes: ${dirty.length}`,
      details: { dirty },
    });
  }
  if (await branchExists(input, input.root, branch)) throw existsError(branch);
}

/** compareUrl from `origin`; never throws. */
async function compareUrl(input: PrInput, cwd: string, branch: string): Promise<string | undefined> {
  try {
    const remote = (await runGit(input.runner, cwd, ["remote", "get-url", "origin"])).stdout.trim();
    let base = "main";
    try {
      const head = (await runGit(input.runner, cwd, ["symbolic-ref", "refs/remotes/origin/HEAD"])).stdout.trim();
      if (head.startsWith("refs/remotes/origin/") && head.length > 20) base = head.slice(20);
    } catch {
      // no origin/HEAD: fall back to main
    }
    return compareUrlFor(remote, base, branch);
  } catch {
    return undefined;
  }
}

export async function runPr(input: PrInput): Promise<PrOutcome> {
  const { root, bundle } = input;
  const digest = bundle.manifestDigest;
  const hex = digest.slice(7);
  const branch = input.branch ?? defaultBranch(bundle.manifest.name, hex);
  await preflight(input, branch);

  const lock = await acquireLock(root, digest, input.lockTimeoutMs);
  const hex12 = hex.slice(0, 12);
  const wtPath = worktreePath(root, hex);
  let createdBranch = false;
  let wroteOwner = false;
  let added = false;
  let committed = false;
  let engineApplied = false;
  let files: ApplyFileResult[] = [];
  const bestEffort = async (args: string[]): Promise<boolean> =>
    runGit(input.runner, root, args).then(
      () => true,
      (err) => {
        input.onWarn?.(`git ${args[0]} failed during PR cleanup`, { error: toApplyError(err).message });
        return false;
      },
    );
  try {
    // 6.1–6.3; 6.1 widened by APL-16 to every dead owner's leftover (a SIGKILL skips 6.11)
    await sweepLeakedWorktrees({ root, runner: input.runner, ownHex12: hex12, onWarn: input.onWarn });
    await rmrf(wtPath).catch(() => undefined);
    await bestEffort(["worktree", "prune"]);
    if (await branchExists(input, root, branch)) throw existsError(branch);
    await mkdirp(path.dirname(wtPath));
    // The owner record precedes the worktree, so a kill from here on leaves a leftover that the
    // next PR apply can attribute to a dead pid (APL-16).
    const owner = newOwner(digest, branch);
    wroteOwner = true;
    await writeOwner(root, hex12, owner);
    // Set before the call: `worktree add -b` can create the branch and still fail (post-checkout
    // hook); the branch did not exist under the lock, so whatever is there now is ours.
    createdBranch = true;
    await runGit(input.runner, root, ["worktree", "add", "--quiet", "-b", branch, wtPath, "HEAD"]);
    added = true;
    await writeOwner(root, hex12, { ...owner, created: true });
    const tree = stripLongPrefix(await fs.promises.realpath(wtPath));

    // 6.4
    // Step 6.4: HEAD (the fresh worktree) already equals every artifact.
    if ((await driftOf(tree, bundle)).length === 0) return { status: "noop", files: unchangedFiles(bundle) };

    // 6.5–6.6
    const outcome = await runEngine({
      tree,
      casRoot: root,
      bundle,
      mode: "fs",
      keepBackups: input.keepBackups,
      preChecks: input.preChecks,
      onWarn: input.onWarn,
    });
    if (outcome.status !== "applied") {
      const { journal: _journal, ...rest } = outcome;
      return rest;
    }
    engineApplied = true;
    files = outcome.files;

    // 6.7
    const touched = files.filter((f) => f.status === "written" || f.status === "deleted").map((f) => f.path);
    if (touched.length) await runGit(input.runner, tree, ["add", "--", ...touched]);
    const message =
      input.commitMessage ?? defaultCommitMessage(bundle.manifest.name, digest, bundle.manifest.planDigest);
    await runGit(input.runner, tree, ["commit", "--quiet", "-F", "-"], message);
    const commit = (await runGit(input.runner, tree, ["rev-parse", "HEAD"])).stdout.trim();
    if (!/^[a-f0-9]{40}$/.test(commit)) {
      throw axiomError("ERR_GIT_FAILED", {
        message: "git rev-parse HEAD did not print a commit id",
        details: { args: ["rev-parse", "HEAD"], stdout: commit.slice(0, 200) },
      });
    }
    committed = true;

    // 6.8–6.9a
    const git: PrGitInfo = { branch, commit };
    const url = await compareUrl(input, tree, branch);
    if (url !== undefined) git.compareUrl = url;
    const result: PrOutcome = { status: "applied", files, git };
    if (outcome.drifted?.length) result.drifted = outcome.drifted;
    if (!(await isFsMarker(root, hex).catch(() => false))) {
      const marker = buildResult(digest, "pr", root, result);
      await writeAppliedMarker(root, hex, marker).catch((err) =>
        input.onWarn?.("applied marker write failed", { manifestDigest: digest, error: String(err?.message ?? err) }),
      );
    }
    if (input.advanceTrustState && input.trustAdvancer) {
      try {
        await input.trustAdvancer(root, bundle);
      } catch (err) {
        input.onTrustStateError?.(toApplyError(err));
      }
    }
    return result;
  } catch (err) {
    // 6.10
    return engineApplied
      ? { status: "rolled-back", files, error: toApplyError(err) }
      : { status: "failed", files, error: toApplyError(err) };
  } finally {
    // 6.11: the worktree never outlives the call; a branch without our commit is deleted.
    let cleaned = await rmrf(wtPath).then(
      () => true,
      () => false,
    );
    await bestEffort(["worktree", "prune"]);
    if (createdBranch && !committed) {
      const deleted = await bestEffort(["branch", "--quiet", "-D", branch]);
      // Before the add returned, a failed -D usually means git never created the branch.
      if (added && !deleted) cleaned = false;
    }
    // A record whose cleanup failed stays, so a later PR apply retries once this process is gone.
    if (wroteOwner && cleaned) await removeOwner(root, hex12).catch(() => undefined);
    await lock.release().catch(() => undefined);
  }
}

// PR mode under the shared lock (apply.md §15 steps 6.1–6.9a), one function per row. Each returns
// an outcome to end the apply there, or undefined to go on; the flags of the run record tell
// step 6.11 (run.ts) what to clean up.
import * as fs from "node:fs";
import * as path from "node:path";
import { type ApplyFileResult, axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { isFsMarker, mkdirp, rmrf, writeAppliedMarker } from "@codai/axiom-store";
import { stripLongPrefix } from "../containment";
import { driftOf, type EngineOutcome, runEngine, unchangedFiles } from "../engine";
import type { ApplyHooks } from "../engine-types";
import { buildResult, toApplyError } from "../result";
import { defaultCommitMessage } from "./branch";
import { compareUrlFor } from "./compare-url";
import { type GitRunner, runGit } from "./git";
import { sweepLeakedWorktrees } from "./leak-sweep";
import { newOwner, writeOwner } from "./owner";
import { branchExists, existsError } from "./preflight";

export interface PrGitInfo {
  branch: string;
  commit?: string;
  compareUrl?: string;
}

export type PrOutcome = EngineOutcome & { git?: PrGitInfo };

export interface PrInput extends ApplyHooks {
  root: string;
  bundle: ManifestBundle;
  branch?: string;
  commitMessage?: string;
  lockTimeoutMs: number;
  runner: GitRunner;
}

/** What the steps of one PR apply learn; the flags decide step 6.11's cleanup. */
export interface PrRun {
  readonly input: PrInput;
  readonly digest: string;
  readonly hex: string;
  readonly hex12: string;
  readonly branch: string;
  readonly wtPath: string;
  /** The worktree's realpath, once added. */
  tree?: string;
  wroteOwner: boolean;
  /** Set before `worktree add`, which can create the branch and still fail (a post-checkout hook). */
  createdBranch: boolean;
  added: boolean;
  engineApplied: boolean;
  committed: boolean;
  files: ApplyFileResult[];
  /** The engine's applied outcome (its drifted paths go into the result). */
  outcome?: EngineOutcome;
  commit?: string;
}

export type PrStep = (pr: PrRun) => Promise<PrOutcome | undefined>;

/** A git call whose failure is only a warn (cleanup). */
export function bestEffort(pr: PrRun, args: string[]): Promise<boolean> {
  return runGit(pr.input.runner, pr.input.root, args).then(
    () => true,
    (err) => {
      pr.input.onWarn?.(`git ${args[0]} failed during PR cleanup`, { error: toApplyError(err).message });
      return false;
    },
  );
}

function worktree(pr: PrRun): string {
  if (pr.tree === undefined) throw new Error("unreachable: the worktree is not added yet");
  return pr.tree;
}

/**
 * 6.1 leftovers removed (widened by APL-16 to every dead owner's: a SIGKILL skips 6.11), 6.2 the
 * branch re-checked, 6.3 the worktree added on a new branch from HEAD.
 */
export const freshWorktree: PrStep = async (pr) => {
  const { root, runner, onWarn } = pr.input;
  await sweepLeakedWorktrees({ root, runner, ownHex12: pr.hex12, onWarn });
  await rmrf(pr.wtPath).catch(() => undefined);
  await bestEffort(pr, ["worktree", "prune"]);
  if (await branchExists(runner, root, pr.branch)) throw existsError(pr.branch);
  await mkdirp(path.dirname(pr.wtPath));
  // The owner record precedes the worktree, so a kill from here on leaves a leftover that the
  // next PR apply can attribute to a dead pid (APL-16).
  const owner = newOwner(pr.digest, pr.branch);
  pr.wroteOwner = true;
  await writeOwner(root, pr.hex12, owner);
  // the branch did not exist under the lock, so whatever is there after the add is ours
  pr.createdBranch = true;
  await runGit(runner, root, ["worktree", "add", "--quiet", "-b", pr.branch, pr.wtPath, "HEAD"]);
  pr.added = true;
  await writeOwner(root, pr.hex12, { ...owner, created: true });
  pr.tree = stripLongPrefix(await fs.promises.realpath(pr.wtPath));
  return undefined;
};

/** 6.4 HEAD (the fresh worktree) already equals every artifact → noop (the branch goes in 6.11). */
export const noopWhenHeadMatches: PrStep = async (pr) => {
  if ((await driftOf(worktree(pr), pr.input.bundle)).length > 0) return undefined;
  return { status: "noop", files: unchangedFiles(pr.input.bundle) };
};

/** 6.5 the engine (§5) in the worktree; 6.6 anything but applied is returned as it is, without `journal`. */
export const engineInWorktree: PrStep = async (pr) => {
  const { input } = pr;
  const outcome = await runEngine({
    tree: worktree(pr),
    casRoot: input.root,
    bundle: input.bundle,
    mode: "fs",
    keepBackups: input.keepBackups,
    preChecks: input.preChecks,
    onWarn: input.onWarn,
  });
  if (outcome.status !== "applied") {
    const { journal: _journal, ...rest } = outcome;
    return rest;
  }
  pr.engineApplied = true;
  pr.files = outcome.files;
  pr.outcome = outcome;
  return undefined;
};

/** 6.7 `git add` of the written and deleted paths, `git commit` (message on stdin), the commit id. */
export const commitInWorktree: PrStep = async (pr) => {
  const { input } = pr;
  const tree = worktree(pr);
  const touched = pr.files.filter((f) => f.status === "written" || f.status === "deleted").map((f) => f.path);
  if (touched.length) await runGit(input.runner, tree, ["add", "--", ...touched]);
  const { manifest } = input.bundle;
  const message = input.commitMessage ?? defaultCommitMessage(manifest.name, pr.digest, manifest.planDigest);
  await runGit(input.runner, tree, ["commit", "--quiet", "-F", "-"], message);
  const commit = (await runGit(input.runner, tree, ["rev-parse", "HEAD"])).stdout.trim();
  if (!/^[a-f0-9]{40}$/.test(commit)) {
    throw axiomError("ERR_GIT_FAILED", {
      message: "git rev-parse HEAD did not print a commit id",
      details: { args: ["rev-parse", "HEAD"], stdout: commit.slice(0, 200) },
    });
  }
  pr.commit = commit;
  pr.committed = true;
  return undefined;
};

/** compareUrl from `origin`; never throws. */
async function compareUrl(pr: PrRun): Promise<string | undefined> {
  const { runner } = pr.input;
  const cwd = worktree(pr);
  try {
    const remote = (await runGit(runner, cwd, ["remote", "get-url", "origin"])).stdout.trim();
    let base = "main";
    try {
      const head = (await runGit(runner, cwd, ["symbolic-ref", "refs/remotes/origin/HEAD"])).stdout.trim();
      if (head.startsWith("refs/remotes/origin/") && head.length > 20) base = head.slice(20);
    } catch {
      // no origin/HEAD: fall back to main
    }
    return compareUrlFor(remote, base, pr.branch);
  } catch {
    return undefined;
  }
}

/** 6.8 the result; 6.9 stored in the shared root unless an fs marker is there (D6); 6.9a the trust advance. */
export const storeResult: PrStep = async (pr) => {
  const { input, digest, hex } = pr;
  const git: PrGitInfo = { branch: pr.branch, commit: pr.commit };
  const url = await compareUrl(pr);
  if (url !== undefined) git.compareUrl = url;
  const result: PrOutcome = { status: "applied", files: pr.files, git };
  if (pr.outcome?.drifted?.length) result.drifted = pr.outcome.drifted;
  if (!(await isFsMarker(input.root, hex).catch(() => false))) {
    await writeAppliedMarker(input.root, hex, buildResult(digest, "pr", input.root, result)).catch((err) =>
      input.onWarn?.("applied marker write failed", { manifestDigest: digest, error: String(err?.message ?? err) }),
    );
  }
  if (input.advanceTrustState && input.trustAdvancer) {
    try {
      await input.trustAdvancer(input.root, input.bundle);
    } catch (err) {
      input.onTrustStateError?.(toApplyError(err));
    }
  }
  return result;
};

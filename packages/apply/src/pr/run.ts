// PR mode (apply.md §15 steps 2–6.11): build the change in an AXIOM-owned linked worktree
// `.axiom/wt/<hex12>` on a new branch from HEAD and commit it there. The shared tree is never
// written (only its `.axiom/`: lock, worktree dir, applied marker, D6); no push, no network.
// The caller has done step 1 (intake, bundle store, intent) and releases the intent. It reads as
// the §15 table: the checks before the lock, then one step per row under it (steps.ts).
import { layout, rmrf } from "@codai/axiom-store";
import { acquireLock } from "../lock";
import { toApplyError } from "../result";
import { defaultBranch } from "./branch";
import { removeOwner } from "./owner";
import { preflight } from "./preflight";
import {
  bestEffort,
  commitInWorktree,
  engineInWorktree,
  freshWorktree,
  noopWhenHeadMatches,
  type PrInput,
  type PrOutcome,
  type PrRun,
  type PrStep,
  storeResult,
} from "./steps";

export type { PrGitInfo, PrInput, PrOutcome } from "./steps";

export function worktreePath(root: string, hex: string): string {
  return layout.worktree(root, hex);
}

/** §15 step 6, under the shared lock, in order. */
const LOCKED_STEPS: readonly PrStep[] = [
  freshWorktree, // 6.1–6.3 leftovers removed, branch re-checked, worktree added
  noopWhenHeadMatches, // 6.4
  engineInWorktree, // 6.5–6.6
  commitInWorktree, // 6.7
  storeResult, // 6.8–6.9a
];

/** 6.10: any exception → rolled-back once the engine had applied, else failed. */
function afterException(pr: PrRun, err: unknown): PrOutcome {
  return { status: pr.engineApplied ? "rolled-back" : "failed", files: pr.files, error: toApplyError(err) };
}

/** 6.11, always: the worktree never outlives the call; a branch without our commit is deleted. */
async function cleanUp(pr: PrRun): Promise<void> {
  let cleaned = await rmrf(pr.wtPath).then(
    () => true,
    () => false,
  );
  await bestEffort(pr, ["worktree", "prune"]);
  if (pr.createdBranch && !pr.committed) {
    const deleted = await bestEffort(pr, ["branch", "--quiet", "-D", pr.branch]);
    // Before the add returned, a failed -D usually means git never created the branch.
    if (pr.added && !deleted) cleaned = false;
  }
  // A record whose cleanup failed stays, so a later PR apply retries once this process is gone.
  if (pr.wroteOwner && cleaned) await removeOwner(pr.input.root, pr.hex12).catch(() => undefined);
}

export async function runPr(input: PrInput): Promise<PrOutcome> {
  const { root, bundle } = input;
  const digest = bundle.manifestDigest;
  const hex = digest.slice(7);
  const pr: PrRun = {
    input,
    digest,
    hex,
    hex12: hex.slice(0, 12),
    branch: input.branch ?? defaultBranch(bundle.manifest.name, hex),
    wtPath: worktreePath(root, hex),
    wroteOwner: false,
    createdBranch: false,
    added: false,
    engineApplied: false,
    committed: false,
    files: [],
  };
  // 2–5
  await preflight({ root, paths: bundle.manifest.artifacts.map((a) => a.path), runner: input.runner }, pr.branch);
  // 6
  const lock = await acquireLock(root, digest, input.lockTimeoutMs);
  try {
    for (const step of LOCKED_STEPS) {
      const outcome = await step(pr);
      if (outcome) return outcome;
    }
    throw new Error("unreachable: storing the result always returns an outcome");
  } catch (err) {
    return afterException(pr, err);
  } finally {
    await cleanUp(pr);
    await lock.release().catch(() => undefined);
  }
}

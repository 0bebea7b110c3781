// PR mode before the lock (apply.md §15 steps 2–5): the branch name, the repository's top level,
// clean touched paths, an unused branch. Every git call goes through the runner (no shell).
import * as fs from "node:fs";
import { axiomError } from "@codai/axiom-schema";
import { toApplyError } from "../result";
import { assertBranchSyntax } from "./branch";
import { comparable } from "./comparable";
import { type GitRunner, runGit } from "./git";

export interface PreflightInput {
  root: string;
  paths: readonly string[];
  runner: GitRunner;
}

/**
 * True when git ran and answered "no" (non-zero exit). A missing git (ERR_GIT_NOT_FOUND) and a
 * timeout (ERR_GIT_FAILED with `timeoutMs`) keep their own codes (apply.md §15 git rules).
 */
function isGitRefusal(err: unknown): boolean {
  const e = err as { code?: string; details?: { timeoutMs?: unknown } };
  return e.code === "ERR_GIT_FAILED" && e.details?.timeoutMs === undefined;
}

/** Step 3: the root is its repository's top level (a sub-directory of a repo is rejected). */
async function assertTopLevel(input: PreflightInput): Promise<void> {
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

export async function branchExists(runner: GitRunner, cwd: string, branch: string): Promise<boolean> {
  try {
    await runGit(runner, cwd, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_GIT_NOT_FOUND") throw err;
    return false;
  }
}

export function existsError(branch: string): Error {
  return axiomError("ERR_GIT_BRANCH_EXISTS", { message: `branch ${branch} already exists`, details: { branch } });
}

/** Steps 2–5: every check that runs before the lock. */
export async function preflight(input: PreflightInput, branch: string): Promise<void> {
  // 2
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
  // 3
  await assertTopLevel(input);
  // 4
  const status = await runGit(input.runner, input.root, [
    "status",
    "--porcelain",
    "--untracked-files=all",
    "--",
    ...input.paths,
  ]);
  const dirty = status.stdout.split("\n").filter((l) => l !== "");
  if (dirty.length) {
    throw axiomError("ERR_GIT_DIRTY", {
      message: `touched paths have uncommitted changes: ${dirty.length}`,
      details: { dirty },
    });
  }
  // 5
  if (await branchExists(input.runner, input.root, branch)) throw existsError(branch);
}

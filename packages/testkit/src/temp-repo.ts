// tempRepo: a real, realpath'd temporary repository built from an inline file tree (like changesets'
// `testdir`), optionally a git repository with one commit of that tree. Inside a test it removes
// itself when the test finishes; elsewhere (beforeAll) the caller calls `cleanup()`.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { makeTempRoot, type Tree, writeTree } from "./temp";

export interface TempRepo {
  root: string;
  /** Absolute path of a POSIX relative path inside the repo. */
  path(rel: string): string;
  /** Writes more entries (same forms as the initial tree). */
  write(tree: Tree): Promise<void>;
  /** A file's text, or null when it does not exist. */
  read(rel: string): Promise<string | null>;
  /** Runs git in the repo (argv, no shell) and returns its stdout. */
  git(...args: string[]): string;
  cleanup(): Promise<void>;
}

export interface TempRepoOptions {
  /** `git init` and commit the tree (author and committer fixed, no user config read). */
  git?: boolean;
  prefix?: string;
}

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "axiom-test",
  GIT_AUTHOR_EMAIL: "test@axiom.invalid",
  GIT_COMMITTER_NAME: "axiom-test",
  GIT_COMMITTER_EMAIL: "test@axiom.invalid",
};

export async function tempRepo(tree: Tree = {}, options: TempRepoOptions = {}): Promise<TempRepo> {
  const { root, cleanup } = await makeTempRoot(options.prefix ?? "axiom-repo-");
  try {
    onTestFinished(() => cleanup());
  } catch {
    // Not inside a test (beforeAll/describe): the caller owns cleanup().
  }
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...GIT_ENV } });
  await writeTree(root, tree);
  if (options.git) {
    git("init", "--quiet", "--initial-branch=main");
    git("add", "--all");
    git("commit", "--quiet", "--allow-empty", "-m", "initial");
  }
  return {
    root,
    path: (rel) => join(root, ...rel.split("/")),
    write: (more) => writeTree(root, more),
    read: (rel) => readFile(join(root, ...rel.split("/")), "utf8").catch(() => null),
    git,
    cleanup,
  };
}

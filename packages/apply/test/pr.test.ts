// PR mode (apply.md §15 and its acceptance lines; threats.md T25.1) on real temporary git repos.
import * as fs from "node:fs";
import * as path from "node:path";
import { ApplyResultSchema } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { type ApplyOptions, apply } from "../src/index";
import { cleanupRoots, hexOf, type Json, makeBundle, writeTree } from "./engine-helpers";
import { git, gitEnvForTests, gitRepo, hook, recordingSpawner, treeBytes } from "./pr-helpers";

afterEach(() => cleanupRoots());

const base = {
  PATH: gitEnvForTests.PATH,
  HOME: gitEnvForTests.HOME,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

function prApply(root: string, bundle: Json, extra: Partial<ApplyOptions> = {}) {
  return apply({ bundle, root, mode: "pr", confirmDigest: bundle.manifestDigest, git: { baseEnv: base }, ...extra });
}

function branches(root: string): string[] {
  return git(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads/"]).split("\n").filter(Boolean).sort();
}

function worktrees(root: string): number {
  return git(root, ["worktree", "list", "--porcelain"])
    .split("\n")
    .filter((l) => l.startsWith("worktree ")).length;
}

const threeFiles = (root: string) =>
  makeBundle(
    [
      { path: "src/new.ts", content: "export const x = 1;\n" },
      { path: "README.md", op: "overwrite", content: "changed\n" },
      { path: "old.txt", op: "delete" },
    ],
    { name: "pr-plan", preImageFrom: root },
  );

describe("apply.md §15 PR mode", () => {
  it("§15: a PR apply creates the branch with exactly the manifest's changes; the shared tree is unchanged byte for byte", async () => {
    const { root } = gitRepo({ "README.md": "hello\n", "old.txt": "bye\n", "keep.txt": "k\n" });
    const bundle = threeFiles(root);
    const hex = hexOf(bundle);
    const before = treeBytes(root);
    const headBefore = git(root, ["rev-parse", "HEAD"]).trim();
    const r = await prApply(root, bundle);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    expect(r.mode).toBe("pr");
    expect(r.root).toBe(root);
    expect(r.journal).toBeUndefined();
    expect(ApplyResultSchema.safeParse(r).success).toBe(true);
    const branch = `axiom/pr-plan/${hex.slice(0, 12)}`;
    expect(r.git?.branch).toBe(branch);
    expect(r.git?.commit).toMatch(/^[a-f0-9]{40}$/);
    expect(r.git?.compareUrl).toBeUndefined(); // no origin
    expect(treeBytes(root)).toEqual(before);
    expect(git(root, ["rev-parse", "HEAD"]).trim()).toBe(headBefore);
    expect(git(root, ["status", "--porcelain"])).toBe("");
    // exactly the manifest's changes, one commit on top of HEAD
    expect(git(root, ["rev-parse", `${branch}~1`]).trim()).toBe(headBefore);
    expect(git(root, ["diff", "--name-status", headBefore, branch]).trim().split("\n").sort()).toEqual([
      "A\tsrc/new.ts",
      "D\told.txt",
      "M\tREADME.md",
    ]);
    expect(git(root, ["show", `${branch}:src/new.ts`])).toBe("export const x = 1;\n");
    expect(git(root, ["show", `${branch}:README.md`])).toBe("changed\n");
    // default commit message
    const msg = git(root, ["log", "-1", "--format=%B", branch]);
    expect(msg).toBe(
      `axiom: apply pr-plan (${hex.slice(0, 12)})\n\nManifest: ${bundle.manifestDigest}\nPlan: sha256:${"1".repeat(64)}\n\n`,
    );
    // worktree removed, applied marker in the shared root, no chain line there (D6)
    expect(fs.existsSync(path.join(root, ".axiom", "wt", hex.slice(0, 12)))).toBe(false);
    expect(worktrees(root)).toBe(1);
    const marker = JSON.parse(fs.readFileSync(path.join(root, ".axiom", "applied", `${hex}.json`), "utf8"));
    expect(marker.mode).toBe("pr");
    expect(marker.git.commit).toBe(r.git?.commit);
    expect(fs.existsSync(path.join(root, ".axiom", "journal", "chain.jsonl"))).toBe(false);
    expect(fs.existsSync(path.join(root, ".axiom", "manifests", `${hex}.json`))).toBe(true);
    // Re-running with the same branch after the commit landed → ERR_GIT_BRANCH_EXISTS
    const again = await prApply(root, bundle);
    expect(again.status).toBe("failed");
    expect(again.error?.code).toBe("ERR_GIT_BRANCH_EXISTS");
    expect(again.error?.details).toEqual({ branch });
  });

  it("§15: commitMessage overrides the default and reaches git on stdin; an explicit branch is used", async () => {
    const { root } = gitRepo();
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
    const r = await prApply(root, bundle, { branch: "feature/x-1", commitMessage: "custom subject\n\nbody line\n" });
    expect(r.status).toBe("applied");
    expect(r.git?.branch).toBe("feature/x-1");
    expect(git(root, ["log", "-1", "--format=%B", "feature/x-1"])).toBe("custom subject\n\nbody line\n\n");
  });

  it("§15 6.4: HEAD already matches every artifact → noop, files unchanged, no git field, branch deleted", async () => {
    const { root } = gitRepo({ "a.txt": "same\n" });
    const bundle = makeBundle([{ path: "a.txt", op: "overwrite", content: "same\n" }]);
    const r = await prApply(root, bundle);
    expect(r.status).toBe("noop");
    expect(r.git).toBeUndefined();
    expect(r.files.map((f) => f.status)).toEqual(["unchanged"]);
    expect(branches(root)).toEqual(["main"]);
    expect(worktrees(root)).toBe(1);
    expect(fs.existsSync(path.join(root, ".axiom", "applied", `${hexOf(bundle)}.json`))).toBe(false);
  });

  it("§15 6.10: a pre-commit hook that rejects → rolled-back, ERR_GIT_FAILED, worktree and branch cleaned", async () => {
    const { root } = gitRepo();
    hook(root, "pre-commit", 'echo "hook says no" >&2\nexit 1');
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }], { name: "hooked" });
    const before = treeBytes(root);
    const r = await prApply(root, bundle);
    expect(r.status).toBe("rolled-back");
    expect(r.error?.code).toBe("ERR_GIT_FAILED");
    expect(r.error?.message).toBe("git commit exited 1: hook says no");
    expect(r.error?.details?.args).toEqual(["commit", "--quiet", "-F", "-"]);
    expect(r.error?.details?.code).toBe(1);
    expect(r.error?.details?.stderr).toContain("hook says no");
    expect(r.git).toBeUndefined();
    expect(branches(root)).toEqual(["main"]);
    expect(worktrees(root)).toBe(1);
    expect(fs.readdirSync(path.join(root, ".axiom", "wt"))).toEqual([]);
    expect(fs.existsSync(path.join(root, ".axiom", "applied", `${hexOf(bundle)}.json`))).toBe(false);
    expect(treeBytes(root)).toEqual(before);
  });

  it("§15 step 5: a branch that exists → ERR_GIT_BRANCH_EXISTS, nothing created", async () => {
    const { root } = gitRepo();
    git(root, ["branch", "taken"]);
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), { branch: "taken" });
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_BRANCH_EXISTS");
    expect(r.error?.details).toEqual({ branch: "taken" });
    expect(fs.existsSync(path.join(root, ".axiom", "wt"))).toBe(false);
  });

  it("§15 step 4: dirty touched paths → ERR_GIT_DIRTY with the porcelain lines; other dirt is ignored", async () => {
    const { root } = gitRepo({ "a.txt": "a\n", "b.txt": "b\n" });
    writeTree(root, { "a.txt": "edited\n", "untracked/new.txt": "u\n", "b.txt": "edited too\n" });
    const bundle = makeBundle([
      { path: "a.txt", op: "overwrite", content: "x\n" },
      { path: "untracked/new.txt", content: "y\n" },
    ]);
    const r = await prApply(root, bundle);
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_DIRTY");
    expect(r.error?.details?.dirty).toEqual([" M a.txt", "?? untracked/new.txt"]);
    // only b.txt dirty (not touched) → fine
    const ok = await prApply(root, makeBundle([{ path: "c.txt", content: "c\n" }]));
    expect(ok.status).toBe("applied");
  });

  it("§15 step 4 decision: pathspecs are literal, so `[a].txt` names exactly that file", async () => {
    const { root } = gitRepo({ "a.txt": "a\n" });
    writeTree(root, { "a.txt": "dirty\n" });
    const r = await prApply(root, makeBundle([{ path: "[a].txt", content: "x\n" }]));
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    expect(git(root, ["show", "--name-only", "--format=", r.git?.branch as string]).trim()).toBe("[a].txt");
  });

  it("§15 step 3: not the top level (a sub-directory) → ERR_GIT_NOT_REPO {root, toplevel}; no repo at all → ERR_GIT_NOT_REPO", async () => {
    const { root } = gitRepo({ "sub/x.txt": "x\n" });
    const sub = path.join(root, "sub");
    const r = await prApply(sub, makeBundle([{ path: "y.txt", content: "y\n" }]));
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_NOT_REPO");
    expect(r.error?.details).toEqual({ root: sub, toplevel: root });
    const plain = path.join(path.dirname(root), "out");
    const r2 = await prApply(plain, makeBundle([{ path: "y.txt", content: "y\n" }]), {
      git: { baseEnv: { ...base, GIT_CEILING_DIRECTORIES: path.dirname(plain) } },
    });
    expect(r2.error?.code).toBe("ERR_GIT_NOT_REPO");
  });

  it("§15 git rules: git missing (PATH without git) → ERR_GIT_NOT_FOUND", async () => {
    const { root, out } = gitRepo();
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
      git: { baseEnv: { ...base, PATH: out } },
    });
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_NOT_FOUND");
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toBe("hello\n");
  });

  it("§15 git rules: a git failure → ERR_GIT_FAILED with details {args, code, stderr}", async () => {
    const { root } = gitRepo();
    // a failing post-checkout hook makes `git worktree add` fail after the pre-lock checks passed
    hook(root, "post-checkout", 'echo "checkout hook fails" >&2\nexit 3');
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), { branch: "wt-fails" });
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_FAILED");
    expect(r.error?.details?.args).toEqual([
      "worktree",
      "add",
      "--quiet",
      "-b",
      "wt-fails",
      path.join(root, ".axiom", "wt", hexOf(makeBundle([{ path: "a.txt", content: "a\n" }])).slice(0, 12)),
      "HEAD",
    ]);
    expect(r.error?.details?.code).toBe(3);
    expect(r.error?.details?.stderr).toContain("checkout hook fails");
    expect(branches(root)).toEqual(["main"]);
    expect(worktrees(root)).toBe(1);
  });

  it("§15 git rules: environment whitelist, no shell, stdio piped", async () => {
    const { root } = gitRepo();
    const rec = recordingSpawner();
    const env = {
      ...base,
      GIT_DIR: "/elsewhere",
      GIT_WORK_TREE: "/elsewhere",
      git_index_file: "/x",
      GIT_GLOB_PATHSPECS: "1",
      GIT_AUTHOR_NAME: "Kept Author",
      SECRET_TOKEN: "s3cret",
      Temp: "/tmp",
    };
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
      git: { spawn: rec.spawn, baseEnv: env },
    });
    expect(r.status).toBe("applied");
    expect(rec.calls.length).toBeGreaterThan(5);
    for (const c of rec.calls) {
      expect(c.command).toBe("git");
      expect(c.shell).toBe(false);
      expect(Object.keys(c.env).sort()).toEqual(
        [
          "GIT_ASKPASS",
          "GIT_AUTHOR_NAME",
          "GIT_CONFIG_GLOBAL",
          "GIT_CONFIG_NOSYSTEM",
          "GIT_LITERAL_PATHSPECS",
          "GIT_TERMINAL_PROMPT",
          "HOME",
          "LC_ALL",
          "PATH",
          "Temp",
        ].sort(),
      );
      expect(c.env).toMatchObject({
        GIT_TERMINAL_PROMPT: "0",
        GIT_ASKPASS: "echo",
        LC_ALL: "C",
        GIT_LITERAL_PATHSPECS: "1",
      });
    }
    expect(git(root, ["log", "-1", "--format=%an", r.git?.branch as string]).trim()).toBe("Kept Author");
  });

  it("§15 compareUrl: GitHub origin with origin/HEAD → compare URL", async () => {
    const { root } = gitRepo();
    git(root, ["remote", "add", "origin", "git@github.com:acme/widgets.git"]);
    git(root, ["update-ref", "refs/remotes/origin/trunk", "HEAD"]);
    git(root, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk"]);
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }], { name: "gh" });
    const r = await prApply(root, bundle);
    expect(r.git?.compareUrl).toBe(
      `https://github.com/acme/widgets/compare/trunk...axiom/gh/${hexOf(bundle).slice(0, 12)}?expand=1`,
    );
  });

  it("§15 step 1: PR mode needs confirmDigest like fs mode", async () => {
    const { root } = gitRepo();
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
    const r = await apply({ bundle, root, mode: "pr", git: { baseEnv: base } });
    expect(r.error?.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(branches(root)).toEqual(["main"]);
  });
  it("§15 6.9a: advanceTrustState → the trust advancer runs on the shared root after the commit; its failure keeps `applied`", async () => {
    const { root } = gitRepo();
    const seen: string[] = [];
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
    const r = await prApply(root, bundle, {
      advanceTrustState: true,
      trustAdvancer: async (where) => {
        seen.push(where);
      },
    });
    expect(r.status).toBe("applied");
    expect(seen).toEqual([root]);
    const errors: string[] = [];
    const r2 = await prApply(root, makeBundle([{ path: "b.txt", content: "b\n" }]), {
      advanceTrustState: true,
      trustAdvancer: async () => {
        throw new Error("disk full");
      },
      onTrustStateError: (e) => errors.push(e.message),
    });
    expect(r2.status).toBe("applied");
    expect(errors).toEqual(["disk full"]);
  });

  it("§15: a repo that does not ignore .axiom/ → still applied; the worktree's .axiom/ is never committed, and .axiom/ ignores itself (CLI-H-8)", async () => {
    const { root } = gitRepo();
    git(root, ["rm", "--quiet", ".gitignore"]);
    git(root, ["commit", "--quiet", "-m", "no ignore"]);
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]));
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    expect(git(root, ["show", "--name-only", "--format=", r.git?.branch as string]).trim()).toBe("a.txt");
    expect(git(root, ["status", "--porcelain"]).trim()).toBe("");
  });
});

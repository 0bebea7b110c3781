// cli.md §7.9 `apply --pr [--branch] [--commit-message|--message]` through the built CLI as a real
// child process, on real temporary git repositories (apply.md §15).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanupRoots, hexOf, type Json, makeBundle } from "../../apply/test/engine-helpers";
import { git, gitRepo, treeBytes } from "../../apply/test/pr-helpers";
import { runCli } from "./cli-run";

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

let root: string;
let out: string;
let bundle: Json;
let bundleFile: string;
beforeEach(() => {
  ({ root, out } = gitRepo({ "README.md": "hello\n", "gone.txt": "bye\n" }));
  bundle = makeBundle(
    [
      { path: "src/a.ts", content: "export const a = 1;\n" },
      { path: "README.md", op: "overwrite", content: "new\n" },
      { path: "gone.txt", op: "delete" },
    ],
    { name: "cli-pr", preImageFrom: root },
  );
  bundleFile = path.join(out, "b.json");
  fs.writeFileSync(bundleFile, JSON.stringify(bundle));
});
afterEach(() => cleanupRoots());

const branchList = () =>
  git(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads/"]).split("\n").filter(Boolean).sort();

describe("axiom apply --pr", () => {
  it("`apply --pr` in a git repo → git.branch = axiom/<name>/<hex12>, commit message `axiom: apply <name> (<hex12>)` with Manifest:/Plan: trailers, shared tree unchanged, exit 0", async () => {
    const before = treeBytes(root);
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, "--pr"], {
      env: GIT_ENV,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    const hex12 = hexOf(bundle).slice(0, 12);
    expect(r).toMatchObject({ mode: "pr", status: "applied", root, git: { branch: `axiom/cli-pr/${hex12}` } });
    expect(r.git.commit).toMatch(/^[a-f0-9]{40}$/);
    expect(r.journal).toBeUndefined();
    const msg = git(root, ["log", "-1", "--format=%B", r.git.branch]).split("\n");
    expect(msg.slice(0, 4)).toEqual([
      `axiom: apply cli-pr (${hex12})`,
      "",
      `Manifest: ${bundle.manifestDigest}`,
      `Plan: ${bundle.manifest.planDigest}`,
    ]);
    expect(treeBytes(root)).toEqual(before);
    expect(git(root, ["status", "--porcelain"])).toBe("");
    expect(git(root, ["show", `${r.git.branch}:src/a.ts`])).toBe("export const a = 1;\n");
    expect(fs.readdirSync(path.join(root, ".axiom", "wt"))).toEqual([]);
    // `axiom show` says where the change went (issue 21, CLI-O7).
    const shown = JSON.parse((await runCli(["show", bundle.manifestDigest, "--root", root])).stdout);
    expect(shown).toMatchObject({ origin: { surface: "cli" }, branch: r.git.branch });
  });

  it("`apply --pr --branch <name> --message <text>` → that branch, that message (the --message alias)", async () => {
    const run = await runCli(
      [
        "apply",
        bundleFile,
        "--root",
        root,
        "--confirm",
        bundle.manifestDigest,
        "--pr",
        "--branch",
        "team/change-1",
        "--message",
        "$(id) `id` -m x\n\nbody",
      ],
      { env: GIT_ENV },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).git.branch).toBe("team/change-1");
    expect(git(root, ["log", "-1", "--format=%B", "team/change-1"]).trimEnd()).toBe("$(id) `id` -m x\n\nbody");
  });

  it("`apply --dry-run --pr --branch x` → mode dry-run, no branch or worktree created, exit 0", async () => {
    const run = await runCli(["apply", bundleFile, "--root", root, "--dry-run", "--pr", "--branch", "x"], {
      env: GIT_ENV,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ mode: "dry-run", status: "applied" });
    expect(branchList()).toEqual(["main"]);
    expect(fs.existsSync(path.join(root, ".axiom", "wt"))).toBe(false);
  });

  it("`apply --pr --branch '-x;rm -rf .'` → ERR_GIT_BRANCH_INVALID in the ApplyResult, exit 1, nothing created", async () => {
    const run = await runCli(
      ["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, "--pr", "--branch=-x;rm -rf ."],
      { env: GIT_ENV },
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      mode: "pr",
      status: "failed",
      error: { code: "ERR_GIT_BRANCH_INVALID", details: { branch: "-x;rm -rf ." } },
    });
    expect(branchList()).toEqual(["main"]);
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toBe("hello\n");
  });

  it("`apply --pr` with a PATH without git → ERR_GIT_NOT_FOUND, exit 1", async () => {
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, "--pr"], {
      env: { ...GIT_ENV, PATH: out },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "ERR_GIT_NOT_FOUND" } });
  });

  it("`apply --pr` twice → the second run reports ERR_GIT_BRANCH_EXISTS, exit 1", async () => {
    const args = ["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, "--pr"];
    expect((await runCli(args, { env: GIT_ENV })).code).toBe(0);
    const again = await runCli(args, { env: GIT_ENV });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).error.code).toBe("ERR_GIT_BRANCH_EXISTS");
  });
});

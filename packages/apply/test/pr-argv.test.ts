// PR mode never hands plan strings to a shell (threats.md T25.1, issue 9 acceptance): a fuzz corpus
// of branch names and commit messages, asserted on the exact argv passed to git by a recording
// spawner wrapped around the real one. Plus the pure rules: branch syntax, compareUrl, timeout.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apply, branchSyntaxProblem, compareUrlFor, defaultRunner, runGit } from "../src/index";
import { cleanupRoots, hexOf, type Json, makeBundle } from "./engine-helpers";
import { git, gitEnvForTests, gitRepo, hook, recordingSpawner } from "./pr-helpers";

afterEach(() => cleanupRoots());

const base = { ...gitEnvForTests };

const SYNTAX_INVALID = [
  "-x;rm -rf .",
  "--force",
  "-",
  "$(touch /tmp/pwn)",
  "`id`",
  "a\nb",
  "a b",
  "feature/ünïcode",
  "名前",
  "a..b",
  "a//b",
  "a@{1}",
  "/abs",
  "ends/",
  "ends.",
  "x.lock",
  "a/b.lock/c",
  "a/.hidden",
  ".dot",
  "",
  "x".repeat(121),
  "a;b",
  "a|b",
  "a&b",
  "a>b",
  "a'b",
  'a"b',
  "a\\b",
  "a~1",
  "a^",
  "a:b",
  "a?b",
  "a*b",
  "a[b",
];

describe("apply.md §15 step 2 / threats.md T25", () => {
  it("T25.1 axiom_apply {mode:'pr', branch:'-x;rm -rf .'} → ERR_GIT_BRANCH_INVALID; no git process spawned", async () => {
    const { root } = gitRepo();
    const rec = recordingSpawner();
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
    const r = await apply({
      bundle,
      root,
      mode: "pr",
      confirmDigest: bundle.manifestDigest,
      branch: "-x;rm -rf .",
      git: { spawn: rec.spawn, baseEnv: base },
    });
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_BRANCH_INVALID");
    expect(r.error?.details).toEqual({ branch: "-x;rm -rf ." });
    expect(rec.calls).toEqual([]);
  });

  it("§15 step 2: a fuzz corpus of invalid branch names → ERR_GIT_BRANCH_INVALID without spawning git", async () => {
    const { root } = gitRepo();
    for (const branch of SYNTAX_INVALID) {
      expect(branchSyntaxProblem(branch), JSON.stringify(branch)).toBeDefined();
      const rec = recordingSpawner();
      const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
      const r = await apply({
        bundle,
        root,
        mode: "pr",
        confirmDigest: bundle.manifestDigest,
        branch,
        git: { spawn: rec.spawn, baseEnv: base },
      });
      expect(r.error?.code, JSON.stringify(branch)).toBe("ERR_GIT_BRANCH_INVALID");
      expect(rec.calls, JSON.stringify(branch)).toEqual([]);
    }
    expect(git(root, ["for-each-ref", "--format=%(refname)", "refs/heads/"]).trim()).toBe("refs/heads/main");
  });

  it("§15 step 2: names that pass the syntax rules reach git only as their own argv element", () => {
    for (const ok of ["main2", "feature/x-1", "a.b/c_d", "A/B/C", "x".repeat(120), "v1.2.3"]) {
      expect(branchSyntaxProblem(ok), ok).toBeUndefined();
    }
  });

  it("§15: commit messages from a fuzz corpus ($(), backticks, newlines, leading dashes, unicode) go on stdin; argv is exact", async () => {
    const { root } = gitRepo();
    const messages = [
      "--amend",
      "-m evil",
      "$(touch /tmp/axiom-pwn-msg)\n",
      "`touch /tmp/axiom-pwn-msg2`",
      "line1\nline2\n\n--\n-F /etc/passwd\n",
      "unicode: ünïcødé 名前 🚀\n",
      "'; rm -rf . ; echo '",
    ];
    let i = 0;
    for (const message of messages) {
      i += 1;
      const rec = recordingSpawner();
      const bundle: Json = makeBundle([{ path: `f${i}.txt`, content: `${i}\n` }], { name: `m-${i}` });
      const hex12 = hexOf(bundle).slice(0, 12);
      const branch = `fuzz/${i}`;
      const r = await apply({
        bundle,
        root,
        mode: "pr",
        confirmDigest: bundle.manifestDigest,
        branch,
        commitMessage: message,
        git: { spawn: rec.spawn, baseEnv: base },
      });
      expect(r.error, message).toBeUndefined();
      expect(r.status).toBe("applied");
      const wt = path.join(root, ".axiom", "wt", hex12);
      const wtReal = wt; // root is realpath'd, so the worktree realpath spells the same
      expect(rec.calls.map((c) => [c.args, c.cwd])).toEqual([
        [["check-ref-format", "--branch", branch], root],
        [["rev-parse", "--show-toplevel"], root],
        [["status", "--porcelain", "--untracked-files=all", "--", `f${i}.txt`], root],
        [["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], root],
        [["worktree", "prune"], root],
        [["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], root],
        [["worktree", "add", "--quiet", "-b", branch, wt, "HEAD"], root],
        [["add", "--", `f${i}.txt`], wtReal],
        [["commit", "--quiet", "-F", "-"], wtReal],
        [["rev-parse", "HEAD"], wtReal],
        [["remote", "get-url", "origin"], wtReal],
        [["worktree", "prune"], root],
      ]);
      for (const c of rec.calls) {
        expect(c.shell).toBe(false);
        expect(c.args.join("\u0000")).not.toContain(message.trim() === "" ? "\u0001" : message.trim());
      }
      // git stores the message it read from stdin verbatim (modulo its own cleanup of trailing blank lines)
      const stored = git(root, ["log", "-1", "--format=%B", branch]);
      expect(stored.trimEnd()).toBe(message.trimEnd().replace(/\n{3,}/g, "\n\n"));
    }
    expect(fs.existsSync("/tmp/axiom-pwn-msg")).toBe(false);
    expect(fs.existsSync("/tmp/axiom-pwn-msg2")).toBe(false);
  });

  it("§15 git rules: timeout → the child is killed → ERR_GIT_FAILED {args, stderr, timeoutMs}", async () => {
    const { root } = gitRepo();
    hook(root, "pre-commit", "sleep 3");
    git(root, ["commit", "--quiet", "--allow-empty", "--no-verify", "-m", "x"]);
    const runner = defaultRunner({ baseEnv: base, timeoutMs: 300 });
    const t0 = Date.now();
    const err = await runGit(runner, root, ["commit", "--quiet", "--allow-empty", "-F", "-"], "msg\n").catch((e) => e);
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(err.code).toBe("ERR_GIT_FAILED");
    expect(err.details).toMatchObject({ args: ["commit", "--quiet", "--allow-empty", "-F", "-"], timeoutMs: 300 });
    expect(typeof err.details.stderr).toBe("string");
  });

  it("§15 git rules: a non-zero exit → message `git <verb> exited <n>: <first stderr line>`, stderr capped at 4096", async () => {
    const { root } = gitRepo();
    const err = await runGit(defaultRunner({ baseEnv: base }), root, ["rev-parse", "--verify", "no-such-ref"]).catch(
      (e) => e,
    );
    expect(err.code).toBe("ERR_GIT_FAILED");
    expect(err.message).toMatch(/^git rev-parse exited 128: fatal: /);
    expect(err.details.args).toEqual(["rev-parse", "--verify", "no-such-ref"]);
    expect(err.details.code).toBe(128);
    expect(err.details.stderr.length).toBeLessThanOrEqual(4096);
  });
});

describe("apply.md §15 compareUrl", () => {
  const b = "axiom/my-plan/0123456789ab";
  it.each([
    [
      "git@github.com:acme/widgets.git",
      `https://github.com/acme/widgets/compare/main...axiom/my-plan/0123456789ab?expand=1`,
    ],
    [
      "https://github.com/acme/widgets",
      `https://github.com/acme/widgets/compare/main...axiom/my-plan/0123456789ab?expand=1`,
    ],
    [
      "https://user@github.com/acme/widgets.git/",
      `https://github.com/acme/widgets/compare/main...axiom/my-plan/0123456789ab?expand=1`,
    ],
    [
      "ssh://git@github.com:22/acme/widgets.git",
      `https://github.com/acme/widgets/compare/main...axiom/my-plan/0123456789ab?expand=1`,
    ],
    ["https://github.com/acme/group/widgets", undefined],
    ["https://github.com/widgets", undefined],
    [
      "git@gitlab.com:group/sub/proj.git",
      `https://gitlab.com/group/sub/proj/-/merge_requests/new?merge_request%5Bsource_branch%5D=axiom%2Fmy-plan%2F0123456789ab`,
    ],
    [
      "https://gitlab.example.org/team/proj",
      `https://gitlab.example.org/team/proj/-/merge_requests/new?merge_request%5Bsource_branch%5D=axiom%2Fmy-plan%2F0123456789ab`,
    ],
    ["https://bitbucket.org/acme/widgets.git", undefined],
    ["/srv/git/repo.git", undefined],
    ["not a url", undefined],
  ])("%s", (remote, expected) => {
    expect(compareUrlFor(remote, "main", b)).toBe(expected);
  });

  it("each /-separated piece is URI-encoded", () => {
    expect(compareUrlFor("git@github.com:a/b.git", "rel/v1", "feat/x.y")).toBe(
      "https://github.com/a/b/compare/rel/v1...feat/x.y?expand=1",
    );
    expect(compareUrlFor("git@github.com:a/b.git", "main", "feat/a_b-c")).toBe(
      "https://github.com/a/b/compare/main...feat/a_b-c?expand=1",
    );
  });
});

// mcp.md axiom_apply {mode: "pr", branch, commitMessage} through the real tool definitions
// (apply.md §15; threats.md T25.1). A recording `git` shim first on PATH proves which git
// processes ran (none for an invalid branch).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, hexOf, makeBundle } from "../../apply/test/engine-helpers";
import { git, gitRepo } from "../../apply/test/pr-helpers";
import { errorOf } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

afterEach(() => cleanupRoots());

const realGit = (() => {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const p = path.join(dir, "git");
    if (dir && fs.existsSync(p)) return p;
  }
  return "/usr/bin/git";
})();

/** Runs `fn` with a PATH whose first entry logs every git argv to `log` and then runs the real git. */
async function withGitShim<T>(dir: string, fn: (log: string) => Promise<T>): Promise<T> {
  const bin = path.join(dir, "shim-bin");
  const log = path.join(dir, "git-calls.log");
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, "git"), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
  fs.chmodSync(path.join(bin, "git"), 0o755);
  const saved = {
    PATH: process.env.PATH,
    GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL,
    GIT_CONFIG_NOSYSTEM: process.env.GIT_CONFIG_NOSYSTEM,
  };
  process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ""}`;
  process.env.GIT_CONFIG_GLOBAL = "/dev/null";
  process.env.GIT_CONFIG_NOSYSTEM = "1";
  try {
    return await fn(log);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe("axiom_apply mode pr (MCP)", () => {
  it("T25.1 axiom_apply {mode:'pr', branch:'-x;rm -rf .'} → ERR_GIT_BRANCH_INVALID; no git process spawned", async () => {
    const { root, out } = gitRepo();
    const bundle = makeBundle([{ path: "a.txt", content: "a\n" }]);
    await withGitShim(out, async (log) => {
      const r = await inProcess([root]).call("axiom_apply", {
        bundle,
        confirmDigest: bundle.manifestDigest,
        mode: "pr",
        branch: "-x;rm -rf .",
      });
      const result = (r.structuredContent ?? {}) as Record<string, unknown>;
      const error = (r.isError ? errorOf(r) : result.error) as { code: string; details?: unknown };
      expect(error.code).toBe("ERR_GIT_BRANCH_INVALID");
      expect(error.details).toEqual({ branch: "-x;rm -rf ." });
      expect(fs.existsSync(log)).toBe(false);
    });
    expect(fs.readdirSync(root).sort()).toEqual([".axiom", ".git", ".gitignore", "README.md"]);
  });

  it("axiom_apply {mode:'pr', branch, commitMessage} on a git root → applied with git {branch, commit}; shared tree untouched", async () => {
    const { root, out } = gitRepo();
    const bundle = makeBundle([{ path: "src/x.ts", content: "x\n" }], { name: "mcp-pr" });
    await withGitShim(out, async (log) => {
      const r = await inProcess([root]).call("axiom_apply", {
        bundle,
        confirmDigest: bundle.manifestDigest,
        mode: "pr",
        branch: "agent/change",
        commitMessage: "agent: add x\n",
      });
      expect(r.isError).not.toBe(true);
      const result = r.structuredContent as { status: string; mode: string; git: { branch: string; commit: string } };
      expect(result).toMatchObject({ status: "applied", mode: "pr", git: { branch: "agent/change" } });
      expect(result.git.commit).toMatch(/^[a-f0-9]{40}$/);
      expect(fs.readFileSync(log, "utf8")).toContain("commit --quiet -F -");
    });
    expect(fs.existsSync(path.join(root, "src", "x.ts"))).toBe(false);
    expect(git(root, ["log", "-1", "--format=%s", "agent/change"]).trim()).toBe("agent: add x");
    expect(fs.existsSync(path.join(root, ".axiom", "applied", `${hexOf(bundle)}.json`))).toBe(true);
  });
});

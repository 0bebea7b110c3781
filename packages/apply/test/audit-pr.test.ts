// Audit of apply.md §15 acceptance (PR mode): lines without a test of their own, on real temp git repos.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ApplyOptions, apply, defaultRunner } from "../src/index";
import { axiomPath, chainLines, cleanupRoots, hexOf, type Json, makeBundle, writeTree } from "./engine-helpers";
import { git, gitEnvForTests, gitRepo, recordingSpawner } from "./pr-helpers";

afterEach(() => cleanupRoots());

const base = {
  PATH: gitEnvForTests.PATH,
  HOME: gitEnvForTests.HOME,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};
const prApply = (root: string, bundle: Json, extra: Partial<ApplyOptions> = {}) =>
  apply({ bundle, root, mode: "pr", confirmDigest: bundle.manifestDigest, git: { baseEnv: base }, ...extra });
const fsApply = (root: string, bundle: Json) =>
  apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest });

describe("apply.md §15 acceptance, PR mode (audit)", () => {
  it("Subsequent fs apply of the same digest on the shared root → first-apply rules (preImage checked), not a re-apply", async () => {
    const { root } = gitRepo({ "README.md": "hello\n" });
    const bundle = makeBundle([{ path: "README.md", op: "overwrite", content: "changed\n" }], {
      name: "pr-then-fs",
      preImageFrom: root,
    });
    const hex = hexOf(bundle);
    const pr = await prApply(root, bundle);
    expect(pr.status).toBe("applied");
    expect(JSON.parse(fs.readFileSync(axiomPath(root, "applied", `${hex}.json`), "utf8")).mode).toBe("pr");
    // The shared tree drifts from the preImage: a re-apply would skip the binding and succeed.
    writeTree(root, { "README.md": "drifted\n" });
    const r = await fsApply(root, bundle);
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(r.error?.details).toMatchObject({ phase: "prepare" });
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toBe("drifted\n");
    // Back to the preImage: a first apply, written to disk, with a chain line and an fs marker.
    writeTree(root, { "README.md": "hello\n" });
    const ok = await fsApply(root, bundle);
    expect(ok.error).toBeUndefined();
    expect(ok.status).toBe("applied");
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toBe("changed\n");
    expect(chainLines(root).length).toBe(1);
    expect(JSON.parse(fs.readFileSync(axiomPath(root, "applied", `${hex}.json`), "utf8")).mode).toBe("fs");
  });

  it("fs apply then PR apply of the same digest → shared applied/<hex>.json still the fs result", async () => {
    const { root } = gitRepo({ "README.md": "hello\n" });
    const bundle = makeBundle([{ path: "new.txt", content: "n\n" }], { name: "fs-then-pr", preImageFrom: root });
    const hex = hexOf(bundle);
    const fsr = await fsApply(root, bundle);
    expect(fsr.status).toBe("applied");
    const markerPath = axiomPath(root, "applied", `${hex}.json`);
    const before = fs.readFileSync(markerPath);
    expect(JSON.parse(before.toString("utf8")).mode).toBe("fs");
    // Dirty touched path (fs result not committed) → ERR_GIT_DIRTY; marker untouched.
    const dirty = await prApply(root, bundle);
    expect(dirty.error?.code).toBe("ERR_GIT_DIRTY");
    expect(fs.readFileSync(markerPath).equals(before)).toBe(true);
    // Commit the fs result, then a PR apply that proceeds (HEAD has the content → noop)
    // still leaves the fs marker byte for byte.
    git(root, ["add", "new.txt"]);
    git(root, ["commit", "--quiet", "-m", "fs result"]);
    const pr = await prApply(root, bundle);
    expect(pr.error).toBeUndefined();
    expect(pr.status).toBe("noop");
    expect(fs.readFileSync(markerPath).equals(before)).toBe(true);
    // And a PR apply that commits (HEAD lacks the file, shared tree clean) still leaves the fs marker.
    git(root, ["reset", "--quiet", "--hard", "HEAD~1"]);
    expect(fs.existsSync(path.join(root, "new.txt"))).toBe(false);
    const pr2 = await prApply(root, bundle);
    expect(pr2.error).toBeUndefined();
    expect(pr2.status).toBe("applied");
    expect(pr2.git?.commit).toMatch(/^[a-f0-9]{40}$/);
    expect(fs.readFileSync(markerPath).equals(before)).toBe(true);
    expect(JSON.parse(fs.readFileSync(markerPath, "utf8")).mode).toBe("fs");
  });

  it("Artifact a[1].txt with an untracked a1.txt present → dirty check and git add see only a[1].txt", async () => {
    const { root } = gitRepo({ "README.md": "hello\n" });
    writeTree(root, { "a1.txt": "untracked\n" });
    const r = await prApply(root, makeBundle([{ path: "a[1].txt", content: "x\n" }], { name: "glob" }));
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    const branch = r.git?.branch as string;
    expect(git(root, ["show", "--name-only", "--format=", branch]).trim()).toBe("a[1].txt");
    expect(git(root, ["show", `${branch}:a[1].txt`])).toBe("x\n");
    // a1.txt stays untracked and untouched in the shared tree
    expect(git(root, ["status", "--porcelain"]).trim()).toBe("?? a1.txt");
    expect(fs.readFileSync(path.join(root, "a1.txt"), "utf8")).toBe("untracked\n");
  });

  it('branch: "-x", "a..b", "a.lock", "a//b", "x@{1}" → ERR_GIT_BRANCH_INVALID, no process spawned for the syntax failure', async () => {
    const { root } = gitRepo();
    for (const branch of ["-x", "a..b", "a.lock", "a//b", "x@{1}"]) {
      const rec = recordingSpawner();
      const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
        branch,
        git: { spawn: rec.spawn, baseEnv: base },
      });
      expect(r.status, branch).toBe("failed");
      expect(r.error?.code, branch).toBe("ERR_GIT_BRANCH_INVALID");
      expect(rec.calls, branch).toEqual([]);
    }
    expect(fs.existsSync(path.join(root, "a.txt"))).toBe(false);
  });

  // The fake git hangs on every command, so the 60 s default hits the first one, `check-ref-format`.
  it("git command exceeding 60 s (fake git) → ERR_GIT_FAILED with details.timeoutMs", {
    timeout: 120_000,
  }, async () => {
    expect(defaultRunner().timeoutMs).toBe(60_000);
    const { root, parent } = gitRepo();
    const fake = fs.mkdtempSync(path.join(parent, "fakegit-"));
    fs.writeFileSync(path.join(fake, "git"), "#!/bin/sh\nexec sleep 300\n");
    fs.chmodSync(path.join(fake, "git"), 0o755);
    const t0 = Date.now();
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
      git: { baseEnv: { ...base, PATH: `${fake}:/usr/bin:/bin` } },
    });
    const took = Date.now() - t0;
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_GIT_FAILED");
    expect(r.error?.details).toMatchObject({ timeoutMs: 60_000 });
    expect(took).toBeGreaterThanOrEqual(59_000);
    expect(took).toBeLessThan(90_000);
    expect((r.error?.details as { args?: string[] } | undefined)?.args?.[0]).toBe("check-ref-format");
  });

  // apply.md §15 git rules "Timeout 60 s → kill the child → ERR_GIT_FAILED": only git's rejection of
  // the name is ERR_GIT_BRANCH_INVALID, a timed-out check-ref-format keeps ERR_GIT_FAILED.
  it("a timed-out `git check-ref-format` → ERR_GIT_FAILED {timeoutMs}, not ERR_GIT_BRANCH_INVALID", async () => {
    const { root, parent } = gitRepo();
    const fake = fs.mkdtempSync(path.join(parent, "fakegit-"));
    fs.writeFileSync(path.join(fake, "git"), "#!/bin/sh\nexec sleep 300\n");
    fs.chmodSync(path.join(fake, "git"), 0o755);
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
      git: { baseEnv: { ...base, PATH: `${fake}:/usr/bin:/bin` }, timeoutMs: 300 },
    });
    expect(r.error?.code).toBe("ERR_GIT_FAILED");
    expect(r.error?.details).toMatchObject({ timeoutMs: 300 });
  });

  // The same rule for `git rev-parse --show-toplevel`: a timeout is not ERR_GIT_NOT_REPO.
  it("a timed-out `git rev-parse --show-toplevel` → ERR_GIT_FAILED {timeoutMs}, not ERR_GIT_NOT_REPO", async () => {
    const { root, parent } = gitRepo();
    const fake = fs.mkdtempSync(path.join(parent, "fakegit-"));
    fs.writeFileSync(
      path.join(fake, "git"),
      '#!/bin/sh\ncase "$1" in check-ref-format) exec /usr/bin/git "$@";; esac\nexec sleep 300\n',
    );
    fs.chmodSync(path.join(fake, "git"), 0o755);
    const r = await prApply(root, makeBundle([{ path: "a.txt", content: "a\n" }]), {
      git: { baseEnv: { ...base, PATH: `${fake}:/usr/bin:/bin` }, timeoutMs: 300 },
    });
    expect(r.error?.code).toBe("ERR_GIT_FAILED");
    expect(r.error?.details).toMatchObject({ timeoutMs: 300 });
  });
});

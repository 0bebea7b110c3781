// A PR apply killed mid-way (SIGKILL skips apply.md §15 step 6.11) leaks `.axiom/wt/<hex12>` and its
// branch; the next PR apply of any digest reclaims a dead owner's leftovers under the lock (APL-16),
// deletes the branch only when it never moved, and never touches a live owner's. Real git repos, a
// real child process frozen at a git call and then SIGKILLed (pr-leak-child.ts), state on disk.
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { layout } from "@codai/axiom-store";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type ApplyOptions, apply } from "../src/index";
import { childBundle } from "./bundle-child";
import { cleanupRoots, hexOf, type Json, makeBundle } from "./engine-helpers";
import { git, gitEnvForTests, gitRepo, hook } from "./pr-helpers";

const children = new Set<ChildProcess>();
const childScript = childBundle(path.join(__dirname, "pr-leak-child.ts"), "axiom-pr-leak-child-");

afterEach(() => {
  for (const c of children) c.kill("SIGKILL");
  children.clear();
  cleanupRoots();
});
afterAll(() => childScript.cleanup());

/** Starts a PR apply of `bundle` in a child; resolves once it is frozen before the `point` git call. */
async function frozenChild(root: string, parent: string, bundle: Json, point: string): Promise<ChildProcess> {
  const bundleFile = path.join(parent, `bundle-${hexOf(bundle).slice(0, 8)}.json`);
  fs.writeFileSync(bundleFile, JSON.stringify(bundle));
  const script = await childScript.script();
  const child = spawn(process.execPath, [script, bundleFile, root, point], {
    shell: false,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...gitEnvForTests },
  });
  children.add(child);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("frozen\n")) resolve();
      else if (out.includes("\n")) reject(new Error(`child did not freeze: ${out}`));
    });
    child.on("exit", (code, signal) => reject(new Error(`child exited (${code ?? signal}) before freezing: ${out}`)));
  });
  return child;
}

async function sigkill(child: ChildProcess): Promise<void> {
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_c, s) => resolve(s)));
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  children.delete(child);
}

const base = { ...gitEnvForTests };

function prApply(root: string, bundle: Json, extra: Partial<ApplyOptions> = {}) {
  return apply({ bundle, root, mode: "pr", confirmDigest: bundle.manifestDigest, git: { baseEnv: base }, ...extra });
}

const branches = (root: string) =>
  git(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads/"]).split("\n").filter(Boolean).sort();

const registered = (root: string) =>
  git(root, ["worktree", "list", "--porcelain"])
    .split("\n")
    .filter((l) => l.startsWith("worktree "))
    .map((l) => l.slice(9));

function wtEntries(root: string): string[] {
  try {
    return fs.readdirSync(path.join(root, ".axiom", "wt")).sort();
  } catch {
    return [];
  }
}

/** Moves a file's mtime `ms` into the past (the APL-12 grace and hour are measured on it). */
function backdate(file: string, ms: number): void {
  const t = (Date.now() - ms) / 1000;
  fs.utimesSync(file, t, t);
}

const GRACE_PASSED = 120_000; // > the 60 s grace, < the 1 h "whatever the pid" age

function leakBundle(name: string, file = `${name}.txt`): { bundle: Json; hex12: string; branch: string } {
  const bundle = makeBundle([{ path: file, content: `${name}\n` }], { name });
  const hex12 = hexOf(bundle).slice(0, 12);
  return { bundle, hex12, branch: `axiom/${name}/${hex12}` };
}

function collectWarns() {
  const warns: { message: string; data?: Record<string, unknown> }[] = [];
  return { warns, onWarn: (message: string, data?: Record<string, unknown>) => warns.push({ message, data }) };
}

describe("APL-16: a SIGKILLed PR apply's worktree and branch are reclaimed by the next PR apply", () => {
  it("killed after the worktree exists: kept while younger than the grace, then worktree, branch and owner record removed", async () => {
    const { root, parent } = gitRepo();
    const a = leakBundle("leak-a");
    const wtA = path.join(root, ".axiom", "wt", a.hex12);
    const child = await frozenChild(root, parent, a.bundle, "git-add");
    // what the killed apply leaves: the engine ran in the worktree, the branch exists, the owner is on record
    expect(fs.readFileSync(path.join(wtA, "leak-a.txt"), "utf8")).toBe("leak-a\n");
    expect(registered(root)).toEqual([root, wtA]);
    expect(branches(root)).toEqual([a.branch, "main"].sort());
    expect(JSON.parse(fs.readFileSync(`${wtA}.owner`, "utf8"))).toMatchObject({
      pid: child.pid,
      host: os.hostname(),
      manifestDigest: a.bundle.manifestDigest,
      branch: a.branch,
      created: true,
    });
    await sigkill(child);

    // apply.md §15 step 5 runs before the lock: the same digest and branch is still reported
    expect((await prApply(root, a.bundle)).error?.code).toBe("ERR_GIT_BRANCH_EXISTS");

    // dead, but younger than the 60 s grace (its pid might be another host's): left alone
    const b = leakBundle("leak-b");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root, wtA]);
    expect(branches(root)).toEqual([a.branch, b.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([a.hex12, `${a.hex12}.owner`]);

    backdate(`${wtA}.owner`, GRACE_PASSED);
    const c = leakBundle("leak-c");
    const { warns, onWarn } = collectWarns();
    expect((await prApply(root, c.bundle, { onWarn })).status).toBe("applied");
    expect(warns).toEqual([]);
    expect(registered(root)).toEqual([root]);
    expect(branches(root)).toEqual([b.branch, c.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([]);
    expect(fs.existsSync(wtA)).toBe(false);
    // the shared tree was never written
    expect(fs.existsSync(path.join(root, "leak-a.txt"))).toBe(false);

    // and the killed digest now applies on its default branch
    const again = await prApply(root, a.bundle);
    expect(again.status).toBe("applied");
    expect(again.git?.branch).toBe(a.branch);
    expect(git(root, ["show", `${a.branch}:leak-a.txt`])).toBe("leak-a\n");
  }, 60_000);

  it("killed after the commit landed: the worktree is removed, the branch with its commit is kept", async () => {
    const { root, parent } = gitRepo();
    const a = leakBundle("landed");
    const child = await frozenChild(root, parent, a.bundle, "after-commit");
    expect(git(root, ["rev-list", "--count", `main..${a.branch}`]).trim()).toBe("1");
    await sigkill(child);
    backdate(path.join(root, ".axiom", "wt", `${a.hex12}.owner`), GRACE_PASSED);

    const b = leakBundle("other");
    const { warns, onWarn } = collectWarns();
    expect((await prApply(root, b.bundle, { onWarn })).status).toBe("applied");
    expect(registered(root)).toEqual([root]);
    expect(wtEntries(root)).toEqual([]);
    expect(branches(root)).toEqual([a.branch, b.branch, "main"].sort());
    expect(git(root, ["show", `${a.branch}:landed.txt`])).toBe("landed\n");
    expect(warns).toEqual([
      {
        message: "leaked PR branch kept",
        data: { branch: a.branch, reason: "it moved since it was created (or has no reflog)" },
      },
    ]);
  }, 60_000);

  it("killed in step 6.11 after the worktree was removed, before `branch -D`: the branch is deleted", async () => {
    const { root, parent } = gitRepo();
    hook(root, "pre-commit", "exit 1");
    const a = leakBundle("hooked");
    const child = await frozenChild(root, parent, a.bundle, "branch-delete");
    expect(fs.existsSync(path.join(root, ".axiom", "wt", a.hex12))).toBe(false);
    expect(registered(root)).toEqual([root]);
    expect(branches(root)).toEqual([a.branch, "main"].sort());
    await sigkill(child);
    fs.rmSync(path.join(root, ".git", "hooks", "pre-commit"));
    backdate(path.join(root, ".axiom", "wt", `${a.hex12}.owner`), GRACE_PASSED);

    const b = leakBundle("next");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(branches(root)).toEqual([b.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([]);
  }, 60_000);

  it("killed before `git worktree add`: only the owner record is left, and it is removed", async () => {
    const { root, parent } = gitRepo();
    const a = leakBundle("early");
    const child = await frozenChild(root, parent, a.bundle, "worktree-add");
    const owner = path.join(root, ".axiom", "wt", `${a.hex12}.owner`);
    expect(JSON.parse(fs.readFileSync(owner, "utf8"))).toMatchObject({ branch: a.branch, created: false });
    await sigkill(child);
    backdate(owner, GRACE_PASSED);
    const b = leakBundle("later");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(wtEntries(root)).toEqual([]);
    expect(branches(root)).toEqual([b.branch, "main"].sort());
  }, 60_000);

  it("a leaked branch that has a remote-tracking ref of its name (pushed) is kept; its worktree is not", async () => {
    const { root, parent } = gitRepo();
    const a = leakBundle("pushed");
    const child = await frozenChild(root, parent, a.bundle, "git-add");
    await sigkill(child);
    git(root, ["update-ref", `refs/remotes/origin/${a.branch}`, a.branch]);
    backdate(path.join(root, ".axiom", "wt", `${a.hex12}.owner`), GRACE_PASSED);
    const b = leakBundle("after-push");
    const { warns, onWarn } = collectWarns();
    expect((await prApply(root, b.bundle, { onWarn })).status).toBe("applied");
    expect(registered(root)).toEqual([root]);
    expect(wtEntries(root)).toEqual([]);
    expect(branches(root)).toEqual([b.branch, "main", a.branch].sort());
    expect(warns.map((w) => w.data?.reason)).toEqual(["a remote-tracking ref of that name exists"]);
  }, 60_000);

  it("a live owner's worktree is never removed, even past the grace and without its lock; once killed it is", async () => {
    const { root, parent } = gitRepo();
    const a = leakBundle("alive");
    const wtA = path.join(root, ".axiom", "wt", a.hex12);
    const child = await frozenChild(root, parent, a.bundle, "git-add");
    // As if its lock had been reclaimed (only another host's > 1 h old record is, §11.2): the root
    // lock no longer shields the worktree, only the owner rule does.
    fs.rmSync(layout.lock(root), { force: true });
    backdate(`${wtA}.owner`, GRACE_PASSED);

    const b = leakBundle("beside");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(fs.readFileSync(path.join(wtA, "alive.txt"), "utf8")).toBe("alive\n");
    expect(registered(root)).toEqual([root, wtA]);
    expect(branches(root)).toEqual([a.branch, b.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([a.hex12, `${a.hex12}.owner`]);

    await sigkill(child);
    const c = leakBundle("after");
    expect((await prApply(root, c.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root]);
    expect(branches(root)).toEqual([b.branch, c.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([]);
  }, 60_000);

  it("no owner record (a pre-APL-16 layout): the worktree goes only after 1 h, with its default-named branch", async () => {
    const { root } = gitRepo();
    const hex12 = "0123456789ab";
    const wt = path.join(root, ".axiom", "wt", hex12);
    const branch = `axiom/old-plan/${hex12}`;
    fs.mkdirSync(path.dirname(wt), { recursive: true });
    git(root, ["worktree", "add", "--quiet", "-b", branch, wt, "HEAD"]);
    backdate(wt, 30 * 60_000);
    const b = leakBundle("young");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root, wt]);
    expect(branches(root)).toContain(branch);

    backdate(wt, 2 * 60 * 60_000);
    const c = leakBundle("old");
    expect((await prApply(root, c.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root]);
    expect(branches(root)).toEqual([b.branch, c.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([]);
  }, 60_000);

  it("another host's owner record: its pid is not probed, so it stays until 1 h old", async () => {
    const { root } = gitRepo();
    const hex12 = "fedcba987654";
    const wt = path.join(root, ".axiom", "wt", hex12);
    const branch = "feature/from-elsewhere";
    fs.mkdirSync(path.dirname(wt), { recursive: true });
    git(root, ["worktree", "add", "--quiet", "-b", branch, wt, "HEAD"]);
    const owner = `${wt}.owner`;
    fs.writeFileSync(
      owner,
      JSON.stringify({
        pid: 2 ** 22 + 12345, // beyond pid_max on this host: dead here
        host: "elsewhere.invalid",
        time: new Date().toISOString(),
        manifestDigest: `sha256:${hex12}${"0".repeat(52)}`,
        branch,
        created: true,
      }),
    );
    backdate(owner, 30 * 60_000);
    const b = leakBundle("first");
    expect((await prApply(root, b.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root, wt]);

    backdate(owner, 2 * 60 * 60_000);
    const c = leakBundle("second");
    expect((await prApply(root, c.bundle)).status).toBe("applied");
    expect(registered(root)).toEqual([root]);
    expect(branches(root)).toEqual([b.branch, c.branch, "main"].sort());
    expect(wtEntries(root)).toEqual([]);
  }, 60_000);
});

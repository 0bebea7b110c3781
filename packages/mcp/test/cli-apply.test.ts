// cli.md §7.9 `apply` and §7.10 `rollback`: outputs and exit codes, run as a real child process.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Json, makeBundle } from "../../apply/test/engine-helpers";
import { errorLine, runCli, type TempDir, tempDir } from "./cli-run";

let t: TempDir;
let root: string;
let bundleFile: string;
let bundle: Json;
beforeEach(async () => {
  t = await tempDir("axiom-cli-apply-");
  root = path.join(fs.realpathSync(t.dir), "R");
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, "keep.txt"), "old\n");
  bundle = makeBundle([
    { path: "src/a.ts", content: "export const a = 1;\n" },
    { path: "keep.txt", op: "overwrite", content: "new\n" },
  ]);
  bundleFile = path.join(t.dir, "b.json");
  fs.writeFileSync(bundleFile, JSON.stringify(bundle));
});
afterEach(() => t.cleanup());

describe("axiom apply", () => {
  it("`axiom apply b.json --root R` without `--confirm` → ERR_CONFIRM_DIGEST_MISMATCH on stderr as one JSON line {code, message, details: {confirmDigest: null, manifestDigest}}, exit 2", async () => {
    const run = await runCli(["apply", bundleFile, "--root", root, "--profile", "no-such-profile"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(errorLine(run)).toMatchObject({
      code: "ERR_CONFIRM_DIGEST_MISMATCH",
      details: { confirmDigest: null, manifestDigest: bundle.manifestDigest },
    });
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("old\n");
  });

  it("`apply --confirm sha256:<other>` → ERR_CONFIRM_DIGEST_MISMATCH {confirmDigest, manifestDigest}, exit 2", async () => {
    const other = `sha256:${"e".repeat(64)}`;
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", other]);
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({
      code: "ERR_CONFIRM_DIGEST_MISMATCH",
      details: { confirmDigest: other, manifestDigest: bundle.manifestDigest },
    });
  });

  it("`axiom apply b.json --root R --dry-run` → ApplyResult on stdout, exit 0; --confirm ignored; nothing written outside .axiom/", async () => {
    const run = await runCli([
      "apply",
      bundleFile,
      "--root",
      root,
      "--dry-run",
      "--confirm",
      `sha256:${"e".repeat(64)}`,
    ]);
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r).toMatchObject({ kind: "ApplyResult", mode: "dry-run", status: "applied" });
    expect(r.diff).toContain("--- a/keep.txt\n+++ b/keep.txt\n");
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("old\n");
    expect(fs.existsSync(path.join(root, "src"))).toBe(false);
  });

  it("`apply --confirm <digest>` on a clean tree → applied, exit 0; again → noop, exit 0; bundle stored at .axiom/manifests/<hex>.json", async () => {
    const first = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: "applied", mode: "fs", root });
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("new\n");
    const again = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).status).toBe("noop");
    expect(fs.existsSync(path.join(root, ".axiom", "manifests", `${bundle.manifestDigest.slice(7)}.json`))).toBe(true);
  });

  it("issue 4 / apply.md §5.4: `axiom apply` runs the effective profile first; a secret in the content (default profile) → status failed, ERR_CHECKS_FAILED with {verdict, findings}, exit 1, nothing written", async () => {
    const secret = makeBundle([{ path: "src/creds.ts", content: `export const key = "AKIA${"Q".repeat(16)}";\n` }]);
    fs.writeFileSync(bundleFile, JSON.stringify(secret));
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", secret.manifestDigest]);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      status: "failed",
      error: { code: "ERR_CHECKS_FAILED", details: { verdict: "fail" } },
    });
    expect(result.error.details.findings).toEqual(["content.noSecrets.awsKey"]);
    expect(fs.existsSync(path.join(root, "src/creds.ts"))).toBe(false);
    // `--profile permissive` (an operator's choice, D26) drops that check: the same bundle applies.
    const permissive = await runCli([
      "apply",
      bundleFile,
      "--root",
      root,
      "--confirm",
      secret.manifestDigest,
      "--profile",
      "permissive",
    ]);
    expect(permissive.code).toBe(0);
    expect(fs.existsSync(path.join(root, "src/creds.ts"))).toBe(true);
  });

  it("Apply ending failed (e.g. ERR_LOCKED with --lock-timeout 0 while another holds the lock) → ApplyResult on stdout, exit 1", async () => {
    fs.mkdirSync(path.join(root, ".axiom"), { recursive: true });
    fs.writeFileSync(
      path.join(root, ".axiom", "lock"),
      JSON.stringify({
        pid: process.pid,
        hostname: (await import("node:os")).hostname(),
        startedAt: new Date().toISOString(),
        manifestDigest: `sha256:${"c".repeat(64)}`,
      }),
    );
    const run = await runCli([
      "apply",
      bundleFile,
      "--root",
      root,
      "--confirm",
      bundle.manifestDigest,
      "--lock-timeout",
      "0",
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "ERR_LOCKED" } });
  });

  it("`--lock-timeout 600001` / `1e3` / `--keep-backups -1` / `1001` → usage error exit 2; `--lock-timeout 0` and `--keep-backups 1000` accepted", async () => {
    for (const flags of [
      ["--lock-timeout", "600001"],
      ["--lock-timeout", "1e3"],
      ["--keep-backups", "-1"],
      ["--keep-backups", "1001"],
    ]) {
      const run = await runCli(["apply", bundleFile, "--root", root, "--dry-run", ...flags]);
      expect(run.code, flags.join(" ")).toBe(2);
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
    const ok = await runCli([
      "apply",
      bundleFile,
      "--root",
      root,
      "--dry-run",
      "--lock-timeout",
      "0",
      "--keep-backups",
      "1000",
    ]);
    expect(ok.code).toBe(0);
  });

  it("`apply --branch x` or `--commit-message m` without --pr → usage error, exit 2, nothing written; `--message m --commit-message m` → usage error", async () => {
    for (const flags of [
      ["--branch", "x"],
      ["--commit-message", "m"],
      ["--pr", "--message", "m", "--commit-message", "m"],
    ]) {
      const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, ...flags]);
      expect(run.code, flags.join(" ")).toBe(2);
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("old\n");
  });

  it("`axiom apply b.json` without `--root` → usage error, exit 2; a root that is not a directory → ERR_ROOT_NOT_DIR, exit 2", async () => {
    expect((await runCli(["apply", bundleFile, "--dry-run"])).code).toBe(2);
    const run = await runCli(["apply", bundleFile, "--root", path.join(root, "keep.txt"), "--dry-run"]);
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_ROOT_NOT_DIR");
  });

  it("a bundle file that is missing → ERR_NOT_FOUND; not JSON → ERR_INVALID_MANIFEST; tampered digest → ERR_NOT_CANONICAL; exit 2", async () => {
    expect(errorLine(await runCli(["apply", path.join(t.dir, "none.json"), "--root", root, "--dry-run"])).code).toBe(
      "ERR_NOT_FOUND",
    );
    fs.writeFileSync(bundleFile, "{");
    expect(errorLine(await runCli(["apply", bundleFile, "--root", root, "--dry-run"])).code).toBe(
      "ERR_INVALID_MANIFEST",
    );
    fs.writeFileSync(bundleFile, JSON.stringify({ ...bundle, manifestDigest: `sha256:${"a".repeat(64)}` }));
    expect(errorLine(await runCli(["apply", bundleFile, "--root", root, "--dry-run"])).code).toBe("ERR_NOT_CANONICAL");
  });

  it("`--pr` on a root that is not a git repository → ApplyResult failed with ERR_GIT_NOT_REPO, exit 1 (PR mode proper: cli-apply-pr.test.ts)", async () => {
    const run = await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest, "--pr"], {
      env: { GIT_CEILING_DIRECTORIES: path.dirname(root) },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      mode: "pr",
      status: "failed",
      error: { code: "ERR_GIT_NOT_REPO" },
    });
  });
});

describe("axiom rollback", () => {
  it("`rollback <digest> --root .` after an apply → {manifestDigest, status: rolled-back, phase: rolled-back, steps: [...], root}, tree restored, exit 0; again → same document, exit 0; bare hex accepted; `deadbeef` → ERR_NOT_FOUND exit 2", async () => {
    expect((await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest])).code).toBe(0);
    const run = await runCli(["rollback", bundle.manifestDigest, "--root", "."], { cwd: root });
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({
      manifestDigest: bundle.manifestDigest,
      status: "rolled-back",
      phase: "rolled-back",
      root,
    });
    expect(doc.steps).toHaveLength(2);
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("old\n");
    expect(fs.existsSync(path.join(root, "src", "a.ts"))).toBe(false);
    const again = await runCli(["rollback", bundle.manifestDigest.slice(7), "--root", root]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(doc);
    const bad = await runCli(["rollback", "deadbeef", "--root", root]);
    expect(bad.code).toBe(2);
    expect(errorLine(bad).code).toBe("ERR_NOT_FOUND");
  });

  it("`rollback <digest>` after a file of that apply was edited → ERR_PREIMAGE_CHANGED details.phase rollback, nothing touched, exit 2; with --force → rolled back, exit 0", async () => {
    expect((await runCli(["apply", bundleFile, "--root", root, "--confirm", bundle.manifestDigest])).code).toBe(0);
    fs.writeFileSync(path.join(root, "src", "a.ts"), "edited\n");
    const run = await runCli(["rollback", bundle.manifestDigest, "--root", root]);
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "src/a.ts",
      details: { phase: "rollback" },
    });
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("new\n");
    const forced = await runCli(["rollback", bundle.manifestDigest, "--root", root, "--force"]);
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(path.join(root, "keep.txt"), "utf8")).toBe("old\n");
  });
});

// cli.md §7.8 `check`, §9.1 its text form, and the check lines of cli.md's acceptance list; the
// built bin runs as a real child process against real temp roots.
import { readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { formatCheckReport } from "@codai/axiom-checks";
import { CheckReportSchema } from "@codai/axiom-schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeBundle } from "../../checks/test/helpers";
import { errorLine, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;
beforeEach(async () => {
  t = await tempDir("axiom-cli-check-");
  root = await realpath(t.dir);
});
afterEach(() => t.cleanup());

async function bundleFile(
  spec: Parameters<typeof makeBundle>[0],
  name = "b.json",
): Promise<{ file: string; hex: string }> {
  const bundle = makeBundle(spec);
  const file = await t.write(name, JSON.stringify(bundle));
  return { file, hex: bundle.manifestDigest.slice(7) };
}

const profile = (name: string, checks: unknown[], facts?: Record<string, boolean>) =>
  JSON.stringify({ apiVersion: "axiom.dev/v2", kind: "Profile", name, checks, ...(facts ? { facts } : {}) });

describe("axiom check: verdicts and exit codes", () => {
  it("check verdict pass → 0, text header PASS <digest> (<profile>, <n> ms)", async () => {
    const { file, hex } = await bundleFile({ artifacts: [{ path: "src/a.ts", content: "export {}\n" }] });
    // Text is for a terminal (CLI-O1): NO_COLOR keeps it plain there.
    const run = await runCliTty(["check", file, "--root", root], { cwd: root, env: { NO_COLOR: "1" } });
    expect(run.code).toBe(0);
    expect(run.output).toMatch(new RegExp(`^PASS sha256:${hex} \\(default, \\d+ ms\\)\\n$`));
    expect(run.output).not.toContain("\u001b");
    // Piped, the same verb prints the CheckReport.
    expect(JSON.parse((await runCli(["check", file, "--root", root])).stdout).verdict).toBe("pass");
  });

  it("check verdict fail → 1 (text header FAIL <digest> (<profile>, <n> ms) and one line per finding); a warn finding line starts '  warn  '", async () => {
    await t.write(
      ".axiom/profiles/shop.json",
      profile("shop", [
        { id: "harnessConfig.deny", predicate: "path.deny", params: { globs: [".claude/settings.json"] } },
        { id: "docs", predicate: "path.deny", params: { globs: ["docs/**"] }, severity: "warn" },
      ]),
    );
    const { file, hex } = await bundleFile({
      artifacts: [
        { path: ".claude/settings.json", content: "{}" },
        { path: "docs/a.md", content: "" },
      ],
      profile: "shop",
    });
    const run = await runCliTty(["check", file, "--root", root], { cwd: root });
    expect(run.code).toBe(1);
    const lines = run.plain.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^FAIL sha256:${hex} \\(shop, \\d+ ms\\)$`));
    expect(lines[1]).toBe("  error path.deny .claude/settings.json: path matches a denied glob");
    expect(lines[2]).toBe("  warn  path.deny docs/a.md: path matches a denied glob");
    expect(lines[3]).toBe("");
  });

  it("check verdict error → 1 (CheckReport on stdout with --json)", async () => {
    await t.write(".axiom/profiles/broken.json", profile("broken", [{ id: "x", predicate: "foo.bar", params: {} }]));
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }] });
    const run = await runCli(["check", file, "--root", root, "--profile", "broken", "--json"]);
    expect(run.code).toBe(1);
    const report = CheckReportSchema.parse(JSON.parse(run.stdout));
    expect(report.verdict).toBe("error");
    expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_UNKNOWN");
  });

  it("`--json` prints the CheckReport instead; check writes <root>/.axiom/reports/<hex>.json equal to the --json stdout document", async () => {
    const { file, hex } = await bundleFile({ artifacts: [{ path: "a.txt", content: "AKIAABCDEFGHIJKLMNOP" }] });
    const run = await runCli(["check", file, "--root", root, "--json"]);
    expect(run.code).toBe(1);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    const stored = await readFile(join(root, ".axiom", "reports", `${hex}.json`), "utf8");
    expect(stored).toBe(run.stdout);
    expect(JSON.parse(stored).findings[0].id).toBe("content.noSecrets.awsKey");
    // A second run replaces the stored report of the same digest.
    const again = await runCli(["check", file, "--root", root, "--json"]);
    expect(await readFile(join(root, ".axiom", "reports", `${hex}.json`), "utf8")).toBe(again.stdout);
  });

  it("preImage is verified against the root: a drifted target → verdict error, exit 1", async () => {
    await t.write("a.txt", "now");
    const { file } = await bundleFile({
      artifacts: [{ path: "a.txt", op: "overwrite", content: "x" }],
      preImage: [{ path: "a.txt", sha256: "d".repeat(64) }],
    });
    const run = await runCli(["check", file, "--root", root, "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.preImage).toBe("drifted");
    expect(report.findings[0].id).toBe("manifest.preImage");
  });

  it("`axiom check b.json --root R --profile permissive` (CLI) → runs without any allow flag", async () => {
    const { file } = await bundleFile({ artifacts: [{ path: ".claude/settings.json", content: "{}" }] });
    expect((await runCli(["check", file, "--root", root])).code).toBe(1);
    const run = await runCli(["check", file, "--root", root, "--profile", "permissive", "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).profile).toBe("permissive");
  });
});

describe("axiom check: errors before a report (exit 2)", () => {
  it("`--profile nope` → ERR_INVALID_PROFILE on stderr, 2", async () => {
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }] });
    const run = await runCli(["check", file, "--root", root, "--profile", "nope"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(errorLine(run)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { profile: "nope" } });
  });

  it("`axiom check b.json --root . --guard-allowlist rel/path` → usage error, exit 2", async () => {
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }] });
    const run = await runCli(["check", file, "--root", ".", "--guard-allowlist", "rel/path"], { cwd: root });
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_USAGE");
  });

  it("With AXIOM_ROOT=some/dir in the environment, `axiom check b.json` (no --root) → usage error, exit 2 (no environment fallback)", async () => {
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }] });
    const run = await runCli(["check", file], { cwd: root, env: { AXIOM_ROOT: root } });
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_USAGE");
  });

  it("`axiom check notjson.txt --root .` → ERR_INVALID_MANIFEST, exit 2; 0xFF in the bundle → ERR_INVALID_MANIFEST {file, reason: not-utf8}", async () => {
    await t.write("notjson.txt", "hello");
    const run = await runCli(["check", "notjson.txt", "--root", "."], { cwd: root });
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_INVALID_MANIFEST");
    await t.write("ff.json", new Uint8Array([0x7b, 0xff, 0x7d]));
    const ff = await runCli(["check", "ff.json", "--root", "."], { cwd: root });
    expect(errorLine(ff)).toMatchObject({
      code: "ERR_INVALID_MANIFEST",
      details: { file: "ff.json", reason: "not-utf8" },
    });
  });

  it("a missing bundle → ERR_NOT_FOUND {file}; --root that is not a directory → ERR_ROOT_NOT_DIR; a tampered manifestDigest → ERR_NOT_CANONICAL", async () => {
    const missing = await runCli(["check", "missing.json", "--root", "."], { cwd: root });
    expect(errorLine(missing)).toMatchObject({ code: "ERR_NOT_FOUND", details: { file: "missing.json" } });
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }] });
    const notDir = await runCli(["check", file, "--root", join(root, "nope")]);
    expect(errorLine(notDir)).toMatchObject({ code: "ERR_ROOT_NOT_DIR" });
    const bundle = JSON.parse(await readFile(file, "utf8"));
    bundle.manifestDigest = `sha256:${"e".repeat(64)}`;
    await writeFile(file, JSON.stringify(bundle));
    expect(errorLine(await runCli(["check", file, "--root", root])).code).toBe("ERR_NOT_CANONICAL");
  });
});

describe("axiom check: guards", () => {
  const guardProfile = (params: Record<string, unknown>) =>
    profile("guarded", [{ id: "lint", predicate: "guard.external", params }], { allowRepo: true, allowGuards: true });

  it("a guard runs only with --allow-guards and a profile that allows guards", async () => {
    await t.write(".axiom/profiles/guarded.json", guardProfile({ command: "lint.mjs", stdin: "none" }));
    await t.write(
      "scripts/lint.mjs",
      'process.stdout.write(JSON.stringify({ok:false,findings:[{id:"lint.x",message:"bad",path:"a.txt"}]}))',
    );
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }], profile: "guarded" });
    const off = JSON.parse((await runCli(["check", file, "--root", root, "--json"])).stdout);
    expect(off.findings[0].facts.code).toBe("ERR_FACT_DISABLED");
    const on = await runCli(["check", file, "--root", root, "--allow-guards", "--json"]);
    expect(on.code).toBe(1);
    expect(JSON.parse(on.stdout).findings.map((f: { id: string }) => f.id)).toEqual(["lint.x"]);
  });

  it('109. cwd: "staging" in CLI check → ERR_PREDICATE_PARAMS', async () => {
    await t.write(".axiom/profiles/guarded.json", guardProfile({ command: "lint.mjs", cwd: "staging" }));
    await t.write("scripts/lint.mjs", 'process.stdout.write("{\\"ok\\":true}")');
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }], profile: "guarded" });
    const run = await runCli(["check", file, "--root", root, "--allow-guards", "--json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).findings[0].facts.code).toBe("ERR_PREDICATE_PARAMS");
  });

  it("an absolute guard in --guard-allowlist runs", async () => {
    const script = await t.write("tools/g.mjs", 'process.stdout.write("{\\"ok\\":true}")');
    await t.write(".axiom/profiles/guarded.json", guardProfile({ command: script }));
    const { file } = await bundleFile({ artifacts: [{ path: "a.txt", content: "" }], profile: "guarded" });
    const run = await runCli(["check", file, "--root", root, "--allow-guards", "--guard-allowlist", script, "--json"]);
    expect(run.code).toBe(0);
  });
});

describe("check text form (§9.1) and colour (§9.2)", () => {
  const report = CheckReportSchema.parse({
    apiVersion: "axiom.dev/v2",
    kind: "CheckReport",
    manifestDigest: `sha256:${"2".repeat(64)}`,
    profile: "shop",
    verdict: "fail",
    findings: [
      {
        id: "path.deny",
        severity: "error",
        predicate: "path.deny",
        message: "path matches a denied glob",
        path: ".claude/settings.json",
        facts: {},
      },
      {
        id: "deps.max",
        severity: "warn",
        predicate: "deps.max",
        message: "61 dependencies declared (max 50)",
        facts: {},
      },
    ],
    factsDigest: `sha256:${"3".repeat(64)}`,
    durationMs: 14,
    providers: ["manifest", "content", "repo", "guard"].map((name) => ({ name, status: "ok", ms: 0 })),
    preImage: "verified",
  });

  it("text form matches the §9.1 example shape", () => {
    expect(formatCheckReport(report)).toBe(
      `FAIL sha256:${"2".repeat(64)} (shop, 14 ms)\n  error path.deny .claude/settings.json: path matches a denied glob\n  warn  deps.max: 61 dependencies declared (max 50)\n`,
    );
  });

  it("stdout a TTY and NO_COLOR unset → FAIL wrapped in ESC[31m…ESC[0m; coloured output with every ESC[…m removed equals the plain output", () => {
    const coloured = formatCheckReport(report, { colour: true });
    expect(coloured.startsWith("\u001b[31mFAIL\u001b[0m ")).toBe(true);
    expect(coloured).toContain("\u001b[33mwarn\u001b[0m  deps.max");
    expect(coloured.replace(new RegExp(`${"\u001b"}\\[[0-9;]*m`, "g"), "")).toBe(formatCheckReport(report));
  });
});

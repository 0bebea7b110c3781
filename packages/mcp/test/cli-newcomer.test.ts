// Issue 21 acceptance: a newcomer's first walk on a real repository, on a real terminal —
// compile → check → dry run → apply → log → show → rollback → status — asserting the text a person
// reads at each step; then the same verbs piped print the JSON documents scripts read.
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;
let digest: string;
let hex12: string;

function git(args: string[]): void {
  const r = spawnSync("git", args, {
    cwd: root,
    shell: false,
    env: { PATH: process.env.PATH ?? "", HOME: root, GIT_CONFIG_NOSYSTEM: "1" },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

const tty = (args: string[], env?: Record<string, string>) => runCliTty(args, { cwd: root, env });

beforeAll(async () => {
  t = await tempDir("axiom-newcomer-");
  root = t.dir;
  git(["init", "-q"]);
  await t.write("README.md", "# my project\n");
  git(["add", "README.md"]);
  git(["-c", "user.email=a@example.com", "-c", "user.name=a", "commit", "-qm", "init"]);
  await t.write(
    "hello.plan.json",
    JSON.stringify({
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "hello",
      intent: "greet the reader",
      artifacts: [
        { path: "README.md", op: "overwrite", source: { type: "inline", content: "# hello\n" } },
        { path: "src/hello.ts", source: { type: "inline", content: "export const hello = 1;\n" } },
      ],
    }),
  );
});
afterAll(() => t.cleanup());

describe("a newcomer's walk on a terminal (issue 21)", () => {
  it("compile says what it made and what to run next", async () => {
    const r = await tty(["compile", "hello.plan.json", "--root", ".", "-o", "bundle.json"]);
    expect(r.code).toBe(0);
    const bundle = JSON.parse(await readFile(t.path("bundle.json"), "utf8"));
    digest = bundle.manifestDigest;
    hex12 = digest.slice(7, 19);
    expect(r.plain).toContain(`COMPILED hello ${digest} (2 artifacts)`);
    expect(r.plain).toContain(
      "next:\n  axiom check bundle.json --root .\n  axiom apply bundle.json --root . --dry-run\n",
    );
  });

  it("check prints the verdict line, coloured on a terminal", async () => {
    const r = await tty(["check", "bundle.json", "--root", "."]);
    expect(r.code).toBe(0);
    expect(r.output).toContain(`\u001b[32mPASS\u001b[0m ${digest}`);
  });

  it("the dry run is a coloured unified diff, a summary line and the exact confirm command", async () => {
    const r = await tty(["apply", "bundle.json", "--root", ".", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.plain).toContain("  planned   overwrite README.md\n  planned   create    src/hello.ts\n");
    expect(r.output).toContain("\u001b[31m-# my project\u001b[0m");
    expect(r.output).toContain("\u001b[32m+# hello\u001b[0m");
    expect(r.plain).toContain("DRY RUN: 1 create, 1 overwrite — nothing written\n");
    expect(r.plain).toContain(`apply it with:\n  axiom apply bundle.json --root . --confirm ${hex12}\n`);
    expect(r.plain).not.toContain("written ");
    expect(await readFile(t.path("README.md"), "utf8")).toBe("# my project\n");
  });

  it("the confirm command the dry run printed applies it", async () => {
    const r = await tty(["apply", "bundle.json", "--root", ".", "--confirm", hex12]);
    expect(r.code).toBe(0);
    expect(r.plain).toContain(`APPLIED hello ${digest} (2 files)\n  written   overwrite README.md\n`);
    expect(r.plain).toContain(`undo it with: axiom rollback ${hex12} --root .\n`);
    expect(await readFile(t.path("README.md"), "utf8")).toBe("# hello\n");
  });

  it("log: one line within 100 columns with ref, seq, age, state, intent, file count and origin", async () => {
    const r = await tty(["log"]);
    expect(r.code).toBe(0);
    const lines = r.plain.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${hex12} #1 +just now +applied +greet the reader \\(2 files\\) cli$`));
    expect((lines[0] as string).length).toBeLessThanOrEqual(100);
  });

  it("show: intent, origin, when, state, files and the content diff", async () => {
    const r = await tty(["show", "#1"]);
    expect(r.code).toBe(0);
    expect(r.plain).toContain(`change ${hex12} #1 ${digest}\n`);
    expect(r.plain).toContain("intent  greet the reader\n");
    expect(r.plain).toContain("origin  CLI (axiom apply)\n");
    expect(r.plain).toMatch(/when {4}\d{4}-\d\d-\d\dT[^ ]+ \(just now\)\n/);
    expect(r.plain).toContain("state   applied\nfiles   2 files\n  overwrite README.md\n  create    src/hello.ts\n");
    expect(r.plain).toContain("--- a/README.md\n+++ b/README.md\n@@ -1,1 +1,1 @@\n-# my project\n+# hello\n");
  });

  it("rollback by #seq says what it undid; again says already rolled back", async () => {
    const r = await tty(["rollback", "#1", "--root", "."]);
    expect(r.code).toBe(0);
    expect(r.plain).toBe(`ROLLED BACK #1 ${hex12} (2 files)\n  restored  README.md\n  removed   src/hello.ts\n`);
    expect(await readFile(t.path("README.md"), "utf8")).toBe("# my project\n");
    const again = await tty(["rollback", "#1", "--root", "."]);
    expect(again.code).toBe(0);
    expect(again.plain).toBe(`already rolled back: #1 ${hex12} was undone before; nothing changed\n`);
  });

  it("status says where the tree stands first: clean, the last change was rolled back", async () => {
    const r = await tty(["status"]);
    expect(r.code).toBe(0);
    expect(r.plain.split("\n")[0]).toBe("clean: the last change #1 hello was rolled back (by #2)");
    expect(r.plain).not.toContain("last applied");
    expect(r.plain).toContain("lock free\n");
  });

  it("log after the rollback: the undo names what it undid, the undone entry who undid it", async () => {
    const r = await tty(["log", "--files"], { NO_COLOR: "1" });
    expect(r.output).not.toContain("\u001b[");
    const lines = r.plain.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^${hex12} #2 +just now +rollback undid #1: greet the reader \\(2 files\\) cli$`),
    );
    expect(lines[1]).toBe("      overwrite README.md");
    expect(lines[3]).toMatch(/#1 +just now +undone +greet the reader \(undone by #2\) \(2 files\) cli$/);
  });

  it("piped, the same verbs print their JSON documents (scripts keep working)", async () => {
    const log = await runCli(["log", "--root", root]);
    expect(JSON.parse(log.stdout).entries.map((e: { state: string }) => e.state)).toEqual(["rolled-back", "committed"]);
    const status = await runCli(["status", "--root", root]);
    expect(JSON.parse(status.stdout)).toMatchObject({ root, chain: { ok: true, entries: 2 } });
    const show = await runCli(["show", hex12, "--root", root]);
    expect(JSON.parse(show.stdout)).toMatchObject({
      manifestDigest: digest,
      state: "rolled-back",
      undoneBy: 2,
      intent: "greet the reader",
      origin: { surface: "cli" },
    });
    const dry = await runCli(["apply", "bundle.json", "--root", root, "--dry-run"], { cwd: root });
    const doc = JSON.parse(dry.stdout);
    // The ApplyResult keeps its schema words; only the text says `planned`.
    expect(doc).toMatchObject({ kind: "ApplyResult", mode: "dry-run", status: "applied" });
    expect(doc.files.map((f: { status: string }) => f.status)).toEqual(["written", "written"]);
    expect(dry.stdout).not.toContain("\u001b");
  });
});

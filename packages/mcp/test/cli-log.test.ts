// cli.md §7.5 `log` and §9.1 its text form; apply.md §12.4 history.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, realpath, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { appendChainEntry, formatChainLine } from "@codai/axiom-apply";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, errorLine, runCli, scrubbedEnv, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;
beforeEach(async () => {
  t = await tempDir("axiom-cli-log-");
  root = await realpath(t.dir);
});
afterEach(() => t.cleanup());

const digest = (i: number) => `sha256:${String(i % 10).repeat(64)}`;

async function fiveEntries(): Promise<void> {
  await mkdir(path.join(root, ".axiom", "journal"), { recursive: true });
  await mkdir(path.join(root, ".axiom", "manifests"), { recursive: true });
  for (let i = 1; i <= 5; i++) {
    const d = digest(i);
    await writeFile(
      path.join(root, ".axiom", "journal", `${d.slice(7)}.json`),
      JSON.stringify({
        manifestDigest: d,
        phase: "committed",
        steps: [{ path: `f${i}.txt`, op: "create", done: true }],
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 1,
      }),
    );
    await writeFile(
      path.join(root, ".axiom", "manifests", `${d.slice(7)}.json`),
      JSON.stringify({ manifest: { name: `plan-${i}` } }),
    );
    await appendChainEntry(root, {
      manifestDigest: d,
      state: i === 4 ? "failed" : "committed",
      files: 1,
      ...(i === 4 ? { code: "ERR_ROLLBACK" } : {}),
    });
  }
}

describe("axiom log", () => {
  it("`log --json -n 2` on a 5-entry chain → entries seq 5, 4; an entry whose journal was deleted → `journalPresent: false`, no `fileList`", async () => {
    await fiveEntries();
    await rm(path.join(root, ".axiom", "journal", `${"4".repeat(64)}.json`));
    const run = await runCli(["log", "--root", root, "--json", "-n", "2"]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.root).toBe(root);
    expect(doc.entries.map((e: { seq: number }) => e.seq)).toEqual([5, 4]);
    expect(doc.entries[0]).toMatchObject({
      name: "plan-5",
      fileList: [{ path: "f5.txt", op: "create" }],
      journalPresent: true,
    });
    expect(doc.entries[1]).toMatchObject({
      state: "failed",
      code: "ERR_ROLLBACK",
      name: "plan-4",
      journalPresent: false,
    });
    expect(doc.entries[1].fileList).toBeUndefined();
  });

  it("line 3 of the 5-line chain corrupted → entries seq 2, 1 (reading stops at the first bad line), exit 0", async () => {
    await fiveEntries();
    const file = path.join(root, ".axiom", "journal", "chain.jsonl");
    const lines = readFileSync(file, "utf8").split("\n");
    lines[2] = "{broken";
    await writeFile(file, lines.join("\n"));
    const run = await runCli(["log", "--root", root, "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).entries.map((e: { seq: number }) => e.seq)).toEqual([2, 1]);
  });

  it("`axiom log -n 2` on a terminal → 2 newest entries, `<12 hex> #<seq> <age> <state> <what> (<n> file[s]) <origin>` (CLI-O6)", async () => {
    await fiveEntries();
    const run = await runCliTty(["log", "-n", "2"], { cwd: root });
    expect(run.code).toBe(0);
    const lines = run.plain.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`${"5".repeat(12)} #5    just now    applied  plan-5 (1 file) ?`);
    expect(lines[1]).toBe(`${"4".repeat(12)} #4    just now    failed   plan-4 [ERR_ROLLBACK] (1 file) ?`);
    expect(run.output).toContain("\u001b[31mfailed\u001b[0m");
  });

  it("empty chain → `no entries`", async () => {
    const run = await runCliTty(["log", "--root", root], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.output).toBe("no entries\n");
    expect(JSON.parse((await runCli(["log", "--root", root, "--json"])).stdout)).toEqual({ root, entries: [] });
  });

  it("`axiom log -n 0` / `-n 100001` → usage error; `-n 100000` accepted", async () => {
    for (const n of ["0", "100001", "1e3", "-1"]) {
      const run = await runCli(["log", "--root", root, "-n", n]);
      expect(run.code).toBe(2);
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
    expect((await runCli(["log", "--root", root, "-n", "100000"])).code).toBe(0);
    expect((await runCli(["log", "--root", root, "--limit", "3"])).code).toBe(0);
  });
});

describe("axiom log piped into a reader that goes away", () => {
  it("`axiom log --root . -n 1000 | head -1` on a 1000-entry chain → exits without an EPIPE stack trace or error line", async () => {
    await mkdir(path.join(root, ".axiom", "journal"), { recursive: true });
    let head = `sha256:${"0".repeat(64)}`;
    const out: string[] = [];
    for (let i = 1; i <= 1000; i++) {
      const line = formatChainLine({
        seq: i,
        manifestDigest: digest(i),
        state: "committed",
        at: new Date(1_700_000_000_000 + i).toISOString(),
        prev: head,
        files: 1,
      });
      out.push(line);
      head = `sha256:${createHash("sha256").update(line).digest("hex")}`;
    }
    await writeFile(path.join(root, ".axiom", "journal", "chain.jsonl"), `${out.join("\n")}\n`);
    const child = spawn(process.execPath, [CLI, "log", "--root", ".", "-n", "1000"], {
      cwd: root,
      env: scrubbedEnv(),
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    const first = await new Promise<string>((resolve) => {
      let buf = "";
      child.stdout.on("data", (d) => {
        buf += String(d);
        const nl = buf.indexOf("\n");
        if (nl >= 0) {
          child.stdout.destroy(); // like `head -1`
          resolve(buf.slice(0, nl));
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    // Piped, log prints its JSON document (CLI-O1).
    expect(first).toBe("{");
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });
});

// cli.md §7.4 `status`, §7.7 `verify --journal`, §9.1 text forms; apply.md §13 "Status" lines.
import { readFileSync } from "node:fs";
import { mkdir, realpath, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { appendChainEntry } from "@codai/axiom-apply";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UsageError } from "../src/cli/verb";
import { runVerifyJournal } from "../src/cli/verify-journal";
import { errorLine, REPO, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

/** Every SGR colour sequence `ESC[…m` (built from the char code: no control character in a regex literal). */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

const GENESIS = `sha256:${"0".repeat(64)}`;
const D1 = `sha256:${"1".repeat(64)}`;
const D2 = `sha256:${"2".repeat(64)}`;

let t: TempDir;
let root: string;
beforeEach(async () => {
  t = await tempDir("axiom-cli-status-");
  root = await realpath(t.dir);
});
afterEach(() => t.cleanup());

async function chain(n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await appendChainEntry(root, { manifestDigest: i % 2 ? D2 : D1, state: "committed", files: i + 1 });
}

describe("axiom status", () => {
  it("Fresh root on a terminal → the standing first, then `lock free`, `queue 0`, `intents 0`, `interrupted journals 0`, `chain ok (0 entries, head sha256:000…)`, exit 0 (CLI-O9)", async () => {
    const run = await runCliTty(["status", "--root", root], { cwd: root, env: { NO_COLOR: "1" } });
    expect(run.code).toBe(0);
    expect(run.output).toBe(
      `clean: no change applied through AXIOM yet\nroot ${root}\nlock free\nqueue 0\nintents 0\ninterrupted journals 0\nchain ok (0 entries, head ${GENESIS})\n`,
    );
  });

  it("`axiom status` without `--root` → uses `.`", async () => {
    const run = await runCli(["status", "--json"], { cwd: root });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).root).toBe(root);
  });

  it("`status` on a root with a held lock, an interrupted journal and a broken chain → exit 0, JSON fields populated", async () => {
    await mkdir(path.join(root, ".axiom", "journal"), { recursive: true });
    await writeFile(
      path.join(root, ".axiom", "lock"),
      JSON.stringify({ pid: process.pid, hostname: "h", startedAt: "2026-01-01T00:00:00.000Z", manifestDigest: D1 }),
    );
    await writeFile(
      path.join(root, ".axiom", "journal", `${"1".repeat(64)}.json`),
      JSON.stringify({
        manifestDigest: D1,
        phase: "committing",
        steps: [{ path: "a", op: "create", done: true }],
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 5,
      }),
    );
    await chain(3);
    const chainFile = path.join(root, ".axiom", "journal", "chain.jsonl");
    await writeFile(chainFile, readFileSync(chainFile, "utf8").replace('"files":2', '"files":9'));
    const run = await runCli(["status", "--root", root, "--json"]);
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    const doc = JSON.parse(run.stdout);
    expect(doc.lock).toMatchObject({
      held: true,
      holder: { pid: process.pid, host: "h", digest: D1, since: "2026-01-01T00:00:00.000Z" },
    });
    expect(doc.interrupted).toEqual([
      { manifestDigest: D1, phase: "committing", startedAt: "2026-01-01T00:00:00.000Z", pid: 5, files: 1, done: 1 },
    ]);
    // Line 2 edited: line 3 no longer vouches for it, so #2 is the first bad entry (CLI-O5).
    expect(doc.chain).toMatchObject({ ok: false, entries: 1, firstBad: { seq: 2, reason: "prev-mismatch" } });
    const text = await runCliTty(["status", "--root", root], { cwd: root, env: { NO_COLOR: "1" } });
    expect(text.code).toBe(0);
    expect(text.output).toContain("chain BROKEN at #2 (prev-mismatch)\n");
    expect(text.output).not.toContain("\u001b");
  });

  it("`--root /nonexistent` → ERR_ROOT_NOT_DIR, exit 2", async () => {
    const run = await runCli(["status", "--root", "/nonexistent/axiom"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(errorLine(run)).toMatchObject({ code: "ERR_ROOT_NOT_DIR", details: { root: "/nonexistent/axiom" } });
  });

  it("`axiom status --dry-run` (flag of another verb) → usage error, exit 2", async () => {
    const run = await runCli(["status", "--dry-run"], { cwd: root });
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_USAGE");
  });
});

// verbs/verify.ts (owned by the CLI helper) dispatches `--journal` to cli/verify-journal.ts; these
// run once that one line is wired.
const verifyWired = readFileSync(path.join(REPO, "packages/mcp/src/cli/verbs/verify.ts"), "utf8").includes(
  "runVerifyJournal",
);

describe.skipIf(!verifyWired)("axiom verify --journal", () => {
  it('`verify --journal --root r` intact → exit 0; no chain file → {ok: true, entries: 0, head: "sha256:000…0"}', async () => {
    let run = await runCli(["verify", "--journal", "--root", root]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, entries: 0, head: GENESIS, missing: [] });
    await chain(2);
    run = await runCli(["verify", "--journal", "--root", root]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, entries: 2 });
  });

  it('one chain line edited → `ok: false`, `code: "ERR_JOURNAL_CHAIN"`, `firstBad.reason: "prev-mismatch"`, exit 1', async () => {
    await chain(3);
    const chainFile = path.join(root, ".axiom", "journal", "chain.jsonl");
    await writeFile(chainFile, readFileSync(chainFile, "utf8").replace('"files":1', '"files":7'));
    const run = await runCli(["verify", "--journal", "--root", root]);
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    // Line 1 edited shows on line 2 and names #1 (CLI-O5).
    expect(out).toMatchObject({
      ok: false,
      entries: 0,
      firstBad: { seq: 1, reason: "prev-mismatch" },
      code: "ERR_JOURNAL_CHAIN",
    });
  });

  it("`--journal b.json`, `--journal --tree r`, `--journal` without `--root` → usage error, exit 2 each; a bad root → exit 2", async () => {
    for (const args of [
      ["verify", "--journal", "b.json", "--root", root],
      ["verify", "--journal", "--tree", root],
      ["verify", "--journal"],
    ]) {
      const run = await runCli(args, { cwd: root });
      expect(run.code).toBe(2);
      expect(errorLine(run).code).toBe("ERR_USAGE");
    }
    const bad = await runCli(["verify", "--journal", "--root", "/nonexistent/axiom"]);
    expect(bad.code).toBe(2);
    expect(errorLine(bad).code).toBe("ERR_ROOT_NOT_DIR");
  });
});

// The function verbs/verify.ts calls for `--journal`, run in-process (stdout captured) so it is
// covered before the dispatch line is wired.
describe("runVerifyJournal (cli/verify-journal.ts)", () => {
  async function capture(
    values: Record<string, string | boolean>,
    positionals: string[] = [],
  ): Promise<{ out: string; exit: unknown }> {
    let out = "";
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => {
      out += String(chunk);
      return true;
    });
    const saved = process.exitCode;
    try {
      await runVerifyJournal({ values, positionals, cwd: root });
      return { out, exit: process.exitCode };
    } finally {
      spy.mockRestore();
      process.exitCode = saved;
    }
  }

  it("intact → the verifyChain object, exit 0; broken → plus `code: ERR_JOURNAL_CHAIN`, exit 1", async () => {
    let r = await capture({ journal: true, root: "." });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, entries: 0, head: GENESIS, missing: [] });
    await chain(3);
    const chainFile = path.join(root, ".axiom", "journal", "chain.jsonl");
    await writeFile(chainFile, readFileSync(chainFile, "utf8").replace('"files":1', '"files":7'));
    r = await capture({ journal: true, root });
    expect(r.exit).toBe(1);
    expect(r.out.endsWith("}\n")).toBe(true);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: false,
      entries: 0,
      firstBad: { seq: 1, reason: "prev-mismatch" },
      code: "ERR_JOURNAL_CHAIN",
    });
  });

  it("usage: a positional, --tree/--pre/--attest, or no --root → UsageError; a bad root → ERR_ROOT_NOT_DIR", async () => {
    await expect(capture({ journal: true, root }, ["b.json"])).rejects.toBeInstanceOf(UsageError);
    await expect(capture({ journal: true, root, tree: root })).rejects.toBeInstanceOf(UsageError);
    await expect(capture({ journal: true, root, pre: true })).rejects.toBeInstanceOf(UsageError);
    await expect(capture({ journal: true, root, attest: "x.json" })).rejects.toBeInstanceOf(UsageError);
    await expect(capture({ journal: true })).rejects.toBeInstanceOf(UsageError);
    await expect(capture({ journal: true, root: "/nonexistent/axiom" })).rejects.toMatchObject({
      code: "ERR_ROOT_NOT_DIR",
    });
  });
});

// cli.md §9.2 colour, with stdout a TTY injected in-process (the verb module run directly).
describe("status and log colour (cli.md §9.2)", () => {
  async function runVerbTTY(
    verb: "status" | "log",
    values: Record<string, string | boolean>,
    noColor: string | undefined,
  ): Promise<string> {
    const mod = await import(`../src/cli/verbs/${verb}`);
    let out = "";
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => {
      out += String(chunk);
      return true;
    });
    const descriptor = Object.getOwnPropertyDescriptor(process.stdout, "isTTY");
    Object.defineProperty(process.stdout, "isTTY", { value: true, configurable: true });
    const savedNoColor = process.env.NO_COLOR;
    if (noColor === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = noColor;
    const savedExit = process.exitCode;
    try {
      await mod.run({ values, positionals: [], cwd: root });
      return out;
    } finally {
      spy.mockRestore();
      if (descriptor) Object.defineProperty(process.stdout, "isTTY", descriptor);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
      if (savedNoColor === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = savedNoColor;
      process.exitCode = savedExit;
    }
  }

  it("TTY and NO_COLOR unset → `lock free`/`chain ok` green; `NO_COLOR=1` → no ESC; `NO_COLOR=` (empty) → coloured; stripped output equals the plain one", async () => {
    const coloured = await runVerbTTY("status", {}, undefined);
    expect(coloured).toContain("\u001b[32mlock free\u001b[0m");
    expect(coloured).toContain("\u001b[32mchain ok\u001b[0m");
    const plain = await runVerbTTY("status", {}, "1");
    expect(plain).not.toContain("\u001b");
    expect(await runVerbTTY("status", {}, "")).toBe(coloured);
    expect(coloured.replace(SGR, "")).toBe(plain);
  });

  it("With stdout a TTY (injected), `status --json` contains no ESC byte; `log` colours the state word only", async () => {
    expect(await runVerbTTY("status", { json: true }, undefined)).not.toContain("\u001b");
    await chain(1);
    const log = await runVerbTTY("log", {}, undefined);
    expect(log).toContain("\u001b[32mapplied\u001b[0m  ");
    expect(log.replace(SGR, "")).toBe(await runVerbTTY("log", {}, "1"));
  });
});

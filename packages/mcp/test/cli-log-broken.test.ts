// Issue 21: `axiom log` on a broken chain in a real repository. With line 3 of chain.jsonl edited
// (still valid JSON, so only the hash link to line 4 shows it), the first bad entry is #3 — not #4
// — in `verify --journal`, `status` and `log`; the log shows #2 and #1 only, under a loud header
// that says how many lines are hidden.
import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;

beforeAll(async () => {
  t = await tempDir("axiom-log-broken-");
  root = t.dir;
  await t.write(
    "p.plan.json",
    JSON.stringify({
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      name: "notes",
      intent: "write the notes",
      artifacts: [{ path: "notes.txt", source: { type: "inline", content: "n\n" } }],
    }),
  );
  const c = await runCli(["compile", "p.plan.json", "--root", root, "-o", "p.json"], { cwd: root });
  const digest = JSON.parse(c.stdout).manifestDigest as string;
  // Five real entries: apply, rollback, apply, rollback, apply.
  for (let i = 0; i < 5; i++) {
    const r =
      i % 2 === 0
        ? await runCli(["apply", "p.json", "--root", root, "--confirm", digest], { cwd: root })
        : await runCli(["rollback", digest, "--root", root]);
    expect(r.code, r.stderr).toBe(0);
  }
  const chain = t.path(".axiom", "journal", "chain.jsonl");
  const lines = (await readFile(chain, "utf8")).split("\n");
  expect(lines).toHaveLength(6);
  // Line 3: a forged file count, still a well-formed entry.
  lines[2] = (lines[2] as string).replace('"files":1', '"files":9');
  await writeFile(chain, lines.join("\n"));
});
afterAll(() => t.cleanup());

describe("a chain with line 3 edited", () => {
  it("verify --journal names #3, the edited entry", async () => {
    const r = await runCli(["verify", "--journal", "--root", root]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      code: "ERR_JOURNAL_CHAIN",
      entries: 2,
      firstBad: { seq: 3, reason: "prev-mismatch" },
    });
  });

  it("log --json shows #2 and #1 only and says 3 lines are hidden", async () => {
    const r = await runCli(["log", "--root", root, "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.entries.map((e: { seq: number }) => e.seq)).toEqual([2, 1]);
    expect(doc.broken).toEqual({ seq: 3, reason: "prev-mismatch", hidden: 3 });
  });

  it("log on a terminal opens with a loud red header naming #3 and the hidden count", async () => {
    const r = await runCliTty(["log"], { cwd: root });
    expect(r.code).toBe(0);
    const lines = r.plain.split("\n");
    expect(lines[0]).toBe("JOURNAL CHAIN BROKEN at #3 (prev-mismatch): the history from #3 on cannot be trusted");
    expect(lines[1]).toBe("3 entries (#3 and later) hidden; see axiom verify --journal --root .");
    expect(r.output.startsWith("\u001b[31mJOURNAL CHAIN BROKEN")).toBe(true);
    expect(lines[3]).toMatch(/ #2 +just now +rollback +undid #1: write the notes \(1 file\) cli$/);
    expect(lines[4]).toMatch(/ #1 +just now +undone +write the notes \(undone by #2\) \(1 file\) cli$/);
    expect(lines[5]).toBe("");
  });

  it("status reports the chain broken at #3", async () => {
    const r = await runCliTty(["status"], { cwd: root });
    expect(r.plain).toContain("chain BROKEN at #3 (prev-mismatch)\n");
  });
});

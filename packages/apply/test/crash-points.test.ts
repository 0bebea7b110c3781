// apply.md acceptance "Recovery and crash consistency": a child process SIGKILLs itself at a chosen
// fs call (threats.md §4.3 killAt), then the next apply / rollback recovers.
import * as fs from "node:fs";
import * as path from "node:path";
import { readJournal, rollback } from "@codai/axiom-apply";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { cleanupChildScript, runChild } from "./crash-child-run";
import {
  axiomPath,
  chainLines,
  cleanupRoots,
  exists,
  hexOf,
  makeBundle,
  readJson,
  runApply,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";

afterEach(cleanupRoots);
afterAll(cleanupChildScript);

const PRE = { "o1.txt": "one\n", "o2.txt": "two\n", "gone.txt": "bye\n" };
const bundle = makeBundle([
  { path: "o1.txt", op: "overwrite", content: "ONE\n" },
  { path: "o2.txt", op: "overwrite", content: "TWO\n", mode: "0755" },
  { path: "gone.txt", op: "delete" },
  { path: "sub/new.txt", content: "new\n" },
]);
const hex = hexOf(bundle);

async function setup(): Promise<{ root: string; file: string; pre: Record<string, string> }> {
  const { root, parent } = tmpRoot();
  writeTree(root, PRE);
  const file = path.join(parent, "b.json");
  fs.writeFileSync(file, JSON.stringify(bundle));
  return { root, file, pre: snapshot(root) };
}

let postState: Record<string, string> | undefined;
async function post(): Promise<Record<string, string>> {
  if (postState) return postState;
  const { root } = await setup();
  expect((await runApply(bundle, root)).status).toBe("applied");
  postState = snapshot(root);
  return postState;
}

const kill = (op: string, match: string, nth = 1, when: "before" | "after" = "before") => ({
  AXIOM_KILL_OP: op,
  AXIOM_KILL_MATCH: match,
  AXIOM_KILL_NTH: String(nth),
  AXIOM_KILL_WHEN: when,
});
const journalFile = `journal/${hex}.json`;
const otherApply = async (root: string, tag = "x") => {
  const other = makeBundle([{ path: `other-${tag}.txt`, content: tag }]);
  const r = await runApply(other, root, { lockTimeoutMs: 5000 });
  expect(r.status, JSON.stringify(r.error)).toBe("applied");
  fs.rmSync(path.join(root, `other-${tag}.txt`));
};

describe("crash points", () => {
  it("Crash with the files staged, before the first journal (`committing`, SPEED-16) is named → next apply removes staging; tree unchanged", async () => {
    const { root, file, pre } = await setup();
    const r = await runChild([file, root], { env: kill("rename", journalFile, 1) });
    expect(r.killed).toBe(true);
    expect(await readJournal(root, hex)).toBeUndefined();
    expect(exists(axiomPath(root, "staging", hex, "o1.txt"))).toBe(true);
    await otherApply(root);
    expect(await readJournal(root, hex)).toBeUndefined();
    expect(exists(axiomPath(root, "staging", hex))).toBe(false);
    expect(snapshot(root)).toEqual(pre);
  });

  it("Crash after pass-1 backups, before any rename, journal lacking backup fields → recovery removes stray backups; every target keeps link count 1", async () => {
    const { root, file, pre } = await setup();
    const r = await runChild([file, root], { env: kill("rename", journalFile, 2) });
    expect(r.killed).toBe(true);
    const j = await readJournal(root, hex);
    expect(j?.phase).toBe("committing");
    expect(j?.steps.every((s) => s.backup === undefined)).toBe(true);
    expect(fs.statSync(path.join(root, "o1.txt")).nlink).toBe(2);
    await otherApply(root);
    expect(exists(axiomPath(root, "backup", hex))).toBe(false);
    for (const f of ["o1.txt", "o2.txt", "gone.txt"]) expect(fs.statSync(path.join(root, f)).nlink).toBe(1);
    expect(snapshot(root)).toEqual(pre);
    expect(chainLines(root).map((e) => e.state)).toEqual(["rolled-back", "committed"]);
  });

  it("Crash after an overwrite's rename whose backup was not yet recorded in the journal → recovery restores the original bytes from backup/<hex>/<path>", async () => {
    const { root, file, pre } = await setup();
    const r = await runChild([file, root], { env: kill("rename", path.join(root, "o1.txt"), 1, "after") });
    expect(r.killed).toBe(true);
    expect(fs.readFileSync(path.join(root, "o1.txt"), "utf8")).toBe("ONE\n");
    const jf = axiomPath(root, "journal", `${hex}.json`);
    const j = readJson(jf);
    for (const s of j.steps) delete s.backup;
    fs.writeFileSync(jf, JSON.stringify(j));
    await otherApply(root);
    expect(snapshot(root)).toEqual(pre);
  });

  it("Crash inside rename leaving S and T as the same inode → recovery treats the step as performed and restores T", async () => {
    const { root, file, pre } = await setup();
    const r = await runChild([file, root], { env: kill("rename", path.join(root, "o1.txt"), 1, "after") });
    expect(r.killed).toBe(true);
    // recreate S as a second name of T: what a crash inside rename(2) can leave behind
    fs.linkSync(path.join(root, "o1.txt"), axiomPath(root, "staging", hex, "o1.txt"));
    await otherApply(root);
    expect(snapshot(root)).toEqual(pre);
  });

  it("Crash during rolling-back after some restores → recovery finishes; restored files are not deleted; final tree = pre-state", async () => {
    const { root, file, pre } = await setup();
    // commit fails at the 4th target rename (sub/new.txt); the rollback is killed after its first restore
    const r = await runChild([file, root], {
      env: {
        AXIOM_FAIL_OP: "rename",
        AXIOM_FAIL_MATCH: path.join(root, "sub", "new.txt"),
        AXIOM_FAIL_ERRNO: "EIO",
        ...kill("rename", `backup${path.sep}${hex}${path.sep}o2.txt`, 1, "after"),
      },
    });
    expect(r.killed).toBe(true);
    expect((await readJournal(root, hex))?.phase).toBe("rolling-back");
    expect(fs.readFileSync(path.join(root, "o2.txt"), "utf8")).toBe("two\n");
    await otherApply(root);
    expect(snapshot(root)).toEqual(pre);
    expect((await readJournal(root, hex))?.phase).toBe("rolled-back");
  });

  it("Crash after committed, before the marker → next apply of the same digest → noop; marker present; exactly one committed chain entry", async () => {
    const { root, file } = await setup();
    const r = await runChild([file, root], { env: kill("open", "chain.jsonl", 1) });
    expect(r.killed).toBe(true);
    expect((await readJournal(root, hex))?.phase).toBe("committed");
    expect(exists(axiomPath(root, "applied", `${hex}.json`))).toBe(false);
    const again = await runApply(bundle, root);
    expect(again.status).toBe("noop");
    expect(readJson(axiomPath(root, "applied", `${hex}.json`))).toMatchObject({ status: "applied", mode: "fs" });
    expect(
      chainLines(root).filter((e) => e.state === "committed" && e.manifestDigest === bundle.manifestDigest),
    ).toHaveLength(1);
    expect(snapshot(root)).toEqual(await post());
  });

  it("Crash after the chain append, before the marker → recovery writes the marker and appends no second committed entry", async () => {
    const { root, file } = await setup();
    const r = await runChild([file, root], { env: kill("rename", `applied${path.sep}${hex}.json`, 1) });
    expect(r.killed).toBe(true);
    expect(chainLines(root)).toHaveLength(1);
    await otherApply(root);
    expect(readJson(axiomPath(root, "applied", `${hex}.json`)).status).toBe("applied");
    expect(chainLines(root).map((e) => e.state)).toEqual(["committed", "committed"]);
    expect(chainLines(root)[1].manifestDigest).not.toBe(bundle.manifestDigest);
  });

  it("Crash during a re-apply's commit → recovery restores the drifted state and keeps the earlier marker; next apply → re-apply again", async () => {
    const { root, file } = await setup();
    expect((await runApply(bundle, root)).status).toBe("applied");
    fs.writeFileSync(path.join(root, "o1.txt"), "drift\n");
    const drifted = snapshot(root);
    const r = await runChild([file, root], { env: kill("rename", path.join(root, "o1.txt"), 1, "after") });
    expect(r.killed).toBe(true);
    await otherApply(root);
    expect(snapshot(root)).toEqual(drifted);
    expect(exists(axiomPath(root, "applied", `${hex}.json`))).toBe(true);
    const again = await runApply(bundle, root);
    expect(again).toMatchObject({ status: "applied", drifted: ["o1.txt"] });
  });

  it("Orphan staging/<hex> without a journal → removed by the next fs apply", async () => {
    const { root } = await setup();
    writeTree(axiomPath(root, "staging", "a".repeat(64)), { "x.txt": "orphan" });
    await otherApply(root);
    expect(exists(axiomPath(root, "staging", "a".repeat(64)))).toBe(false);
  });

  it("Same for SIGKILL at every point of a manual rollback (R-a–R-e) → after recovery the manifest's paths equal the post-state set or the pre-state set", async () => {
    const postSnap = await post();
    // [op, path fragment, nth, when, expected after recovery]
    const points: [string, (root: string) => string, number, "before" | "after", "pre" | "post"][] = [
      ["unlink", () => `applied${path.sep}${hex}.json`, 1, "after", "post"], // R-a: marker gone, journal committed
      ["rename", () => journalFile, 1, "before", "post"], // before rolling-back is durable
      ["rename", () => journalFile, 1, "after", "pre"], // R-b: rolling-back durable
      ["rename", (root) => path.join(root, "o2.txt"), 1, "after", "pre"], // R-c: mid-restore
      ["rename", () => journalFile, 2, "after", "pre"], // R-d: rolled-back durable
      ["rm", () => `backup${path.sep}${hex}`, 1, "before", "pre"], // before the backups are removed
    ];
    for (const [op, frag, nth, when, expected] of points) {
      const { root, file, pre } = await setup();
      expect((await runApply(bundle, root)).status).toBe("applied");
      const r = await runChild([file, root, "rollback"], { env: kill(op, frag(root), nth, when) });
      expect(r.killed, `${op} ${frag(root)}`).toBe(true);
      await otherApply(root, "rec");
      expect(snapshot(root), `${op} ${frag(root)} ${when}`).toEqual(expected === "pre" ? pre : postSnap);
      // a new rollback then proceeds (or has nothing left to do) and ends at the pre-state
      await rollback(root, bundle.manifestDigest);
      expect(snapshot(root)).toEqual(pre);
    }
  });
});

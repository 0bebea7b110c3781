// Recovery's chain and listing bookkeeping (apply.md §7, issue 25 survivors of apply-commit):
// completing a commit appends a committed chain entry unless the NEWEST entry of that digest is
// already committed — an older committed entry of the same digest (applied, rolled back, applied
// again with its append lost) or another digest's newest entry decides nothing; a readdir of the
// leftover directories (staging/, backup/, tmp/, applied/) failing with anything but ENOENT is
// thrown, never read as "nothing left over", and a leftover listing that fails acts on no journal;
// a final-phase journal's leftover rm -rf runs only for a name the pass listed (APL-17), and without
// a listing (recoverJournal's `leftovers` omitted) it runs unconditionally.
import * as fs from "node:fs";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { forgetCleanState } from "../src/clean-state";
import { listJournals } from "../src/journal";
import { recoverIfNeeded, recoverJournal } from "../src/recovery";
import {
  appliedOverwrite,
  axiomPath,
  chainLines,
  cleanupRoots,
  exists,
  hexOf,
  type Json,
  makeBundle,
  readJson,
  runApply,
  writeTree,
} from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

/** Applies `b` with its chain append and its marker write both failing (a committed journal, no marker, no entry). */
async function applyLosingBookkeeping(root: string, b: Json): Promise<void> {
  const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
  const chain = axiomPath(root, "journal", "chain.jsonl");
  const h = harness([
    { op: "open", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) },
    { op: "write", errno: "ENOSPC", pathMatch: (p) => p === chain },
  ]);
  try {
    expect((await runApply(b, root, { onWarn: () => undefined })).status).toBe("applied");
  } finally {
    h.restore();
  }
  expect(h.injected).toBe(2);
  expect(exists(marker)).toBe(false);
  expect((readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)) as Json).phase).toBe("committed");
}

const states = (root: string) => chainLines(root).map((e: Json) => [e.seq, e.manifestDigest, e.state]);

describe("completing a commit: the newest chain entry of its digest decides the append", () => {
  it("applied, rolled back, applied again with the append lost: the older committed entry does not count, a committed entry is appended", async () => {
    const { root, b, marker } = await appliedOverwrite();
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("old\n");
    await applyLosingBookkeeping(root, b);
    expect(states(root)).toEqual([
      [1, b.manifestDigest, "committed"],
      [2, b.manifestDigest, "rolled-back"],
    ]);
    forgetCleanState();
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(chainLines(root).map((e: Json) => [e.seq, e.manifestDigest, e.state, e.files])).toEqual([
      [1, b.manifestDigest, "committed", 1],
      [2, b.manifestDigest, "rolled-back", 1],
      [3, b.manifestDigest, "committed", 1],
    ]);
    expect(readJson(marker)).toMatchObject({ status: "applied", manifestDigest: b.manifestDigest });
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("new\n");
  });

  it("another digest's committed entry last and this digest's missing: this digest's entry is appended", async () => {
    const { root, b: first } = await appliedOverwrite();
    const b = makeBundle([{ path: "x.txt", content: "x\n" }]);
    await applyLosingBookkeeping(root, b);
    expect(states(root)).toEqual([[1, first.manifestDigest, "committed"]]);
    forgetCleanState();
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(states(root)).toEqual([
      [1, first.manifestDigest, "committed"],
      [2, b.manifestDigest, "committed"],
    ]);
  });

  it("this digest's newest entry committed, another digest's rolled-back entry last: nothing is appended", async () => {
    const { root } = await appliedOverwrite();
    const b = makeBundle([{ path: "x.txt", content: "x\n" }]);
    expect((await runApply(b, root)).status).toBe("applied");
    const other = makeBundle([{ path: "y.txt", content: "y\n" }]);
    expect((await runApply(other, root)).status).toBe("applied");
    await rollback(root, other.manifestDigest, { lockTimeoutMs: 0 });
    const before = states(root);
    expect(before.slice(1)).toEqual([
      [2, b.manifestDigest, "committed"],
      [3, other.manifestDigest, "committed"],
      [4, other.manifestDigest, "rolled-back"],
    ]);
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    fs.unlinkSync(marker);
    forgetCleanState();
    expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
    expect(states(root)).toEqual(before);
    expect(readJson(marker)).toMatchObject({ status: "applied", manifestDigest: b.manifestDigest });
  });
});

describe("leftover listings: a readdir error other than ENOENT is thrown", () => {
  const dirs = ["staging", "backup", "tmp", "applied"] as const;

  it.each(dirs.flatMap((d) => [[d, "EACCES"] as const, [d, "EIO"] as const]))(
    "%s/ readdir %s → recoverIfNeeded rejects with that error; the root is not remembered clean",
    async (dir, code) => {
      const { root, journal } = await appliedOverwrite();
      fs.writeFileSync(axiomPath(root, "journal", "x.json.tmp-1"), "{");
      const target = axiomPath(root, dir);
      const h = harness([{ op: "readdir", errno: code, times: "always", pathMatch: (p) => p === target }]);
      try {
        forgetCleanState();
        await expect(recoverIfNeeded(root)).rejects.toMatchObject({ code, syscall: "readdir", path: target });
      } finally {
        h.restore();
      }
      expect(h.injected).toBeGreaterThan(0);
      // the next pass (no fault) still lists and finishes the work: the failed one did not pass for clean
      expect(await recoverIfNeeded(root)).toEqual([]);
      expect(exists(axiomPath(root, "journal", "x.json.tmp-1"))).toBe(false);
      expect((readJson(journal) as Json).phase).toBe("committed");
    },
  );

  it.each(["staging", "backup"] as const)(
    "%s/ readdir EACCES: no journal is acted on (a committing journal stays committing, the tree keeps its bytes)",
    async (dir) => {
      const { root, b, journal } = await appliedOverwrite();
      fs.writeFileSync(journal, JSON.stringify({ ...(readJson(journal) as Json), phase: "committing" }));
      const target = axiomPath(root, dir);
      const h = harness([{ op: "readdir", errno: "EACCES", times: "always", pathMatch: (p) => p === target }]);
      try {
        forgetCleanState();
        await expect(recoverIfNeeded(root)).rejects.toMatchObject({ code: "EACCES", path: target });
      } finally {
        h.restore();
      }
      expect((readJson(journal) as Json).phase).toBe("committing");
      expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("new\n");
      expect(await recoverIfNeeded(root)).toEqual([b.manifestDigest]);
      expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("old\n");
    },
  );

  it("staging/ and tmp/ absent (ENOENT): listed as empty, so recovery removes nothing under them", async () => {
    const { root } = await appliedOverwrite();
    for (const d of ["staging", "tmp"]) fs.rmSync(axiomPath(root, d), { recursive: true, force: true });
    forgetCleanState();
    const h = harness();
    try {
      expect(await recoverIfNeeded(root)).toEqual([]);
    } finally {
      h.restore();
    }
    const under = ["staging", "tmp"].map((d) => `${axiomPath(root, d)}/`);
    expect(h.calls.filter((c) => c.op === "readdir" && under.includes(`${c.path}/`)).length).toBeGreaterThan(0);
    expect(h.calls.filter((c) => c.op === "rm" && under.some((u) => c.path.startsWith(u)))).toEqual([]);
  });

  it("a tmp/ leftover is removed when tmp/ lists", async () => {
    const { root } = await appliedOverwrite();
    const left = axiomPath(root, "tmp", "dead");
    writeTree(left, { "f.txt": "f" });
    forgetCleanState();
    expect(await recoverIfNeeded(root)).toEqual([]);
    expect(exists(left)).toBe(false);
  });
});

describe("final-phase leftovers (APL-17)", () => {
  it("nothing left over: recovery of a rolled-back and a committed journal removes no staging/<hex> or backup/<hex>", async () => {
    const { root, b: first, hex: firstHex } = await appliedOverwrite();
    await rollback(root, first.manifestDigest, { lockTimeoutMs: 0 });
    const b = makeBundle([{ path: "x.txt", content: "x\n" }]);
    expect((await runApply(b, root)).status).toBe("applied");
    const names = [firstHex, hexOf(b)].flatMap((h) => [axiomPath(root, "staging", h), axiomPath(root, "backup", h)]);
    expect(names.map(exists)).toEqual([false, false, false, false]);
    forgetCleanState();
    const h = harness();
    try {
      expect(await recoverIfNeeded(root)).toEqual([]);
    } finally {
      h.restore();
    }
    expect(h.calls.filter((c) => c.op === "rm" && names.includes(c.path))).toEqual([]);
  });

  it("a rolled-back journal's listed leftovers: its staging/<hex> and backup/<hex> are removed, once each", async () => {
    const { root, b, hex } = await appliedOverwrite();
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    const staging = axiomPath(root, "staging", hex);
    const backup = axiomPath(root, "backup", hex);
    writeTree(staging, { "a.txt": "new\n" });
    writeTree(backup, { "a.txt": "old\n" });
    forgetCleanState();
    const h = harness();
    try {
      expect(await recoverIfNeeded(root)).toEqual([]);
    } finally {
      h.restore();
    }
    expect([exists(staging), exists(backup)]).toEqual([false, false]);
    expect(h.calls.filter((c) => c.op === "rm" && c.path === backup)).toHaveLength(1);
  });

  it("recoverJournal without a listing: a committed journal with its marker has its staging/<hex> removed, a rolled-back one its staging/<hex> and backup/<hex>", async () => {
    const { root, b, hex } = await appliedOverwrite();
    const staging = axiomPath(root, "staging", hex);
    const backup = axiomPath(root, "backup", hex);
    writeTree(staging, { "a.txt": "new\n" });
    const committed = (await listJournals(root))[0]?.journal;
    expect(committed?.phase).toBe("committed");
    expect(await recoverJournal(root, committed!, {})).toBe(false);
    expect(exists(staging)).toBe(false);

    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    writeTree(staging, { "a.txt": "new\n" });
    writeTree(backup, { "a.txt": "old\n" });
    const rolledBack = (await listJournals(root))[0]?.journal;
    expect(rolledBack?.phase).toBe("rolled-back");
    expect(await recoverJournal(root, rolledBack!, {})).toBe(false);
    expect([exists(staging), exists(backup)]).toEqual([false, false]);
  });
});

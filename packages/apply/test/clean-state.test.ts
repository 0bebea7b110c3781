// SPEED-10: while a root is exactly as this process last saw it clean, the recovery gate skips its
// listing. These tests change the root the ways a crashed or foreign writer (or a disk error) would,
// between two applies of one process, and check that each change is still found and handled.
import * as fs from "node:fs";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, describe, expect, it } from "vitest";
import { forgetCleanState } from "../src/clean-state";
import {
  appliedHistory,
  axiomPath,
  cleanupRoots,
  exists,
  hexOf,
  type Json,
  makeBundle,
  runApply,
  tmpRoot,
} from "./engine-helpers";

afterEach(() => {
  cleanupRoots();
  forgetCleanState();
});

describe("the recovery gate's clean state (SPEED-10)", () => {
  it("an old committed journal corrupted in place (same size, no directory change) still refuses the next apply and dry-run with ERR_JOURNAL_CORRUPT (D28)", async () => {
    const { root } = tmpRoot();
    const [first] = await appliedHistory(root, 3, "c");
    const file = axiomPath(root, "journal", `${hexOf(first)}.json`);
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, `#${text.slice(1)}`);
    const next = makeBundle([{ path: "n/x.txt", content: "x" }]);
    const r = await runApply(next, root);
    expect([r.status, r.error?.code]).toEqual(["failed", "ERR_JOURNAL_CORRUPT"]);
    expect((await runApply(next, root, { mode: "dry-run" })).error?.code).toBe("ERR_JOURNAL_CORRUPT");
    expect(exists(path.join(root, "n/x.txt"))).toBe(false);
  });

  it("a staged journal a crashed writer left (renamed into journal/) is recovered by the next apply of this process", async () => {
    const { root } = tmpRoot();
    await appliedHistory(root, 2, "s");
    const crashed = makeBundle([{ path: "z/never.txt", content: "never" }], { name: "crashed" });
    const hex = hexOf(crashed);
    fs.mkdirSync(axiomPath(root, "staging", hex, "z"), { recursive: true });
    fs.writeFileSync(axiomPath(root, "staging", hex, "z", "never.txt"), "never");
    const journal = {
      manifestDigest: crashed.manifestDigest,
      phase: "staged",
      steps: [{ path: "z/never.txt", op: "create", done: false }],
      startedAt: new Date().toISOString(),
      pid: 4194305,
    };
    fs.writeFileSync(axiomPath(root, "journal", `${hex}.json.tmp-1`), JSON.stringify(journal));
    fs.renameSync(axiomPath(root, "journal", `${hex}.json.tmp-1`), axiomPath(root, "journal", `${hex}.json`));
    // A dry-run sees it pending; the fs apply recovers it (staging and journal removed), then applies.
    const next = makeBundle([{ path: "n/y.txt", content: "y" }]);
    expect((await runApply(next, root, { mode: "dry-run" })).error?.code).toBe("ERR_RECOVERY_PENDING");
    expect((await runApply(next, root)).status).toBe("applied");
    expect(exists(axiomPath(root, "journal", `${hex}.json`))).toBe(false);
    expect(exists(axiomPath(root, "staging", hex))).toBe(false);
    expect(exists(path.join(root, "z/never.txt"))).toBe(false);
  });

  it("an orphan staging directory (a writer killed before its journal) is removed by the next apply", async () => {
    const { root } = tmpRoot();
    await appliedHistory(root, 2, "o");
    const orphan = axiomPath(root, "staging", "f".repeat(64), "a");
    fs.mkdirSync(orphan, { recursive: true });
    fs.writeFileSync(path.join(orphan, "x.txt"), "orphan");
    expect((await runApply(makeBundle([{ path: "n/z.txt", content: "z" }]), root)).status).toBe("applied");
    expect(exists(axiomPath(root, "staging", "f".repeat(64)))).toBe(false);
  });

  it("while the root is unchanged, the gate lists no directory and reads no journal or marker: the cost no longer grows with the history", async () => {
    const { root } = tmpRoot();
    await appliedHistory(root, 6, "u");
    const own = makeBundle([{ path: "n/u.txt", content: "u" }]);
    const listed: string[] = [];
    const read: string[] = [];
    const { readdir, readFile } = fsx;
    const restore = installFs({
      readdir: (p) => {
        listed.push(p);
        return readdir(p);
      },
      readFile: (p) => {
        read.push(p);
        return readFile(p);
      },
    });
    try {
      expect((await runApply(own, root)).status).toBe("applied");
    } finally {
      restore();
    }
    const under = (sub: string) => (p: string) => p.startsWith(axiomPath(root, sub));
    expect(listed.filter(under("journal"))).toEqual([]);
    expect(listed.filter(under("applied"))).toEqual([]);
    // The run's own journal is read back by its own commit; none of the six before it is.
    const ownJournal = axiomPath(root, "journal", `${hexOf(own)}.json`);
    expect(read.filter(under("journal")).filter((p) => p.endsWith(".json") && p !== ownJournal)).toEqual([]);
    expect(read.filter(under("applied"))).toEqual([]);
  });
});

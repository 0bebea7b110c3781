// Issue 20 Low 9 (decisions SEC-35): a rollback of a create removes the directories the apply
// created, when they are empty, and nothing else: a directory that existed before, or that holds
// a file someone else put there since, stays.
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
  cleanupRoots,
  hexOf,
  type Json,
  makeBundle,
  readJson,
  runApply,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

const isDir = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

describe("rollback removes the directories its creates made (issue 20 Low 9)", () => {
  it("empty-directory litter after a manual rollback: a/b/c created for a/b/c/f.txt are all gone; the journal names them deepest first", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "top.txt": "T" });
    const b = makeBundle([
      { path: "a/b/c/f.txt", content: "F" },
      { path: "a/g.txt", content: "G" },
    ]);
    expect((await runApply(b, root)).status).toBe("applied");
    const j = readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)) as Json;
    expect(j.dirs).toEqual(["a/b/c", "a/b", "a"]);
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    expect(fs.readdirSync(root).filter((n) => n !== ".axiom")).toEqual(["top.txt"]);
  });

  it("a commit that fails on its second rename rolls back and leaves none of the directories its first create made", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "z.txt": "Z" });
    const b = makeBundle([
      { path: "new/deep/f.txt", content: "F" },
      { path: "z.txt", op: "overwrite", content: "Z2" },
    ]);
    const h = harness([
      {
        op: "rename",
        pathMatch: (_p, c) => c.to === path.join(root, "z.txt") && c.path.includes(`${path.sep}staging${path.sep}`),
        errno: "EIO",
      },
    ]);
    let r: Json;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(isDir(path.join(root, "new"))).toBe(false);
    expect(fs.readFileSync(path.join(root, "z.txt"), "utf8")).toBe("Z");
  });

  it("a directory that existed before (even empty) and one that gained someone else's file stay", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(path.join(root, "keep"));
    const b = makeBundle([
      { path: "keep/x/f.txt", content: "F" },
      { path: "made/y/g.txt", content: "G" },
    ]);
    expect((await runApply(b, root)).status).toBe("applied");
    writeTree(root, { "made/theirs.txt": "mine" });
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    expect(isDir(path.join(root, "keep"))).toBe(true);
    expect(isDir(path.join(root, "keep", "x"))).toBe(false);
    expect(isDir(path.join(root, "made", "y"))).toBe(false);
    expect(fs.readFileSync(path.join(root, "made", "theirs.txt"), "utf8")).toBe("mine");
  });
});

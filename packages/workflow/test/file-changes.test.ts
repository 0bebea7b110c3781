// fileChanges (the human step's view of a change set, mcp.md §8.4) on real temp repos: the op as it
// will land (create for a target absent from the pre-image), +/− counts and hunks, binaries, and
// the targets it refuses to read (a symlinked parent, a hard-linked file, a tree changed since
// compile) — each shown as the code the apply will refuse with, never as the bytes.
import { link, symlink, writeFile } from "node:fs/promises";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { compileWrite, type FileChange, fileChanges, type WriteFile } from "../src/index";

async function changesOf(root: string, files: WriteFile[]): Promise<FileChange[]> {
  const { bundle } = await compileWrite({ root, files, intent: "", planProfile: "default" });
  return fileChanges(root, bundle);
}

const byPath = (cs: FileChange[], path: string) => cs.find((c) => c.path === path);

describe("fileChanges", () => {
  test("a new file is create, an existing one overwrite, a delete delete; counts and hunks of each", async () => {
    const r = await tempRepo({ "old.txt": "one\ntwo\nthree\n", "gone.txt": "a\nb\n" });
    const cs = await changesOf(r.root, [
      { path: "new.txt", content: "x\ny\n" },
      { path: "old.txt", content: "one\nTWO\nthree\nfour\n" },
      { path: "gone.txt", op: "delete" },
    ]);
    expect(cs.map((c) => c.path)).toEqual(["gone.txt", "new.txt", "old.txt"]);
    expect(byPath(cs, "new.txt")).toEqual({
      path: "new.txt",
      op: "create",
      kind: "text",
      added: 2,
      removed: 0,
      lines: ["@@ -0,0 +1,2 @@", "+x", "+y"],
    });
    expect(byPath(cs, "old.txt")).toMatchObject({ op: "overwrite", kind: "text", added: 2, removed: 1 });
    expect((byPath(cs, "old.txt") as { lines: string[] }).lines).toEqual([
      "@@ -1,3 +1,4 @@",
      " one",
      "-two",
      "+TWO",
      " three",
      "+four",
    ]);
    expect(byPath(cs, "gone.txt")).toEqual({
      path: "gone.txt",
      op: "delete",
      kind: "text",
      added: 0,
      removed: 2,
      lines: ["@@ -1,2 +0,0 @@", "-a", "-b"],
    });
  });

  test("an unchanged overwrite has no hunks; a delete of an absent file neither", async () => {
    const r = await tempRepo({ "same.txt": "s\n" });
    const cs = await changesOf(r.root, [
      { path: "same.txt", content: "s\n" },
      { path: "never.txt", op: "delete" },
    ]);
    expect(byPath(cs, "same.txt")).toMatchObject({ op: "overwrite", kind: "text", added: 0, removed: 0, lines: [] });
    expect(byPath(cs, "never.txt")).toMatchObject({ op: "delete", kind: "text", added: 0, removed: 0, lines: [] });
  });

  test("binary content → binary with the new size; a deleted binary → its old size", async () => {
    const r = await tempRepo({});
    await writeFile(r.path("old.bin"), Buffer.from([0, 1, 2, 3, 4]));
    const cs = await changesOf(r.root, [
      { path: "img.bin", content: Buffer.from([0, 255, 0, 7]).toString("base64"), encoding: "base64" },
      { path: "old.bin", op: "delete" },
    ]);
    expect(byPath(cs, "img.bin")).toEqual({ path: "img.bin", op: "create", kind: "binary", bytes: 4 });
    expect(byPath(cs, "old.bin")).toEqual({ path: "old.bin", op: "delete", kind: "binary", bytes: 5 });
  });

  test("exfiltration through a hard link: a hard-linked target is never read, shown as ERR_TARGET_TYPE", async () => {
    const outside = await tempRepo({ "secret.txt": "outside bytes\n" });
    const r = await tempRepo({});
    const cs0 = await changesOf(r.root, [{ path: "linked.txt", content: "new\n" }]);
    expect(byPath(cs0, "linked.txt")).toMatchObject({ op: "create" });
    await link(outside.path("secret.txt"), r.path("linked.txt"));
    const { bundle } = await compileWrite({
      root: r.root,
      files: [{ path: "linked.txt", content: "new\n" }],
      intent: "",
      planProfile: "default",
    });
    const cs = await fileChanges(r.root, bundle);
    expect(cs).toEqual([{ path: "linked.txt", op: "overwrite", kind: "unavailable", code: "ERR_TARGET_TYPE" }]);
    expect(JSON.stringify(cs)).not.toContain("outside bytes");
  });

  test("exfiltration through a symlinked parent: the target is never read, shown as the walk's code", async () => {
    const r = await tempRepo({});
    const outside = await tempRepo({ "f.txt": "outside bytes\n" });
    const { bundle } = await compileWrite({
      root: r.root,
      files: [{ path: "dir/f.txt", content: "new\n" }],
      intent: "",
      planProfile: "default",
    });
    await symlink(outside.root, r.path("dir"));
    const cs = await fileChanges(r.root, bundle);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ path: "dir/f.txt", op: "create", kind: "unavailable", code: "ERR_SYMLINK_IN_PATH" });
    expect(JSON.stringify(cs)).not.toContain("outside bytes");
  });

  test("the tree changed since compile → ERR_PREIMAGE_CHANGED; the label follows the pre-image (create)", async () => {
    const r = await tempRepo({});
    const { bundle } = await compileWrite({
      root: r.root,
      files: [{ path: "late.txt", content: "mine\n" }],
      intent: "",
      planProfile: "default",
    });
    await writeFile(r.path("late.txt"), "someone else's\n");
    expect(await fileChanges(r.root, bundle)).toEqual([
      { path: "late.txt", op: "create", kind: "unavailable", code: "ERR_PREIMAGE_CHANGED" },
    ]);
  });
});

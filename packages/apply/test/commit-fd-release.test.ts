// Commit releases every descriptor it opens on the tree (issue 25 survivors: the `finally` blocks
// of commit.ts that close the C3 re-open, the C4 re-check, the post-rename re-hash, and unpin the
// escape guard's handle on a deleted or renamed inode). A leaked descriptor changes no result, so
// these tests read the kernel's own list: after an apply, applied or refused on each block's error
// path, no entry of /proc/self/fd names a file under the test's temp directory. The list is read
// by path (not by count), so descriptors other code of this process holds never count.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, makeBundle, replaceWithCopy, snapshot, tmpRoot, writeTree } from "./engine-helpers";
import { applyWith, type FaultSpec } from "./fault-harness";

afterEach(cleanupRoots);

const PROC_FD = "/proc/self/fd";

/** What this process's open descriptors name under `dir` (a deleted inode reads "<path> (deleted)"). */
function openUnder(dir: string): string[] {
  const real = fs.realpathSync(dir);
  const out: string[] = [];
  for (const n of fs.readdirSync(PROC_FD)) {
    let at: string;
    try {
      at = fs.readlinkSync(`${PROC_FD}/${n}`);
    } catch {
      continue; // the readdir's own descriptor, closed by now
    }
    if (at === real || at.startsWith(`${real}${path.sep}`)) out.push(at.slice(real.length + 1));
  }
  return out.sort();
}

/** An overwrite of a.txt, a delete of d.txt and a create of n.txt: every `finally` of commitOne and passBackups runs. */
function mixedRoot() {
  const { root, parent } = tmpRoot();
  writeTree(root, { "a.txt": "old a\n", "d.txt": "old d\n" });
  const b = makeBundle([
    { path: "a.txt", op: "overwrite", content: "new a\n" },
    { path: "d.txt", op: "delete" },
    { path: "n.txt", content: "n\n" },
  ]);
  return { root, parent, b, a: path.join(root, "a.txt"), d: path.join(root, "d.txt") };
}

describe.runIf(fs.existsSync(PROC_FD))("commit closes what it opens (/proc/self/fd)", () => {
  it("the probe sees a descriptor left open under the root (this check can fail)", () => {
    const { root, parent } = tmpRoot();
    writeTree(root, { "x.txt": "x" });
    const fd = fs.openSync(path.join(root, "x.txt"), "r");
    try {
      expect(openUnder(parent)).toEqual(["R/x.txt"]);
      fs.unlinkSync(path.join(root, "x.txt"));
      expect(openUnder(parent)).toEqual(["R/x.txt (deleted)"]);
    } finally {
      fs.closeSync(fd);
    }
    expect(openUnder(parent)).toEqual([]);
  });

  it("applied overwrite + delete + create: no descriptor left on the tree (C3 re-open, C4 re-check, delete pin, rename pin, re-hash)", async () => {
    const { root, parent, b } = mixedRoot();
    expect(openUnder(parent)).toEqual([]);
    const { r, h } = await applyWith([], root, b);
    expect(r.status).toBe("applied");
    // each block ran: the delete's unlink and both renames onto the tree happened
    expect(h.calls.filter((c) => c.op === "unlink" && c.path === path.join(root, "d.txt"))).toHaveLength(1);
    expect(h.calls.filter((c) => c.op === "rename" && c.to !== undefined && !c.to.includes(".axiom"))).toHaveLength(2);
    expect(fs.existsSync(path.join(root, "d.txt"))).toBe(false);
    expect(openUnder(parent)).toEqual([]);
  });

  it("C3 refused after the link (target swapped for a copy): the re-opened fd is closed on the error path", async () => {
    const { root, parent, b, a } = mixedRoot();
    const swap: FaultSpec = {
      op: "link",
      pathMatch: (p) => p === a,
      before: () => replaceWithCopy(a, "old a\n"),
    };
    const { r } = await applyWith([swap], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_PREIMAGE_CHANGED", path: "a.txt" });
    expect(openUnder(parent)).toEqual([]);
  });

  it("C4 re-check refused (bytes changed in place before its re-open): the re-check's fd is closed on the error path", async () => {
    const { root, parent, b, a } = mixedRoot();
    // opens of a.txt: 1 prepare's capture, 2 C3's re-open, 3 C4's re-check
    const edit: FaultSpec = {
      op: "open",
      nth: 3,
      pathMatch: (p) => p === a,
      before: () => fs.writeFileSync(a, "edit\n"),
    };
    const { r } = await applyWith([edit], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { actual: expect.any(String) },
    });
    expect(fs.readFileSync(a, "utf8")).toBe("edit\n");
    expect(openUnder(parent)).toEqual([]);
  });

  it("the rename onto the target fails (EIO): the staged file's pin is released on the error path", async () => {
    const { root, parent, b, a } = mixedRoot();
    const before = snapshot(root);
    const fail: FaultSpec = { op: "rename", errno: "EIO", pathMatch: (_p, c) => c.to === a };
    const { r, h } = await applyWith([fail], root, b);
    expect(h.injected).toBe(1);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "rename" } });
    expect(snapshot(root)).toEqual(before);
    expect(openUnder(parent)).toEqual([]);
  });

  it("the renamed target's re-hash differs (staged bytes tampered): the re-hash fd is closed on the error path", async () => {
    const { root, parent, b, a } = mixedRoot();
    const tamper: FaultSpec = {
      op: "rename",
      pathMatch: (_p, c) => c.to === a,
      before: (c) => fs.writeFileSync(c.path, "bad\n"),
    };
    const { r } = await applyWith([tamper], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_DIGEST_MISMATCH", path: "a.txt" });
    expect(fs.readFileSync(a, "utf8")).toBe("old a\n");
    expect(openUnder(parent)).toEqual([]);
  });
});

// Commit's error branches (apply.md §5.7 C3–C4, issue 25: no test reached them): a target whose
// re-open at commit fails with ENOTDIR is ERR_PREIMAGE_CHANGED like ENOENT and ELOOP, before any
// rename; the copy fallback of a backup (the hard link refused) tolerates fchown EPERM/EINVAL
// (a non-root process cannot give a file away) and fails on any other fchown error, leaving no
// temp and no changed target.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { axiomPath, cleanupRoots, hexOf, makeBundle, snapshot, tmpRoot, writeTree } from "./engine-helpers";
import { applyWith, type FaultSpec } from "./fault-harness";

afterEach(cleanupRoots);

function overwriteRoot() {
  const { root } = tmpRoot();
  writeTree(root, { "a.txt": "old a\n", "b.txt": "old b\n" });
  const b = makeBundle([
    { path: "a.txt", op: "overwrite", content: "new a\n" },
    { path: "b.txt", op: "overwrite", content: "new b\n" },
  ]);
  return { root, b, target: path.join(root, "a.txt") };
}

describe("commit: re-opening a captured target", () => {
  it.each(["ENOTDIR", "ENOENT", "ELOOP"])(
    "%s on the commit-time open of a target → ERR_PREIMAGE_CHANGED {expected, actual} on that path, rolled back; nothing renamed",
    async (errno) => {
      const { root, b, target } = overwriteRoot();
      const before = snapshot(root);
      // the first open of a.txt is prepare's capture; the second is commit's re-open (C3)
      const { r, h } = await applyWith([{ op: "open", nth: 2, errno, pathMatch: (p) => p === target }], root, b);
      expect(h.injected).toBe(1);
      expect(r.status).toBe("rolled-back");
      expect(r.error).toMatchObject({
        code: "ERR_PREIMAGE_CHANGED",
        path: "a.txt",
        details: { expected: expect.stringMatching(/^[0-9a-f]{64}$/), actual: expect.any(String) },
      });
      expect(h.calls.some((c) => c.op === "rename" && c.to === target)).toBe(false);
      expect(snapshot(root)).toEqual(before);
    },
  );

  it("any other open error is not read as a changed pre-image: ERR_INTERNAL {errno, syscall}", async () => {
    const { root, b, target } = overwriteRoot();
    const { r } = await applyWith([{ op: "open", nth: 2, errno: "EIO", pathMatch: (p) => p === target }], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "open" } });
  });
});

describe("commit: the copy fallback of a backup", () => {
  const backupOf = (root: string, b: unknown, rel: string) =>
    axiomPath(root, "backup", hexOf(b as never), ...rel.split("/"));
  const noLink: FaultSpec = { op: "link", times: "always", errno: "EXDEV" };

  it.each(["EPERM", "EINVAL"])(
    "fchown %s on the copy is tolerated: applied, the backup holds the old bytes and mode",
    async (errno) => {
      const { root, b } = overwriteRoot();
      fs.chmodSync(path.join(root, "a.txt"), 0o640);
      const { r, h } = await applyWith([noLink, { op: "fchown", times: "always", errno }], root, b);
      expect(h.calls.filter((c) => c.op === "fchown")).toHaveLength(2);
      expect(r.status).toBe("applied");
      expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("new a\n");
      const backup = backupOf(root, b, "a.txt");
      expect(fs.readFileSync(backup, "utf8")).toBe("old a\n");
      expect(fs.statSync(backup).mode & 0o777).toBe(0o640);
      expect(fs.readFileSync(backupOf(root, b, "b.txt"), "utf8")).toBe("old b\n");
    },
  );

  it("fchown EACCES on the copy rolls the apply back before any rename: targets unchanged, no temp left in backup/", async () => {
    const { root, b } = overwriteRoot();
    const before = snapshot(root);
    const { r, h } = await applyWith([noLink, { op: "fchown", errno: "EACCES" }], root, b);
    expect(h.calls.filter((c) => c.op === "fchown")).toHaveLength(1);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EACCES", syscall: "fchown" } });
    expect(h.calls.some((c) => c.op === "rename" && !c.path.includes(".axiom"))).toBe(false);
    expect(snapshot(root)).toEqual(before);
    const dir = axiomPath(root, "backup", hexOf(b));
    const left = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
    expect(left.filter((n) => String(n).includes(".axiom-tmp-"))).toEqual([]);
  });
});

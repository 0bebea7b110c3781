// Commit's answers when the tree changes or cannot be read at the last moment (apply.md §5.7
// C3–C4, issue 25 survivors): the capture made after a failed re-open failing itself (`actual`
// "absent"), a created path that cannot be captured at its re-check (`actual` "unreadable"), a
// delete's target swapped between its re-check and its unlink (the pin's identity; the unlinked
// name not the pinned inode's), and a renamed target gone right after its rename. Each is driven
// through the fs seam (the escape guard's pin reads the real path, outside the seam) and checked
// by code, details and the tree's bytes afterwards; and the committed journal records every step
// done (C4 d).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
  cleanupRoots,
  hexOfText as hex,
  hexOf,
  type Json,
  makeBundle,
  overwriteRoot,
  readJson,
  replaceWithCopy,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { applyWith, type FaultSpec } from "./fault-harness";

afterEach(cleanupRoots);

/**
 * Two specs sharing a switch: `trigger` arms it (running `act` first, if given); the first matching
 * call of `then` after that fails with `errno` (or runs its `before`). Order of calls, not counts.
 */
function afterArmed(trigger: FaultSpec, then: Omit<FaultSpec, "pathMatch"> & { path: string }): FaultSpec[] {
  let armed = false;
  const { path: p, ...rest } = then;
  return [
    {
      ...trigger,
      before: async (c) => {
        await trigger.before?.(c);
        armed = true;
      },
    },
    { ...rest, pathMatch: (q) => armed && q === p },
  ];
}

describe("C3: the capture after a failed re-open or a foreign link fails itself → actual 'absent'", () => {
  it("the re-open fails ENOENT, then the capture's lstat fails EIO → ERR_PREIMAGE_CHANGED {expected: old digest, actual: absent}; nothing renamed, tree unchanged", async () => {
    const { root, b, target: a } = overwriteRoot();
    const before = snapshot(root);
    // opens of a.txt: 1 prepare's capture, 2 C3's re-open
    const faults = afterArmed(
      { op: "open", nth: 2, errno: "ENOENT", pathMatch: (p) => p === a },
      { op: "lstat", errno: "EIO", path: a },
    );
    const { r, h } = await applyWith(faults, root, b);
    expect(h.injected).toBe(2);
    expect(h.failed).toMatchObject({ op: "open", path: a });
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: "absent" },
    });
    expect(h.calls.some((c) => c.op === "rename" && c.to === a)).toBe(false);
    expect(snapshot(root)).toEqual(before);
  });

  it("the backup link is not the captured inode (swapped for a copy), then the capture's lstat fails EIO → ERR_PREIMAGE_CHANGED {actual: absent}; the link removed, tree unchanged", async () => {
    const { root, b, target: a } = overwriteRoot();
    const before = snapshot(root);
    const faults = afterArmed(
      { op: "link", pathMatch: (p) => p === a, before: () => replaceWithCopy(a, "old a\n") },
      { op: "lstat", errno: "EIO", path: a },
    );
    const { r, h } = await applyWith(faults, root, b);
    expect(h.injected).toBe(1);
    expect(h.failed).toMatchObject({ op: "lstat", path: a });
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: "absent" },
    });
    const link = h.calls.find((c) => c.op === "link" && c.path === a)!;
    expect(h.calls.some((c) => c.op === "unlink" && c.path === link.to)).toBe(true);
    expect(fs.existsSync(link.to!)).toBe(false);
    expect(h.calls.some((c) => c.op === "rename" && c.to === a)).toBe(false);
    expect(snapshot(root)).toEqual(before);
  });
});

describe("C4: a created path whose re-check capture fails", () => {
  it("the create's capture at commit fails EIO → ERR_PREIMAGE_CHANGED {expected: absent, actual: unreadable}; nothing created", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "k.txt": "k\n" });
    const before = snapshot(root);
    const b = makeBundle([{ path: "n.txt", content: "n\n" }]);
    const n = path.join(root, "n.txt");
    const journal = axiomPath(root, "journal", `${hexOf(b)}.json`);
    // the first journal rename is the `committing` write (C1–C2, SPEED-16), after prepare's capture of n.txt
    const faults = afterArmed(
      { op: "rename", nth: 1, pathMatch: (_p, c) => c.to === journal },
      { op: "lstat", errno: "EIO", path: n },
    );
    const { r, h } = await applyWith(faults, root, b);
    expect(h.injected).toBe(1);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "n.txt",
      details: { expected: "absent", actual: "unreadable" },
    });
    expect(h.calls.some((c) => c.op === "rename" && c.to === n)).toBe(false);
    expect(snapshot(root)).toEqual(before);
  });
});

describe("C4: a delete's target swapped between its re-check and its unlink", () => {
  function deleteRoot() {
    const { root, parent, out } = tmpRoot();
    writeTree(root, { "d.txt": "old d\n" });
    const b = makeBundle([{ path: "d.txt", op: "delete" }]);
    return { root, parent, out, b, d: path.join(root, "d.txt") };
  }
  // closes of d.txt's fds: 1 prepare's capture, 2 C3's re-open, 3 C4's re-check (just before the pin)
  const atRecheckClose = (d: string, act: () => void): FaultSpec => ({
    op: "close",
    nth: 3,
    pathMatch: (p) => p === d,
    before: act,
  });

  it("attack: replaced by an identical copy after the re-check, before the pin → ERR_PREIMAGE_CHANGED {expected: old digest, actual: 'replaced before removal'}; the copy is not unlinked", async () => {
    const { root, b, d } = deleteRoot();
    let copyIno = -1;
    const { r, h } = await applyWith(
      [
        atRecheckClose(d, () => {
          replaceWithCopy(d, "old d\n");
          copyIno = fs.lstatSync(d).ino;
        }),
      ],
      root,
      b,
    );
    expect(copyIno).toBeGreaterThan(0);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "d.txt",
      details: { expected: hex("old d\n"), actual: "replaced before removal" },
    });
    expect(h.calls.some((c) => c.op === "unlink" && c.path === d)).toBe(false);
    expect(fs.lstatSync(d).ino).toBe(copyIno);
    expect(fs.readFileSync(d, "utf8")).toBe("old d\n");
  });

  it("attack: the verified file moved aside and another put in its place just before the unlink → ERR_PREIMAGE_CHANGED {expected: the verified file, actual: another file}", async () => {
    const { root, b, d } = deleteRoot();
    const moved = path.join(root, "d.moved");
    const swap: FaultSpec = {
      op: "unlink",
      pathMatch: (p) => p === d,
      before: () => {
        fs.renameSync(d, moved);
        fs.writeFileSync(d, "other\n");
      },
    };
    const { r } = await applyWith([swap], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "d.txt",
      details: { expected: "the verified file", actual: "another file" },
    });
    // the verified inode is untouched where the attacker moved it; the rollback puts the backup back
    expect(fs.readFileSync(moved, "utf8")).toBe("old d\n");
    expect(fs.readFileSync(d, "utf8")).toBe("old d\n");
  });

  it.runIf(process.platform === "linux")(
    "attack: the parent swapped for a link outside just before the unlink → failed ERR_ESCAPE_DETECTED {phase: commit, op: unlink, outside}",
    async () => {
      const { root, parent, out } = tmpRoot();
      writeTree(root, { "s/d.txt": "old d\n" });
      writeTree(out, { "d.txt": "victim\n" });
      const b = makeBundle([{ path: "s/d.txt", op: "delete" }]);
      const d = path.join(root, "s", "d.txt");
      const swap: FaultSpec = {
        op: "unlink",
        pathMatch: (p) => p === d,
        before: () => {
          fs.renameSync(path.join(root, "s"), path.join(parent, "s-moved"));
          fs.symlinkSync(out, path.join(root, "s"));
        },
      };
      const { r } = await applyWith([swap], root, b);
      expect(r.status).toBe("failed");
      expect(r.error).toMatchObject({
        code: "ERR_ESCAPE_DETECTED",
        details: { phase: "commit", op: "unlink", outside: path.join(out, "d.txt"), removed: false },
      });
      // the pinned file was never unlinked: it is where the attacker parked its directory
      expect(fs.readFileSync(path.join(parent, "s-moved", "d.txt"), "utf8")).toBe("old d\n");
    },
  );

  it("the target removed after the re-check, before the pin: no pin, the unlink's ENOENT is the answer (ERR_INTERNAL {errno: ENOENT, syscall: unlink}), rolled back", async () => {
    const { root, b, d } = deleteRoot();
    const { r } = await applyWith([atRecheckClose(d, () => fs.unlinkSync(d))], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "ENOENT", syscall: "unlink" } });
    expect(fs.readFileSync(d, "utf8")).toBe("old d\n");
  });
});

describe("C4: the target gone right after its rename", () => {
  it.each([
    ["overwrite", "old a\n"],
    ["create", undefined],
  ] as const)(
    "%s: the renamed target removed before the post-rename lstat → ERR_DIGEST_MISMATCH on that path, rolled back to the pre-image",
    async (op, pre) => {
      const { root } = tmpRoot();
      if (pre !== undefined) writeTree(root, { "a.txt": pre });
      const before = snapshot(root);
      const b = makeBundle([{ path: "a.txt", op, content: "new a\n" }]);
      const a = path.join(root, "a.txt");
      const faults = afterArmed(
        { op: "rename", pathMatch: (_p, c) => c.to === a },
        { op: "lstat", path: a, before: () => fs.unlinkSync(a) },
      );
      const { r } = await applyWith(faults, root, b);
      expect(r.status).toBe("rolled-back");
      expect(r.error).toMatchObject({ code: "ERR_DIGEST_MISMATCH", path: "a.txt" });
      expect(r.error?.details).toBeUndefined();
      expect(snapshot(root)).toEqual(before);
    },
  );
});

describe("C4 (d): every step is recorded done", () => {
  it("the committed journal of an overwrite + delete + create has done = true on each step (the delete's only setter is C4 (d))", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "old a\n", "d.txt": "old d\n" });
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "new a\n" },
      { path: "d.txt", op: "delete" },
      { path: "n.txt", content: "n\n" },
    ]);
    const { r } = await applyWith([], root, b);
    expect(r.status).toBe("applied");
    const j = readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)) as Json;
    expect(j.phase).toBe("committed");
    expect(j.steps.map((s: Json) => [s.path, s.done])).toEqual([
      ["a.txt", true],
      ["d.txt", true],
      ["n.txt", true],
    ]);
  });
});

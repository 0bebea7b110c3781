// Commit's re-checks against the capture (apply.md §5.7 C3–C4, issue 25 survivors): a target
// replaced by an identical copy, one that gained a hard link, bytes changed under a copy backup,
// a created path that appeared, a staged file tampered before its rename, and an EEXIST on the
// backup link are each refused with their code and details, the tree left as the attack made it;
// and the journal is rewritten exactly when the D12 order says (C3 only with a backup, C4 every
// JOURNAL_REWRITE_EVERY steps).
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { JOURNAL_REWRITE_EVERY } from "../src/commit";
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
  tmpRoot,
} from "./engine-helpers";
import { applyWith, type FaultSpec } from "./fault-harness";

afterEach(cleanupRoots);

/** Runs `act` just before the nth open of the target (1: prepare's capture, 2: C3's re-open, 3: C4's). */
const beforeOpen = (target: string, nth: number, act: () => void): FaultSpec => ({
  op: "open",
  nth,
  pathMatch: (p) => p === target,
  before: act,
});
const noLink: FaultSpec = { op: "link", times: "always", errno: "EXDEV" };

describe("C3/C4: the re-open checks identity and link count", () => {
  it("attack: the target replaced by a new inode with the same bytes before C3 → ERR_PREIMAGE_CHANGED {expected = actual = the old digest}, nothing written", async () => {
    const { root, b, target } = overwriteRoot();
    const swap = () => replaceWithCopy(target, "old a\n");
    const { r } = await applyWith([beforeOpen(target, 2, swap)], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: hex("old a\n") },
    });
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });

  it("attack: the same swap with a copy backup (link refused): the copy hashes equal, so only the inode check refuses → ERR_PREIMAGE_CHANGED, nothing written", async () => {
    const { root, b, target } = overwriteRoot();
    const swap = () => replaceWithCopy(target, "old a\n");
    const { r } = await applyWith([noLink, beforeOpen(target, 2, swap)], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_PREIMAGE_CHANGED", path: "a.txt" });
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });

  it("attack: the target replaced by a directory before C3's re-open (which opens it) → ERR_PREIMAGE_CHANGED {actual: non-file:other}, the directory left as it is", async () => {
    const { root, b, target } = overwriteRoot();
    const toDir = () => {
      fs.rmSync(target);
      fs.mkdirSync(target);
    };
    const { r } = await applyWith([beforeOpen(target, 2, toDir)], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: "non-file:other" },
    });
    expect(fs.statSync(target).isDirectory()).toBe(true);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it.each([2, 3])(
    "attack: a hard link to the target made before open %i → ERR_TARGET_TYPE {kind: hardlink}, the target keeps its bytes",
    async (nth) => {
      const { root, out, b, target } = overwriteRoot();
      const { r } = await applyWith([beforeOpen(target, nth, () => fs.linkSync(target, path.join(out, "x")))], root, b);
      expect(r.status).toBe("rolled-back");
      expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", path: "a.txt", details: { kind: "hardlink" } });
      expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
    },
  );

  it("attack: a copy backup (link refused) allows no second link at C4: a hard link made then → ERR_TARGET_TYPE", async () => {
    const { root, out, b, target } = overwriteRoot();
    const { r } = await applyWith(
      [noLink, beforeOpen(target, 3, () => fs.linkSync(target, path.join(out, "x")))],
      root,
      b,
    );
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", path: "a.txt", details: { kind: "hardlink" } });
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });
});

describe("C3: the backup link must be the captured inode", () => {
  it("attack: the target swapped for an identical copy just before the link → ERR_PREIMAGE_CHANGED; no backup recorded, the link removed", async () => {
    const { root, b, target } = overwriteRoot();
    const swap: FaultSpec = {
      op: "link",
      pathMatch: (p) => p === target,
      before: () => replaceWithCopy(target, "old a\n"),
    };
    const { r } = await applyWith([swap], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: hex("old a\n") },
    });
    const j = readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)) as Json;
    expect(j.steps.map((s: Json) => s.backup)).toEqual([undefined]);
    expect(fs.existsSync(axiomPath(root, "backup", hexOf(b), "a.txt"))).toBe(false);
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });
});

describe("C4: the renamed file must be the staged inode", () => {
  it("attack: the staged file replaced by an identical copy before its rename → ERR_DIGEST_MISMATCH on that path; the target gets its old bytes back", async () => {
    const { root, b, target } = overwriteRoot();
    const swap: FaultSpec = {
      op: "rename",
      pathMatch: (_p, c) => c.to === target,
      before: (c) => replaceWithCopy(c.path, "new a\n"),
    };
    const { r } = await applyWith([swap], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_DIGEST_MISMATCH", path: "a.txt" });
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });
});

describe("C3: the copy fallback hashes what it copies", () => {
  it("bytes changed in place while the copy is made → ERR_PREIMAGE_CHANGED {expected: old, actual: what was read}; no backup recorded, no temp left", async () => {
    const { root, b, target } = overwriteRoot();
    const backupDir = axiomPath(root, "backup", hexOf(b));
    const tamper: FaultSpec = {
      op: "open",
      pathMatch: (p) => path.dirname(p) === backupDir && path.basename(p).startsWith(".axiom-tmp-"),
      before: () => fs.writeFileSync(target, "changed!\n"),
    };
    const { r } = await applyWith([noLink, tamper], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "a.txt",
      details: { expected: hex("old a\n"), actual: hex("changed!\n") },
    });
    expect(fs.readFileSync(target, "utf8")).toBe("changed!\n");
    // the C3 journal rewrite never happened: no step records a backup
    const j = readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)) as Json;
    expect(j.steps.map((s: Json) => s.backup)).toEqual([undefined]);
    expect(
      fs.existsSync(backupDir) ? fs.readdirSync(backupDir).filter((n) => n.startsWith(".axiom-tmp-")) : [],
    ).toEqual([]);
  });

  it("EEXIST on the backup link is an error, never a reason to copy: rolled back with ERR_INTERNAL {errno: EEXIST, syscall: link}", async () => {
    const { root, b, target } = overwriteRoot();
    const { r, h } = await applyWith([{ op: "link", errno: "EEXIST", pathMatch: (p) => p === target }], root, b);
    expect(h.injected).toBe(1);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno: "EEXIST", syscall: "link" } });
    expect(h.calls.some((c) => c.op === "open" && c.path.includes(".axiom-tmp-"))).toBe(false);
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });
});

describe("C4: a created path and the renamed file", () => {
  it("attack: a file planted at a create's path after prepare → ERR_PREIMAGE_CHANGED {expected: absent, actual: its digest}; the planted bytes stay", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "b.txt", content: "b\n" }]);
    const journal = axiomPath(root, "journal", `${hexOf(b)}.json`);
    const planted = path.join(root, "b.txt");
    // the first journal rename is the `committing` write (C1–C2, SPEED-16), after prepare's capture
    const plant: FaultSpec = {
      op: "rename",
      nth: 1,
      pathMatch: (_p, c) => c.to === journal,
      before: () => fs.writeFileSync(planted, "planted\n"),
    };
    const { r } = await applyWith([plant], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "b.txt",
      details: { expected: "absent", actual: hex("planted\n") },
    });
    expect(fs.readFileSync(planted, "utf8")).toBe("planted\n");
  });

  it("attack: the staged file's bytes changed before its rename → ERR_DIGEST_MISMATCH {expected, actual}; the target gets its old bytes back", async () => {
    const { root, b, target } = overwriteRoot();
    const tamper: FaultSpec = {
      op: "rename",
      pathMatch: (_p, c) => c.to === target,
      before: (c) => fs.writeFileSync(c.path, "tampered\n"),
    };
    const { r } = await applyWith([tamper], root, b);
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({
      code: "ERR_DIGEST_MISMATCH",
      path: "a.txt",
      details: { expected: hex("new a\n"), actual: hex("tampered\n") },
    });
    expect(fs.readFileSync(target, "utf8")).toBe("old a\n");
  });
});

describe("journal rewrites during commit (D12)", () => {
  /** The journal's durable writes of one apply, in order (each is a rename onto journal/<hex>.json). */
  async function journalWrites(root: string, b: Json): Promise<number> {
    const file = axiomPath(root, "journal", `${hexOf(b)}.json`);
    const { r, h } = await applyWith([], root, b);
    expect(r.status).toBe("applied");
    return h.calls.filter((c) => c.op === "rename" && c.to === file).length;
  }

  it("creates only: committing, committed (no `staged` write, SPEED-16; the C3 rewrite with no backup is skipped)", async () => {
    const { root } = tmpRoot();
    expect(await journalWrites(root, makeBundle([{ path: "n.txt", content: "n\n" }]))).toBe(2);
  });

  it("an overwrite: committing, the C3 rewrite recording its backup, committed", async () => {
    const { root, b } = overwriteRoot();
    expect(await journalWrites(root, b)).toBe(3);
  });

  it.each([
    [JOURNAL_REWRITE_EVERY - 1, 2],
    [JOURNAL_REWRITE_EVERY, 3],
    [JOURNAL_REWRITE_EVERY + 1, 3],
    [2 * JOURNAL_REWRITE_EVERY, 4],
  ])("%i creates: %i journal writes (one more every JOURNAL_REWRITE_EVERY steps)", async (n, writes) => {
    const { root } = tmpRoot();
    const files = Array.from({ length: n }, (_, i) => ({
      path: `f/${String(i).padStart(3, "0")}.txt`,
      content: `${i}\n`,
    }));
    expect(await journalWrites(root, makeBundle(files))).toBe(writes);
  });
});

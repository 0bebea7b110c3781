// signing.md §9.1: verifyTree(root, bundle, { pre }) — read-only comparison of a tree with a
// manifest's post-state or pre-image; non-regular entries are reported by kind (fail-closed).
import * as fs from "node:fs";
import * as path from "node:path";
import { acquireLock, apply, verifyTree } from "@codai/axiom-apply";
import { sha256Hex } from "@codai/axiom-canon";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, makeBundle, snapshot, tmpRoot, writeTree } from "./engine-helpers";

afterEach(cleanupRoots);

function listAll(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
}

describe("verifyTree (signing.md §9.1)", () => {
  it("after a successful apply → ok, tree post, actual digests; a delete is expected absent", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "old.txt": "bye\n" });
    const b = makeBundle(
      [
        { path: "src/a.ts", content: "a\n" },
        { path: "old.txt", op: "delete" },
      ],
      { preImageFrom: root },
    );
    const r = await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest });
    expect(r.status).toBe("applied");
    const v = await verifyTree(root, b);
    expect(v).toMatchObject({ ok: true, tree: "post", root, manifestDigest: b.manifestDigest, mismatches: [] });
    expect(v.paths).toEqual([
      { path: "old.txt", op: "delete", sha256: "absent" },
      { path: "src/a.ts", op: "create", sha256: sha256Hex("a\n") },
    ]);
  });

  it("after editing one applied file → a mismatch with expected/actual hex", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a\n" }]);
    await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest });
    fs.writeFileSync(path.join(root, "a.txt"), "edited\n");
    const v = await verifyTree(root, b);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toEqual([
      { path: "a.txt", op: "create", expected: sha256Hex("a\n"), actual: sha256Hex("edited\n") },
    ]);
  });

  it("a directory where a file is expected → non-file:dir; a symlink → non-file:symlink; symlinked parent → ERR_SYMLINK_IN_PATH", async () => {
    const { root, out } = tmpRoot();
    fs.mkdirSync(path.join(root, "d.txt"));
    fs.writeFileSync(path.join(out, "target.txt"), "x");
    fs.symlinkSync(path.join(out, "target.txt"), path.join(root, "l.txt"));
    fs.symlinkSync(out, path.join(root, "sub"));
    const b = makeBundle([
      { path: "d.txt", content: "x" },
      { path: "l.txt", content: "x" },
      { path: "sub/target.txt", content: "x" },
      { path: "missing.txt", content: "x" },
    ]);
    const v = await verifyTree(root, b);
    const actual = Object.fromEntries(v.paths.map((p) => [p.path, p.sha256]));
    expect(actual).toEqual({
      "d.txt": "non-file:dir",
      "l.txt": "non-file:symlink",
      "missing.txt": "absent",
      "sub/target.txt": "ERR_SYMLINK_IN_PATH",
    });
    expect(v.ok).toBe(false);
    expect(v.mismatches).toHaveLength(4);
  });

  it("--pre before apply on the compile tree → ok, tree pre; after apply → mismatches", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "old\n" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "new\n" }], { preImageFrom: root });
    const pre = await verifyTree(root, b, { pre: true });
    expect(pre).toMatchObject({ ok: true, tree: "pre" });
    expect(pre.paths).toEqual([{ path: "a.txt", op: "overwrite", sha256: sha256Hex("old\n") }]);
    await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest });
    const after = await verifyTree(root, b, { pre: true });
    expect(after.ok).toBe(false);
    expect(after.mismatches[0]).toMatchObject({ expected: sha256Hex("old\n"), actual: sha256Hex("new\n") });
  });

  it("--pre on a manifest without preImage → ok false, preImageMissing, no paths", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    expect(await verifyTree(root, b, { pre: true })).toEqual({
      ok: false,
      manifestDigest: b.manifestDigest,
      root,
      tree: "pre",
      paths: [],
      mismatches: [],
      preImageMissing: true,
    });
  });

  it("root missing or a file → ERR_ROOT_NOT_DIR; invalid bundle → ERR_INVALID_MANIFEST", async () => {
    const { root, parent } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    await expect(verifyTree(path.join(parent, "nope"), b)).rejects.toMatchObject({ code: "ERR_ROOT_NOT_DIR" });
    fs.writeFileSync(path.join(parent, "file"), "x");
    await expect(verifyTree(path.join(parent, "file"), b)).rejects.toMatchObject({
      code: "ERR_ROOT_NOT_DIR",
      details: { root: path.join(parent, "file") },
    });
    await expect(verifyTree(root, { manifest: {} })).rejects.toMatchObject({ code: "ERR_INVALID_MANIFEST" });
  });

  it("never creates or modifies anything under R/.axiom/ and never takes the lock (a held lock does not block it)", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a\n" }]);
    await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest });
    const lock = await acquireLock(root, b.manifestDigest, 1000);
    try {
      const before = snapshot(path.join(root, ".axiom"), false);
      const names = listAll(path.join(root, ".axiom"));
      const v = await verifyTree(root, b);
      expect(v.ok).toBe(true);
      expect(snapshot(path.join(root, ".axiom"), false)).toEqual(before);
      expect(listAll(path.join(root, ".axiom"))).toEqual(names);
    } finally {
      await lock.release();
    }
  });
});

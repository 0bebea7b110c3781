// apply.md §17 (repo snapshot, globs, gitignore, walk, diff) and its "Snapshot" acceptance lines.
import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { canonicalDigestRef } from "@codai/axiom-canon";
import { RepoSnapshotSchema } from "@codai/axiom-schema";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoSnapshot, snapshotLimits } from "../src/snapshot";
import { diffSnapshots, parseSnapshot } from "../src/snapshot-diff";
import { gitignorePatterns, globToRegExp, validateGlob } from "../src/snapshot-glob";
import { tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-snap-"));
});
afterEach(() => cleanup());

async function put(rel: string, content: string, mode = 0o644): Promise<void> {
  const abs = path.join(root, ...rel.split("/"));
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, content);
  await chmod(abs, mode);
}
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const paths = (s: { body: { files: { path: string }[] } }) => s.body.files.map((f) => f.path);

async function failure(p: Promise<unknown>): Promise<{ code: string; details?: Record<string, unknown> }> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  if (!err) throw new Error("expected a failure");
  return err as { code: string; details?: Record<string, unknown> };
}

describe("output (§17.1)", () => {
  it("the document is {apiVersion, kind, root: {kind: relative}, snapshotDigest = sha256(JCS(body)), body}", async () => {
    await put("b.txt", "bee");
    await put("a/x.txt", "ex");
    const s = await repoSnapshot(root);
    expect(RepoSnapshotSchema.safeParse(s).success).toBe(true);
    expect(Object.keys(s)).toEqual(["apiVersion", "kind", "root", "snapshotDigest", "body"]);
    expect(s.root).toEqual({ kind: "relative" });
    expect(s.snapshotDigest).toBe(canonicalDigestRef(s.body));
    expect(s.body).toEqual({
      files: [
        { path: "a/x.txt", bytes: 2, mode: "0644", kind: "file", sha256: sha("ex") },
        { path: "b.txt", bytes: 3, mode: "0644", kind: "file", sha256: sha("bee") },
      ],
      truncated: false,
      counts: { files: 2, bytes: 5 },
    });
    expect(JSON.stringify(s)).not.toContain(root);
  });

  it("Same tree on Linux and Windows (no exec bits) → equal snapshotDigest: the digest depends on content, names and modes only", async () => {
    await put("x/y.txt", "same");
    const first = await repoSnapshot(root);
    const other = await tempRoot("axiom-snap-other-");
    try {
      await mkdir(path.join(other.root, "x"));
      await writeFile(path.join(other.root, "x", "y.txt"), "same");
      expect((await repoSnapshot(other.root)).snapshotDigest).toBe(first.snapshotDigest);
    } finally {
      await other.cleanup();
    }
  });

  it("mode = 0755 iff the owner-exec bit is set", async () => {
    await put("run.sh", "#!/bin/sh\n", 0o744);
    await put("data", "d", 0o655);
    const s = await repoSnapshot(root);
    expect(s.body.files.map((f) => [f.path, f.mode])).toEqual([
      ["data", "0644"],
      ["run.sh", "0755"],
    ]);
  });

  it("--no-digest: withContentDigest false → no sha256 per entry", async () => {
    await put("a", "1");
    const s = await repoSnapshot(root, { withContentDigest: false });
    expect(s.body.files).toEqual([{ path: "a", bytes: 1, mode: "0644", kind: "file" }]);
  });
});

describe("walk (§17.4)", () => {
  it("Tree with `.git/`, `.axiom/` and `sub/.git/` → none listed", async () => {
    await put(".git/HEAD", "ref");
    await put(".axiom/lock", "{}");
    await put("sub/.git/config", "x");
    await put("sub/.axiom", "file named .axiom");
    await put("sub/keep.txt", "k");
    expect(paths(await repoSnapshot(root))).toEqual(["sub/keep.txt"]);
  });

  it("visit order = final order: entries sorted by UTF-8 bytes with `/` appended to directories", async () => {
    await put("a.txt", "1");
    await put("a/b", "2");
    await put("a-b", "3");
    await put("Z", "4");
    await put("é", "5");
    const s = await repoSnapshot(root);
    expect(paths(s)).toEqual(["Z", "a-b", "a.txt", "a/b", "é"]);
  });

  it("`maxFiles: 2` on 5 files → first 2 in sorted order, `truncated: true`", async () => {
    for (const n of ["e", "d", "c", "b", "a"]) await put(n, n);
    const s = await repoSnapshot(root, { maxFiles: 2 });
    expect(paths(s)).toEqual(["a", "b"]);
    expect(s.body.truncated).toBe(true);
    expect(s.body.counts).toEqual({ files: 2, bytes: 2 });
  });

  it("`maxBytes` smaller than the second file → stops before it, `truncated: true`", async () => {
    await put("a", "12345");
    await put("b", "1234567890");
    await put("c", "1");
    const s = await repoSnapshot(root, { maxBytes: 10 });
    expect(paths(s)).toEqual(["a"]);
    expect(s.body.truncated).toBe(true);
  });

  it("Symlink to a file inside root → `kind: symlink` with target bytes and sha256; symlink outside root → `bytes: 0`, no sha256", async () => {
    await put("target.txt", "hello");
    await chmod(path.join(root, "target.txt"), 0o755);
    await symlink("target.txt", path.join(root, "in-link"));
    const outside = await tempRoot("axiom-snap-out-");
    try {
      await writeFile(path.join(outside.root, "secret"), "s3cret");
      await symlink(path.join(outside.root, "secret"), path.join(root, "out-link"));
      await symlink("nowhere", path.join(root, "dangling"));
      await mkdir(path.join(root, "dir"));
      await symlink("dir", path.join(root, "dir-link"));
      const s = await repoSnapshot(root);
      const byPath = Object.fromEntries(s.body.files.map((f) => [f.path, f]));
      expect(byPath["in-link"]).toEqual({
        path: "in-link",
        bytes: 5,
        mode: "0755",
        kind: "symlink",
        sha256: sha("hello"),
      });
      expect(byPath["out-link"]).toEqual({ path: "out-link", bytes: 0, mode: "0644", kind: "symlink" });
      expect(byPath.dangling).toEqual({ path: "dangling", bytes: 0, mode: "0644", kind: "symlink" });
      expect(byPath["dir-link"]).toEqual({ path: "dir-link", bytes: 0, mode: "0644", kind: "symlink" });
    } finally {
      await outside.cleanup();
    }
  });

  it("a name that is not a valid RelPath is skipped, and such a directory is not descended", async () => {
    await put("ok.txt", "1");
    await put("bad:name", "2");
    await put("CON/inner.txt", "3");
    await put("trail./x", "4");
    expect(paths(await repoSnapshot(root))).toEqual(["ok.txt"]);
  });

  it("an unreadable directory is silently skipped; a file whose read fails is dropped", async () => {
    await put("a/x", "1");
    await put("b", "2");
    await put("c", "3");
    const { fsx } = await import("@codai/axiom-store");
    const realReaddir = fsx.readdir;
    const realOpen = fsx.open;
    const restore = installFs({
      readdir: async (p) => {
        if (p === path.join(root, "a")) throw Object.assign(new Error("EACCES"), { code: "EACCES" });
        return realReaddir(p);
      },
      open: async (p, flags, mode) => {
        if (p === path.join(root, "b")) throw Object.assign(new Error("EIO"), { code: "EIO" });
        return realOpen(p, flags, mode);
      },
    });
    try {
      expect(paths(await repoSnapshot(root))).toEqual(["c"]);
    } finally {
      restore();
    }
  });

  it("Snapshot call leaves `.axiom/` byte-identical and spawns no process", async () => {
    await put(".axiom/journal/chain.jsonl", "x\n");
    await put("src/a.ts", "a");
    const before = await readFile(path.join(root, ".axiom", "journal", "chain.jsonl"));
    const beforeList = await readdir(path.join(root, ".axiom"), { recursive: true });
    const mtime = (await stat(path.join(root, ".axiom"))).mtimeMs;
    const { fsx } = await import("@codai/axiom-store");
    const writes: string[] = [];
    const realOpen = fsx.open;
    const restore = installFs({
      open: async (p, flags, mode) => {
        if (flags & 3) writes.push(p); // O_WRONLY | O_RDWR
        return realOpen(p, flags, mode);
      },
      rename: async (a) => void writes.push(a),
      unlink: async (a) => void writes.push(a),
      mkdir: async (a) => void writes.push(a),
    });
    try {
      await repoSnapshot(root);
    } finally {
      restore();
    }
    expect(writes).toEqual([]);
    // No process: the snapshot modules do not reach node:child_process at all.
    for (const f of ["snapshot.ts", "snapshot-glob.ts", "snapshot-diff.ts"]) {
      expect(await readFile(new URL(`../src/${f}`, import.meta.url), "utf8")).not.toMatch(/child_process/);
    }
    expect(await readFile(path.join(root, ".axiom", "journal", "chain.jsonl"))).toEqual(before);
    expect(await readdir(path.join(root, ".axiom"), { recursive: true })).toEqual(beforeList);
    expect((await stat(path.join(root, ".axiom"))).mtimeMs).toBe(mtime);
  });
});

describe("options (§17.2)", () => {
  it("Library `followSymlinks: true` → ERR_UNSUPPORTED_OP", async () => {
    expect((await failure(repoSnapshot(root, { followSymlinks: true }))).code).toBe("ERR_UNSUPPORTED_OP");
    await repoSnapshot(root, { followSymlinks: false });
  });

  it("`maxFiles: 0` (library) → ERR_INVALID_PLAN; `maxFiles: 60000` → clamped to 50 000; maxBytes < 0 → ERR_INVALID_PLAN", async () => {
    expect((await failure(repoSnapshot(root, { maxFiles: 0 }))).code).toBe("ERR_INVALID_PLAN");
    expect((await failure(repoSnapshot(root, { maxBytes: -1 }))).code).toBe("ERR_INVALID_PLAN");
    for (let i = 0; i < 3; i++) await put(`f${i}`, "x");
    const s = await repoSnapshot(root, { maxFiles: 60_000 });
    expect(s.body.truncated).toBe(false);
    expect(snapshotLimits({ maxFiles: 60_000 })).toEqual({ maxFiles: 50_000, maxBytes: 64 * 1024 * 1024 });
    expect(snapshotLimits({})).toEqual({ maxFiles: 20_000, maxBytes: 67_108_864 });
  });

  it("a root that is not a directory → ERR_ROOT_NOT_DIR", async () => {
    await put("file", "x");
    const err = await failure(repoSnapshot(path.join(root, "file")));
    expect(err.code).toBe("ERR_ROOT_NOT_DIR");
  });
});

describe("globs and .gitignore (§17.3)", () => {
  it('`exclude: ["../**"]` → ERR_CONTAINMENT (`details.glob`); so are `/etc/*`, `a:b`, `<x>`', async () => {
    for (const glob of ["../**", "/etc/*", "a:b", "<x>", "", "/"]) {
      const err = await failure(repoSnapshot(root, { exclude: [glob] }));
      expect(err.code).toBe("ERR_CONTAINMENT");
      expect(err.details).toEqual({ glob });
    }
    expect((await failure(repoSnapshot(root, { include: ["a/../../x"] }))).code).toBe("ERR_CONTAINMENT");
    for (const ok of ["**/*.ts", "src/?.js", "dist/", "a/**/b"]) expect(() => validateGlob(ok)).not.toThrow();
  });

  it("the dialect: `**/` = zero or more directories, `**` = anything, `*` no slash, `?` one char, metacharacters literal", () => {
    const t = (g: string, p: string) => globToRegExp(g).test(p);
    expect(t("**/x.ts", "x.ts")).toBe(true);
    expect(t("**/x.ts", "a/b/x.ts")).toBe(true);
    expect(t("src/**", "src/a/b")).toBe(true);
    expect(t("src/*.ts", "src/a.ts")).toBe(true);
    expect(t("src/*.ts", "src/a/b.ts")).toBe(false);
    expect(t("?.md", "a.md")).toBe(true);
    expect(t("?.md", "ab.md")).toBe(false);
    expect(t("a+b(c).txt", "a+b(c).txt")).toBe(true);
    expect(t("a.txt", "aXtxt")).toBe(false);
    expect(t("a**b", "a/x/b")).toBe(true);
  });

  it("include applies to files only; exclude prunes directories", async () => {
    await put("src/a.ts", "1");
    await put("src/b.js", "2");
    await put("src/gen/c.ts", "3");
    await put("top.ts", "4");
    expect(paths(await repoSnapshot(root, { include: ["**/*.ts"] }))).toEqual(["src/a.ts", "src/gen/c.ts", "top.ts"]);
    expect(paths(await repoSnapshot(root, { include: ["**/*.ts"], exclude: ["src/gen"] }))).toEqual([
      "src/a.ts",
      "top.ts",
    ]);
    expect(paths(await repoSnapshot(root, { exclude: ["**/*.js"] }))).toEqual(["src/a.ts", "src/gen/c.ts", "top.ts"]);
  });

  it("`.gitignore` with `dist/` and `/build` → `dist/` at any depth and root `build` excluded; `--no-gitignore` includes them", async () => {
    await put(".gitignore", "# build output\ndist/\n/build\n!keep.log\n\n*.log\n");
    await put("dist/a.js", "1");
    await put("pkg/dist/b.js", "2");
    await put("build/c.js", "3");
    await put("pkg/build/d.js", "4");
    await put("x.log", "5");
    await put("keep.log", "6");
    await put("src/e.ts", "7");
    expect(paths(await repoSnapshot(root))).toEqual([".gitignore", "pkg/build/d.js", "src/e.ts"]);
    expect(paths(await repoSnapshot(root, { respectGitignore: false }))).toEqual([
      ".gitignore",
      "build/c.js",
      "dist/a.js",
      "keep.log",
      "pkg/build/d.js",
      "pkg/dist/b.js",
      "src/e.ts",
      "x.log",
    ]);
  });

  it("gitignore patterns: anchoring, `**/` prefix, trailing `/` dropped, each also with `/**`", () => {
    expect(gitignorePatterns("dist/\n/build\na/b\n*.log\n  # c\n!x\n")).toEqual([
      "**/dist",
      "**/dist/**",
      "build",
      "build/**",
      "a/b",
      "a/b/**",
      "**/*.log",
      "**/*.log/**",
    ]);
  });

  it("a nested .gitignore is not read", async () => {
    await put("sub/.gitignore", "*.txt\n");
    await put("sub/a.txt", "1");
    expect(paths(await repoSnapshot(root))).toEqual(["sub/.gitignore", "sub/a.txt"]);
  });
});

describe("diffSnapshots (§17.5)", () => {
  it("`snapshot-diff` of two snapshots with one added, one removed, one mode change → each in its list", async () => {
    await put("keep", "k");
    await put("gone", "g");
    await put("tool", "t");
    await put("edit", "1");
    const a = await repoSnapshot(root);
    const { rm } = await import("node:fs/promises");
    await rm(path.join(root, "gone"));
    await put("new", "n");
    await chmod(path.join(root, "tool"), 0o755);
    await put("edit", "2");
    const b = await repoSnapshot(root);
    expect(diffSnapshots(a, b)).toEqual({
      added: ["new"],
      removed: ["gone"],
      changed: [
        { path: "edit", from: sha("1"), to: sha("2") },
        { path: "tool", from: sha("t"), to: sha("t") },
      ],
    });
    expect(diffSnapshots(a, a)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("without digests the key is `bytes:<n>:<kind>`; from/to are null", async () => {
    await put("f", "12");
    const a = await repoSnapshot(root, { withContentDigest: false });
    await put("f", "123");
    const b = await repoSnapshot(root, { withContentDigest: false });
    expect(diffSnapshots(a, b).changed).toEqual([{ path: "f", from: null, to: null }]);
  });

  it("an invalid snapshot file → ERR_INVALID_MANIFEST with details.issues", () => {
    let err: { code?: string; details?: Record<string, unknown> } = {};
    try {
      parseSnapshot({ apiVersion: "axiom.dev/v2", kind: "Plan" }, "plan.json");
    } catch (e) {
      err = e as typeof err;
    }
    expect(err.code).toBe("ERR_INVALID_MANIFEST");
    expect(err.details?.file).toBe("plan.json");
    expect(Array.isArray(err.details?.issues)).toBe(true);
  });
});

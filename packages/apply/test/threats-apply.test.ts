// threats.md acceptance lines for paths, symlinks, hard links, case folding, reserved names and
// TOCTOU that fall in the apply engine. Titles start with the threat test id.
import * as fs from "node:fs";
import * as path from "node:path";
import { apply, checkRelPaths, isInside, rollback } from "@codai/axiom-apply";
import type { ApplyResult } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import type { Json } from "./engine-helpers";
import {
  axiomPath,
  cleanupRoots,
  exists,
  hexOf,
  makeBundle,
  readJson,
  runApply,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

function codeOf(fn: () => unknown): { code?: string; details?: Json } {
  try {
    fn();
    return {};
  } catch (err) {
    return err as { code?: string; details?: Json };
  }
}

describe("T01/T02 traversal and prefix bypass", () => {
  it("T01.2 a bundle whose artifact path is a/../../x → ERR_INVALID_MANIFEST; nothing written", async () => {
    const { root, parent } = tmpRoot();
    const before = snapshot(parent);
    const r = await runApply(makeBundle([{ path: "a/../../x", content: "x" }]), root);
    expect(r.error?.code).toBe("ERR_INVALID_MANIFEST");
    expect(snapshot(parent)).toEqual(before);
  });

  it("T01.3 the resolver on /etc/passwd, C:/x, a\\b, a//b, a/./b throws the first issue's code with all of them in details.issues", () => {
    const e = codeOf(() => checkRelPaths(["/etc/passwd", "C:/x", "a\\b", "a//b", "a/./b"]));
    expect(e.code).toBe("ERR_PATH_NOT_RELATIVE_POSIX");
    // first issue of each path (the resolver lists every issue of every path)
    const firstOf = new Map<string, string>();
    for (const i of e.details.issues as { path: string; code: string }[])
      if (!firstOf.has(i.path)) firstOf.set(i.path, i.code);
    const codes = [...firstOf.values()];
    expect(codes.filter((c) => c === "ERR_PATH_NOT_RELATIVE_POSIX")).toHaveLength(3);
    expect(codes.filter((c) => c === "ERR_PATH_SEGMENT")).toHaveLength(2);
    expect(codeOf(() => checkRelPaths(["a/../b"])).code).toBe("ERR_PATH_SEGMENT");
  });

  it("T02.3 isInside(/R, /R-evil/x) false; (/R, /R/x) true; (/R, /R) true", () => {
    expect(isInside("/R", "/R-evil/x")).toBe(false);
    expect(isInside("/R", "/R/x")).toBe(true);
    expect(isInside("/R", "/R")).toBe(true);
  });

  it("T02.4 link R/link → /t/R-evil; overwrite link/x → ERR_SYMLINK_IN_PATH {segment: link}; /t/R-evil unchanged", async () => {
    const { root, parent } = tmpRoot();
    const evil = path.join(parent, "R-evil");
    writeTree(evil, { x: "outside" });
    fs.symlinkSync(evil, path.join(root, "link"));
    const r = await runApply(makeBundle([{ path: "link/x", op: "overwrite", content: "pwned" }]), root);
    expect(r.error).toMatchObject({ code: "ERR_SYMLINK_IN_PATH", details: { segment: "link" } });
    expect(fs.readFileSync(path.join(evil, "x"), "utf8")).toBe("outside");
  });
});

describe("T03 symlink escape, including the new-file ENOENT case", () => {
  it("T03.1 R/a → /t/out (a dir); overwrite a/f → ERR_SYMLINK_IN_PATH {segment: a}; /t/out/f unchanged", async () => {
    const { root, out } = tmpRoot();
    writeTree(out, { f: "outside" });
    fs.symlinkSync(out, path.join(root, "a"));
    const r = await runApply(makeBundle([{ path: "a/f", op: "overwrite", content: "x" }]), root);
    expect(r.error).toMatchObject({ code: "ERR_SYMLINK_IN_PATH", details: { segment: "a" } });
    expect(fs.readFileSync(path.join(out, "f"), "utf8")).toBe("outside");
  });

  it("T03.2 create a/new.txt with R/a → /t/out → ERR_SYMLINK_IN_PATH; /t/out/new.txt absent", async () => {
    const { root, out } = tmpRoot();
    fs.symlinkSync(out, path.join(root, "a"));
    const r = await runApply(makeBundle([{ path: "a/new.txt", content: "x" }]), root);
    expect(r.error?.code).toBe("ERR_SYMLINK_IN_PATH");
    expect(exists(path.join(out, "new.txt"))).toBe(false);
  });

  it("T03.3 create a/b/new.txt with R/a a dangling link → ERR_SYMLINK_IN_PATH; nothing created anywhere", async () => {
    const { root, parent } = tmpRoot();
    fs.symlinkSync(path.join(parent, "nowhere"), path.join(root, "a"));
    const before = fs.readdirSync(parent);
    const r = await runApply(makeBundle([{ path: "a/b/new.txt", content: "x" }]), root);
    expect(r.error).toMatchObject({ code: "ERR_SYMLINK_IN_PATH", details: { segment: "a" } });
    expect(fs.readdirSync(parent)).toEqual(before);
    expect(snapshot(root)).toEqual({ a: `link:${path.join(parent, "nowhere")}` });
    expect(exists(path.join(parent, "nowhere"))).toBe(false);
  });

  it("T03.4 R/f → /t/out/g; overwrite f (no root at compile) → ERR_TARGET_TYPE {kind: symlink}; with preImage → ERR_PREIMAGE_CHANGED {phase: prepare, actual: non-file:symlink}; dangling R/h, create h → ERR_TARGET_TYPE {kind: symlink}", async () => {
    const { root, out } = tmpRoot();
    writeTree(out, { g: "outside" });
    fs.symlinkSync(path.join(out, "g"), path.join(root, "f"));
    const r1 = await runApply(makeBundle([{ path: "f", op: "overwrite", content: "x" }]), root);
    expect(r1.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "symlink" } });
    const r2 = await runApply(
      makeBundle([{ path: "f", op: "overwrite", content: "x" }], { preImage: [{ path: "f", sha256: "absent" }] }),
      root,
    );
    expect(r2.error).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      details: { phase: "prepare", actual: "non-file:symlink", expected: "absent" },
    });
    fs.symlinkSync(path.join(out, "missing"), path.join(root, "h"));
    const r3 = await runApply(makeBundle([{ path: "h", content: "x" }]), root);
    expect(r3.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "symlink" } });
    expect(fs.readFileSync(path.join(out, "g"), "utf8")).toBe("outside");
    expect(exists(path.join(out, "missing"))).toBe(false);
  });

  it("T03.5 faultFs realpath EACCES on the deepest existing ancestor → ERR_CONTAINMENT; nothing written", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "d/keep": "k" });
    const h = harness([
      { op: "realpath", times: "always", errno: "EACCES", pathMatch: (p) => p === path.join(root, "d") },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(makeBundle([{ path: "d/new.txt", content: "x" }]), root);
    } finally {
      h.restore();
    }
    expect(r.error?.code).toBe("ERR_CONTAINMENT");
    expect(exists(path.join(root, "d/new.txt"))).toBe(false);
  });

  it("T03.8 dry-run with leaf R/f → /t/out/g (bundle compiled without a root) → failed, ERR_TARGET_TYPE; the result has no diff", async () => {
    const { root, out } = tmpRoot();
    writeTree(out, { g: "outside" });
    fs.symlinkSync(path.join(out, "g"), path.join(root, "f"));
    const r = await apply({
      bundle: makeBundle([{ path: "f", op: "overwrite", content: "x" }]),
      root,
      mode: "dry-run",
    });
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_TARGET_TYPE");
    expect(r.diff).toBeUndefined();
  });
});

describe("T04 TOCTOU", () => {
  const journalRename = (root: string, b: Json) => (_p: string, c: Json) =>
    c.op === "rename" && c.to === axiomPath(root, "journal", `${hexOf(b)}.json`);

  it("T04.2 a bundle compiled with root; the target edited → ERR_PREIMAGE_CHANGED {expected, actual, phase: prepare}; staging absent", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "v1" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "v2" }], { preImageFrom: root });
    fs.writeFileSync(path.join(root, "a.txt"), "edited");
    const r = await runApply(b, root);
    expect(r.error?.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(r.error?.details).toMatchObject({ phase: "prepare" });
    expect(Object.keys(r.error?.details ?? {}).sort()).toEqual(["actual", "expected", "phase"]);
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
  });

  it("T04.3 faultFs before the committing journal rename: rewrite target bytes → rolled-back, ERR_PREIMAGE_CHANGED (no phase); every target = pre", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A", "b.txt": "B" });
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2" },
      { path: "b.txt", op: "overwrite", content: "B2" },
      { path: "c.txt", content: "C" },
    ]);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: journalRename(root, b),
        before: () => fs.writeFileSync(path.join(root, "a.txt"), "tampered"),
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error?.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(r.error?.details?.phase).toBeUndefined();
    expect(snapshot(root)).toEqual(snapshot(root)); // sanity
    expect(fs.readFileSync(path.join(root, "b.txt"), "utf8")).toBe("B");
    expect(exists(path.join(root, "c.txt"))).toBe(false);
  });

  it("T04.4 the same hook replaces the target with a new inode of identical bytes → rolled-back, ERR_PREIMAGE_CHANGED", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "A2" }]);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: journalRename(root, b),
        before: () => {
          fs.writeFileSync(path.join(root, "a.tmp"), "A");
          fs.renameSync(path.join(root, "a.tmp"), path.join(root, "a.txt"));
        },
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error?.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("A");
  });

  it("T04.5 the same hook replaces ancestor dir R/a with a link to /t/out → rolled-back, ERR_SYMLINK_IN_PATH; /t/out unchanged", async () => {
    const { root, out, parent } = tmpRoot();
    writeTree(root, { "a/f.txt": "F" });
    const b = makeBundle([{ path: "a/f.txt", op: "overwrite", content: "F2" }]);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: journalRename(root, b),
        before: () => {
          fs.renameSync(path.join(root, "a"), path.join(parent, "a-moved"));
          fs.symlinkSync(out, path.join(root, "a"));
        },
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error?.code).toBe("ERR_SYMLINK_IN_PATH");
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it("T04.6 the same hook replaces the target with a symlink → rolled-back, ERR_PREIMAGE_CHANGED {actual: non-file:symlink}; the link's target unchanged", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { "a.txt": "A" });
    writeTree(out, { g: "outside" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "A2" }]);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: journalRename(root, b),
        before: () => {
          fs.unlinkSync(path.join(root, "a.txt"));
          fs.symlinkSync(path.join(out, "g"), path.join(root, "a.txt"));
        },
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_PREIMAGE_CHANGED", details: { actual: "non-file:symlink" } });
    expect(fs.readFileSync(path.join(out, "g"), "utf8")).toBe("outside");
  });

  it("T04.7 (posix) faultFs before the target's own rename: swap R/a for a link to /t/out → failed, ERR_ESCAPE_DETECTED {outside, phase: commit} (SEC-30), the rollback's refusal in details; the staged file removed from /t/out", async () => {
    const { root, out, parent } = tmpRoot();
    writeTree(root, { "a/f.txt": "F" });
    const b = makeBundle([{ path: "a/f.txt", op: "overwrite", content: "F2" }]);
    const target = path.join(root, "a", "f.txt");
    const h = harness([
      {
        op: "rename",
        pathMatch: (_p, c) => c.to === target && c.path.includes(`${path.sep}staging${path.sep}`),
        before: () => {
          fs.renameSync(path.join(root, "a"), path.join(parent, "a-moved"));
          fs.symlinkSync(out, path.join(root, "a"));
        },
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_ESCAPE_DETECTED");
    expect(r.error?.details).toMatchObject({ outside: path.join(out, "f.txt"), phase: "commit", removed: true });
    // no rollback step runs through the link: the routine's walk refuses it
    expect((r.error?.details?.rollback as Json)?.code).toBe("ERR_SYMLINK_IN_PATH");
    expect(fs.readdirSync(out)).toEqual([]);
    expect(fs.readFileSync(path.join(parent, "a-moved", "f.txt"), "utf8")).toBe("F");
  });
});

describe("T05 hard links", () => {
  it("T05.1 R/f hard-linked to /t/out/g; overwrite f → ERR_TARGET_TYPE {kind: hardlink}; f and g unchanged", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { f: "shared" });
    fs.linkSync(path.join(root, "f"), path.join(out, "g"));
    const r = await runApply(makeBundle([{ path: "f", op: "overwrite", content: "x" }]), root);
    expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } });
    expect(fs.readFileSync(path.join(root, "f"), "utf8")).toBe("shared");
    expect(fs.readFileSync(path.join(out, "g"), "utf8")).toBe("shared");
  });

  it("T05.2 delete f (same fixture) → ERR_TARGET_TYPE {kind: hardlink}", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { f: "shared" });
    fs.linkSync(path.join(root, "f"), path.join(out, "g"));
    const r = await runApply(makeBundle([{ path: "f", op: "delete" }]), root);
    expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } });
    expect(exists(path.join(root, "f"))).toBe(true);
  });

  it("T05.3 dry-run overwrite f → failed, ERR_TARGET_TYPE {kind: hardlink}, no diff", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { f: "shared" });
    fs.linkSync(path.join(root, "f"), path.join(out, "g"));
    const r = await apply({
      bundle: makeBundle([{ path: "f", op: "overwrite", content: "x" }]),
      root,
      mode: "dry-run",
    });
    expect(r).toMatchObject({ status: "failed", error: { code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } } });
    expect(r.diff).toBeUndefined();
  });

  it("T05.4 faultFs lstat reporting nlink: undefined → ERR_TARGET_TYPE {kind: hardlink}", async () => {
    const { root } = tmpRoot();
    writeTree(root, { f: "one" });
    const target = path.join(root, "f");
    const { fsx } = await import("@codai/axiom-store");
    const real = fsx.lstat;
    const { installFs } = await import("@codai/axiom-store/testing");
    const restore = installFs({
      lstat: async (p: string) => {
        const st = await real(p);
        if (p !== target) return st;
        return new Proxy(st, {
          get: (o, k) =>
            k === "nlink" ? undefined : typeof (o as Json)[k] === "function" ? (o as Json)[k].bind(o) : (o as Json)[k],
        });
      },
    });
    let r: ApplyResult;
    try {
      r = await runApply(makeBundle([{ path: "f", op: "overwrite", content: "x" }]), root);
    } finally {
      restore();
    }
    expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } });
  });

  it("T05.5 overwrite a normal f → applied; then f has link count 1; a second overwrite of f → applied", async () => {
    const { root } = tmpRoot();
    writeTree(root, { f: "one" });
    expect((await runApply(makeBundle([{ path: "f", op: "overwrite", content: "two" }]), root)).status).toBe("applied");
    expect(fs.statSync(path.join(root, "f")).nlink).toBe(1);
    expect((await runApply(makeBundle([{ path: "f", op: "overwrite", content: "three" }]), root)).status).toBe(
      "applied",
    );
    expect(fs.readFileSync(path.join(root, "f"), "utf8")).toBe("three");
  });
});

describe("T06 aliasing", () => {
  it("T06.2 paths CON, nul.txt, Com1.log, LPT9 → ERR_PATH_RESERVED_NAME on every OS", () => {
    for (const p of ["CON", "nul.txt", "Com1.log", "LPT9"])
      expect(codeOf(() => checkRelPaths([p])).code, p).toBe("ERR_PATH_RESERVED_NAME");
  });

  it("T06.3 apply of CONIN$, conout$.txt, COM¹ → ERR_PATH_RESERVED_NAME on every OS", async () => {
    const { root } = tmpRoot();
    for (const p of ["CONIN$", "conout$.txt", "COM\u00b9"]) {
      const r = await runApply(makeBundle([{ path: p, content: "x" }]), root);
      expect(r.error?.code, p).toBe("ERR_PATH_RESERVED_NAME");
    }
    expect(snapshot(root)).toEqual({});
  });

  it("T06.6 artifacts A.txt and a.txt in one plan → ERR_PATH_CASE_COLLISION {other} on every OS", async () => {
    const { root } = tmpRoot();
    const r = await runApply(
      makeBundle([
        { path: "A.txt", content: "x" },
        { path: "a.txt", content: "y" },
      ]),
      root,
    );
    expect(r.error).toMatchObject({ code: "ERR_PATH_CASE_COLLISION", details: { other: "A.txt" } });
  });

  it("T06.7 fs stub: probe says case-insensitive, lstat misses, the parent listing holds README.md; create readme.md → ERR_PATH_CASE_COLLISION {existing: README.md}; nothing written", async () => {
    const { root } = tmpRoot();
    const { fsx } = await import("@codai/axiom-store");
    const { installFs } = await import("@codai/axiom-store/testing");
    const realLstat = fsx.lstat;
    const realReaddir = fsx.readdir;
    const restore = installFs({
      lstat: async (p: string) =>
        path.basename(p).startsWith("caseprobe-")
          ? realLstat(path.join(path.dirname(p), path.basename(p).replace("caseprobe", "CaseProbe")))
          : realLstat(p),
      readdir: async (p: string) => (p === root ? ["README.md", ...(await realReaddir(p))] : realReaddir(p)),
    });
    let r: ApplyResult;
    try {
      r = await runApply(makeBundle([{ path: "readme.md", content: "x" }]), root);
    } finally {
      restore();
    }
    expect(r.error).toMatchObject({
      code: "ERR_PATH_CASE_COLLISION",
      path: "readme.md",
      details: { existing: "README.md" },
    });
    expect(exists(path.join(root, "readme.md"))).toBe(false);
  });

  it("T06.9 artifacts .AXIOM/x and .Axiom/lock → ERR_CONTAINMENT on every OS", async () => {
    const { root } = tmpRoot();
    for (const p of [".AXIOM/x", ".Axiom/lock", ".axiom/lock"]) {
      const r = await runApply(makeBundle([{ path: p, content: "x" }]), root);
      expect(r.error?.code, p).toBe("ERR_CONTAINMENT");
    }
    expect(exists(axiomPath(root, "lock"))).toBe(false);
  });
});

describe("T15/T16/T18 in the engine", () => {
  it("T15.3 apply; fs edit of an applied file; re-apply the same digest → applied, drifted:[path]; the file equals the manifest bytes", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([
      { path: "a.txt", content: "A" },
      { path: "b.txt", content: "B" },
    ]);
    await runApply(b, root);
    fs.writeFileSync(path.join(root, "b.txt"), "edited");
    let verify: boolean | undefined;
    const r = await runApply(b, root, {
      preChecks: async (_d: string, o: { verifyPreImage: boolean }) => {
        verify = o.verifyPreImage;
        return { verdict: "pass" };
      },
    });
    expect(r).toMatchObject({ status: "applied", drifted: ["b.txt"] });
    expect(verify).toBe(false);
    expect(fs.readFileSync(path.join(root, "b.txt"), "utf8")).toBe("B");
  });

  it("T15.4 apply; fs edit of an applied file; rollback → ERR_PREIMAGE_CHANGED {phase: rollback, drifted: [{path, expected, actual}]}; tree unchanged; journal still committed", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "A" }]);
    await runApply(b, root);
    fs.writeFileSync(path.join(root, "a.txt"), "edited");
    const e = await rollback(root, b.manifestDigest).catch((err) => err);
    expect(e.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(e.details.phase).toBe("rollback");
    expect(e.details.drifted[0]).toMatchObject({ path: "a.txt", expected: b.manifest.artifacts[0].digest.sha256 });
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("edited");
    expect(readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)).phase).toBe("committed");
  });

  it("T16.2 the same call without the fault → applied; once more → noop, every file unchanged", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "x.txt", content: "x" }]);
    expect((await runApply(b, root)).status).toBe("applied");
    const again = await runApply(b, root);
    expect(again.status).toBe("noop");
    expect(again.files.every((f) => f.status === "unchanged")).toBe(true);
  });

  it("T18.4 journal/<hex>.json = `{` → rollback of that digest → ERR_JOURNAL_CORRUPT {file}; apply and dry-run of another digest → ERR_JOURNAL_CORRUPT {files}; tree and the corrupt file byte-equal", async () => {
    const { root } = tmpRoot();
    const hex = "d".repeat(64);
    const file = axiomPath(root, "journal", `${hex}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "{");
    const e = await rollback(root, hex).catch((err) => err);
    expect(e).toMatchObject({ code: "ERR_JOURNAL_CORRUPT", details: { file } });
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    expect((await runApply(b, root)).error).toMatchObject({ code: "ERR_JOURNAL_CORRUPT", details: { files: [file] } });
    expect((await apply({ bundle: b, root, mode: "dry-run" })).error).toMatchObject({
      code: "ERR_JOURNAL_CORRUPT",
      details: { files: [file] },
    });
    expect(fs.readFileSync(file, "utf8")).toBe("{");
    expect(snapshot(root)).toEqual({});
  });

  it("T18.5 a planted journal with steps[0].path ../x; rollback → ERR_JOURNAL_CORRUPT; nothing outside R touched", async () => {
    const { root, parent } = tmpRoot();
    const hex = "e".repeat(64);
    const file = axiomPath(root, "journal", `${hex}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({
        manifestDigest: `sha256:${hex}`,
        phase: "committed",
        steps: [{ path: "../x", op: "create", done: true }],
        startedAt: new Date().toISOString(),
        pid: 1,
      }),
    );
    fs.writeFileSync(path.join(parent, "x"), "outside");
    expect((await rollback(root, hex).catch((err) => err)).code).toBe("ERR_JOURNAL_CORRUPT");
    expect(fs.readFileSync(path.join(parent, "x"), "utf8")).toBe("outside");
  });

  it("T18.6 a journal whose steps[0].backup differs from .axiom/backup/<hex>/<path> → ERR_JOURNAL_CORRUPT", async () => {
    const { root } = tmpRoot();
    const hex = "f".repeat(64);
    const file = axiomPath(root, "journal", `${hex}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({
        manifestDigest: `sha256:${hex}`,
        phase: "committed",
        steps: [{ path: "a", op: "overwrite", backup: "../../etc/passwd", done: true }],
        startedAt: new Date().toISOString(),
        pid: 1,
      }),
    );
    expect((await rollback(root, hex).catch((err) => err)).code).toBe("ERR_JOURNAL_CORRUPT");
  });

  it("T18.7 a journal file named <hexA>.json holding manifestDigest sha256:<hexB> → ERR_JOURNAL_CORRUPT", async () => {
    const { root } = tmpRoot();
    const file = axiomPath(root, "journal", `${"a".repeat(64)}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({
        manifestDigest: `sha256:${"b".repeat(64)}`,
        phase: "committed",
        steps: [],
        startedAt: new Date().toISOString(),
        pid: 1,
      }),
    );
    expect((await rollback(root, "a".repeat(64)).catch((err) => err)).code).toBe("ERR_JOURNAL_CORRUPT");
  });

  it("T18.9 after an apply, replace an ancestor of a step's path with a link to /t/out; rollback → ERR_SYMLINK_IN_PATH; nothing changed; /t/out unchanged", async () => {
    const { root, out, parent } = tmpRoot();
    const b = makeBundle([{ path: "a/f.txt", content: "F" }]);
    await runApply(b, root);
    fs.renameSync(path.join(root, "a"), path.join(parent, "a-moved"));
    fs.symlinkSync(out, path.join(root, "a"));
    writeTree(out, { "f.txt": "F" });
    const e = await rollback(root, b.manifestDigest).catch((err) => err);
    expect(e.code).toBe("ERR_SYMLINK_IN_PATH");
    expect(fs.readFileSync(path.join(out, "f.txt"), "utf8")).toBe("F");
    expect(readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)).phase).toBe("committed");
  });
});

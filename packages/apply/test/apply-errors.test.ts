// apply.md §14 "Error flows (apply)": one test per row, each producing that status and code.
import * as fs from "node:fs";
import * as path from "node:path";
import { acquireLock, apply, registerIntent } from "@codai/axiom-apply";
import type { ApplyResult } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import type { Json } from "./engine-helpers";
import {
  axiomPath,
  chainLines,
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

function committingJournal(root: string, bundle: Json, steps: { path: string; op: string; done: boolean }[]) {
  const file = axiomPath(root, "journal", `${hexOf(bundle)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({
      manifestDigest: bundle.manifestDigest,
      phase: "committing",
      steps,
      startedAt: new Date().toISOString(),
      pid: 999999,
    }),
  );
  return file;
}

describe("apply.md §14 error flows", () => {
  it("Root missing / not a directory → failed ERR_ROOT_NOT_DIR; root = the argument as given", async () => {
    const { parent } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const missing = path.join(parent, "nope");
    const r = await runApply(b, missing);
    expect(r).toMatchObject({
      status: "failed",
      root: missing,
      files: [],
      error: { code: "ERR_ROOT_NOT_DIR", details: { root: missing } },
    });
    fs.writeFileSync(path.join(parent, "file"), "x");
    expect((await runApply(b, path.join(parent, "file"))).error?.code).toBe("ERR_ROOT_NOT_DIR");
  });

  it("confirmDigest ≠ manifestDigest → failed ERR_CONFIRM_DIGEST_MISMATCH, nothing written, no intent file", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const r = await apply({ bundle: b, root, mode: "fs", confirmDigest: `sha256:${"f".repeat(64)}` });
    expect(r.status).toBe("failed");
    expect(r.error).toMatchObject({
      code: "ERR_CONFIRM_DIGEST_MISMATCH",
      details: { confirmDigest: `sha256:${"f".repeat(64)}`, manifestDigest: b.manifestDigest },
    });
    expect(exists(path.join(root, "a.txt"))).toBe(false);
    expect(exists(axiomPath(root, "intents"))).toBe(false);
  });

  it("Schema / ordering / digest recompute → ERR_INVALID_MANIFEST / ERR_BUNDLE_TOO_LARGE / ERR_NOT_CANONICAL", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([
      { path: "a.txt", content: "a" },
      { path: "b.txt", content: "b" },
    ]);
    // bad path inside the bundle: intake code, the ERR_PATH_* code in details.issues
    const bad = makeBundle([{ path: "a/../b", content: "x" }]);
    const r1 = await runApply(bad, root);
    expect(r1.error?.code).toBe("ERR_INVALID_MANIFEST");
    expect((r1.error?.details?.issues as Json[] | undefined)?.[0]?.code).toBe("ERR_PATH_SEGMENT");
    // unsorted artifacts
    const unsorted = structuredClone(b);
    unsorted.manifest.artifacts.reverse();
    expect((await apply({ bundle: unsorted, root, mode: "dry-run" })).error?.code).toBe("ERR_NOT_CANONICAL");
    // tampered digest
    const tampered = { ...b, manifestDigest: `sha256:${"a".repeat(64)}` };
    const r3 = await runApply(tampered, root);
    expect(r3.error).toMatchObject({
      code: "ERR_NOT_CANONICAL",
      details: { declared: `sha256:${"a".repeat(64)}`, recomputed: b.manifestDigest },
    });
    // too large inline blobs
    const big = makeBundle([{ path: "big.txt", content: "x".repeat(4_194_305) }]);
    expect((await runApply(big, root)).error?.code).toBe("ERR_BUNDLE_TOO_LARGE");
    expect(snapshot(root)).toEqual({});
  });

  it("Overlapping live intent → failed ERR_CONFLICT {otherDigest, paths}", async () => {
    const { root } = tmpRoot();
    const other = `sha256:${"b".repeat(64)}`;
    const held = await registerIntent(root, other, ["src"]);
    try {
      const b = makeBundle([{ path: "src/a.ts", content: "a" }]);
      const r = await runApply(b, root);
      expect(r.status).toBe("failed");
      expect(r.error).toMatchObject({ code: "ERR_CONFLICT", details: { otherDigest: other, paths: ["src/a.ts"] } });
      expect(exists(path.join(root, "src"))).toBe(false);
      // dry-run never registers an intent: no conflict
      expect((await apply({ bundle: b, root, mode: "dry-run" })).status).toBe("applied");
    } finally {
      await held.release();
    }
  });

  it("Queue or lock timeout → failed ERR_LOCKED", async () => {
    const { root } = tmpRoot();
    const lock = await acquireLock(root, `sha256:${"c".repeat(64)}`, 0);
    try {
      const b = makeBundle([{ path: "a.txt", content: "a" }]);
      const r = await runApply(b, root, { lockTimeoutMs: 100 });
      expect(r.status).toBe("failed");
      expect(r.error?.code).toBe("ERR_LOCKED");
      expect(r.error?.details).toMatchObject({ queuePosition: 1, holder: { pid: process.pid } });
      expect(exists(path.join(root, "a.txt"))).toBe(false);
    } finally {
      await lock.release();
    }
  });

  it("Dry-run with an interrupted journal → failed ERR_RECOVERY_PENDING {interrupted}; tree and staging untouched", async () => {
    const { root } = tmpRoot();
    const pending = makeBundle([{ path: "x.txt", content: "x" }]);
    committingJournal(root, pending, [{ path: "x.txt", op: "create", done: false }]);
    fs.mkdirSync(axiomPath(root, "staging", hexOf(pending)), { recursive: true });
    fs.writeFileSync(axiomPath(root, "staging", hexOf(pending), "x.txt"), "x");
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const r = await apply({ bundle: b, root, mode: "dry-run" });
    expect(r.status).toBe("failed");
    expect(r.error).toMatchObject({ code: "ERR_RECOVERY_PENDING", details: { interrupted: [pending.manifestDigest] } });
    expect(exists(axiomPath(root, "staging", hexOf(pending), "x.txt"))).toBe(true);
    expect(snapshot(root)).toEqual({});
  });

  it("Recovery of an interrupted journal fails → failed ERR_ROLLBACK (rollback failed); the journal stays rolling-back", async () => {
    const { root, out } = tmpRoot();
    const pending = makeBundle([{ path: "a/f.txt", content: "x" }]);
    committingJournal(root, pending, [{ path: "a/f.txt", op: "create", done: true }]);
    fs.symlinkSync(out, path.join(root, "a"));
    const b = makeBundle([{ path: "other.txt", content: "o" }]);
    const r = await runApply(b, root);
    expect(r.status).toBe("failed");
    expect(r.error).toMatchObject({
      code: "ERR_ROLLBACK",
      details: { recovering: pending.manifestDigest, cause: { code: "ERR_SYMLINK_IN_PATH" } },
    });
    expect(readJson(axiomPath(root, "journal", `${hexOf(pending)}.json`)).phase).toBe("rolling-back");
    expect(exists(path.join(root, "other.txt"))).toBe(false);
  });

  it("Path, containment or type problem → failed with ERR_PATH_* / ERR_SYMLINK_IN_PATH / ERR_CONTAINMENT / ERR_TARGET_TYPE / ERR_EXISTS / ERR_PATH_CASE_COLLISION", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { "exists.txt": "e", plain: "p" });
    fs.symlinkSync(out, path.join(root, "link"));
    const cases: [Json, string][] = [
      [makeBundle([{ path: "CONIN$", content: "x" }]), "ERR_PATH_RESERVED_NAME"],
      [makeBundle([{ path: "link/x.txt", content: "x" }]), "ERR_SYMLINK_IN_PATH"],
      [makeBundle([{ path: ".AXIOM/x", content: "x" }]), "ERR_CONTAINMENT"],
      [makeBundle([{ path: "plain/x", content: "x" }]), "ERR_TARGET_TYPE"],
      [makeBundle([{ path: "exists.txt", content: "x" }]), "ERR_EXISTS"],
      [
        makeBundle([
          { path: "A.txt", content: "x" },
          { path: "a.txt", content: "y" },
        ]),
        "ERR_PATH_CASE_COLLISION",
      ],
    ];
    for (const [b, code] of cases) {
      const r = await runApply(b, root);
      expect(r.status, code).toBe("failed");
      expect(r.error?.code, code).toBe(code);
      expect(r.files).toEqual([]);
    }
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it("Hard-linked overwrite/delete target at prepare → failed ERR_TARGET_TYPE (kind: hardlink)", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { "f.txt": "f" });
    fs.linkSync(path.join(root, "f.txt"), path.join(out, "g.txt"));
    for (const b of [
      makeBundle([{ path: "f.txt", op: "overwrite", content: "new" }]),
      makeBundle([{ path: "f.txt", op: "delete" }]),
    ]) {
      const r = await runApply(b, root);
      expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } });
    }
    expect(fs.readFileSync(path.join(out, "g.txt"), "utf8")).toBe("f");
  });

  it("Tree ≠ preImage on first apply → failed ERR_PREIMAGE_CHANGED (phase: prepare), no staging left", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "v1" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "v2" }], { preImageFrom: root });
    writeTree(root, { "a.txt": "edited" });
    const r = await runApply(b, root);
    expect(r.error).toMatchObject({ code: "ERR_PREIMAGE_CHANGED", path: "a.txt", details: { phase: "prepare" } });
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
  });

  it("Blob problems → failed ERR_BLOB_MISSING / ERR_REF_OFFLINE / ERR_SIZE_MISMATCH / ERR_DIGEST_MISMATCH / ERR_BLOB_TOO_LARGE", async () => {
    const { root } = tmpRoot();
    const missing = makeBundle([{ path: "a.txt", content: "a", noInline: true }]);
    expect((await runApply(missing, root)).error).toMatchObject({
      code: "ERR_BLOB_MISSING",
      details: {
        digest: missing.manifest.artifacts[0].digest.sha256
          ? `sha256:${missing.manifest.artifacts[0].digest.sha256}`
          : "",
      },
    });
    const ref = makeBundle([{ path: "a.txt", content: "a", noInline: true, origin: "ref" }]);
    expect((await runApply(ref, root)).error?.code).toBe("ERR_REF_OFFLINE");
    const size = makeBundle([{ path: "a.txt", content: "abc", bytes: 2 }]);
    expect((await runApply(size, root)).error).toMatchObject({
      code: "ERR_SIZE_MISMATCH",
      details: { expected: 2, actual: 3 },
    });
    // CAS slot holding other bytes → digest mismatch
    const cas = makeBundle([{ path: "a.txt", content: "abc", noInline: true, origin: "cas" }]);
    const hex = cas.manifest.artifacts[0].digest.sha256 as string;
    const slot = axiomPath(root, "cas", "sha256", hex.slice(0, 2), hex);
    fs.mkdirSync(path.dirname(slot), { recursive: true });
    fs.writeFileSync(slot, "xyz");
    expect((await runApply(cas, root)).error?.code).toBe("ERR_DIGEST_MISMATCH");
    // CAS blob of 32 MiB + 1 byte
    fs.truncateSync(slot, 33_554_433);
    expect((await runApply(cas, root)).error?.code).toBe("ERR_BLOB_TOO_LARGE");
    // the right bytes in the CAS → applied
    fs.writeFileSync(slot, "abc");
    expect((await runApply(cas, root)).status).toBe("applied");
  });

  it("Checks verdict ≠ pass → failed ERR_CHECKS_FAILED {verdict, findings}, staging removed, tree unchanged", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    let seen: Json;
    const r = await runApply(b, root, {
      preChecks: async (dir: string, o: Json) => {
        seen = { dir, o, staged: fs.readFileSync(path.join(dir, "a.txt"), "utf8") };
        return {
          verdict: "fail",
          findings: [
            { id: "content.noSecrets.awsKey", severity: "error" },
            { id: "w", severity: "warn" },
          ],
        };
      },
    });
    expect(seen).toEqual({ dir: axiomPath(root, "staging", hexOf(b)), o: { verifyPreImage: true }, staged: "a" });
    expect(r.error).toMatchObject({
      code: "ERR_CHECKS_FAILED",
      details: { verdict: "fail", findings: ["content.noSecrets.awsKey"] },
    });
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(snapshot(root)).toEqual({});
  });

  it("Target changed between prepare and commit → rolled-back ERR_PREIMAGE_CHANGED (no phase); tree = pre", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A", "b.txt": "B" });
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2" },
      { path: "b.txt", op: "overwrite", content: "B2" },
    ]);
    const journal = axiomPath(root, "journal", `${hexOf(b)}.json`);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: (_p, c) => c.to === journal,
        before: () => fs.writeFileSync(path.join(root, "b.txt"), "edited"),
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
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("A");
    expect(fs.readFileSync(path.join(root, "b.txt"), "utf8")).toBe("edited");
    expect(chainLines(root).at(-1)?.state).toBe("rolled-back");
  });

  it("Target gained a hard link between prepare and commit → rolled-back ERR_TARGET_TYPE (kind: hardlink)", async () => {
    const { root, out } = tmpRoot();
    writeTree(root, { "a.txt": "A" });
    const b = makeBundle([{ path: "a.txt", op: "overwrite", content: "A2" }]);
    const journal = axiomPath(root, "journal", `${hexOf(b)}.json`);
    const h = harness([
      {
        op: "rename",
        nth: 2,
        pathMatch: (_p, c) => c.to === journal,
        before: () => fs.linkSync(path.join(root, "a.txt"), path.join(out, "alias")),
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_TARGET_TYPE", details: { kind: "hardlink" } });
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("A");
  });

  it("Locked file (Windows) or EACCES → rolled-back ERR_EBUSY after 5 retries", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A" });
    const pre = snapshot(root);
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2" },
      { path: "n.txt", content: "n" },
    ]);
    const target = path.join(root, "a.txt");
    const h = harness([
      {
        op: "rename",
        times: "always",
        errno: "EACCES",
        pathMatch: (_p, c) => c.to === target && !c.path.includes("backup"),
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_EBUSY", details: { to: target } });
    expect(h.injected).toBe(6);
    expect(snapshot(root)).toEqual(pre);
  });

  it("Post-rename re-hash differs → rolled-back ERR_DIGEST_MISMATCH", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "A" }]);
    const target = path.join(root, "a.txt");
    const h = harness([
      { op: "open", pathMatch: (p) => p === target, before: () => fs.writeFileSync(target, "tampered") },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error?.code).toBe("ERR_DIGEST_MISMATCH");
    expect(exists(target)).toBe(false);
  });

  it("Other IO exception (EIO, EXDEV, …) → rolled-back ERR_INTERNAL {errno, syscall}; files 1–2 restored (T16.1)", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A", "b.txt": "B", "c.txt": "C", "d.txt": "D" });
    const pre = snapshot(root);
    const b = makeBundle(
      ["a", "b", "c", "d", "e"].map((n) => ({
        path: `${n}.txt`,
        op: n === "e" ? ("create" as const) : ("overwrite" as const),
        content: `${n.toUpperCase()}2`,
      })),
    );
    for (const errno of ["EIO", "EXDEV"]) {
      const h = harness([
        {
          op: "rename",
          nth: 3,
          errno,
          pathMatch: (_p, c) =>
            c.to?.startsWith(root + path.sep) === true && !c.to.includes(`${path.sep}.axiom${path.sep}`),
        },
      ]);
      let r: ApplyResult;
      try {
        r = await runApply(b, root);
      } finally {
        h.restore();
      }
      expect(r.status).toBe("rolled-back");
      expect(r.error).toMatchObject({ code: "ERR_INTERNAL", details: { errno, syscall: "rename" } });
      expect(snapshot(root)).toEqual(pre);
      expect(chainLines(root).at(-1)?.state).toBe("rolled-back");
    }
    expect((await runApply(b, root)).status).toBe("applied");
  });

  it("Commit failed and rollback failed → failed ERR_ROLLBACK {original, rollback}; journal rolling-back; chain failed entry; the next apply recovers → tree = pre (F11)", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A", "b.txt": "B", "c.txt": "C" });
    const pre = snapshot(root);
    const b = makeBundle(
      ["a", "b", "c"].map((n) => ({ path: `${n}.txt`, op: "overwrite" as const, content: `${n}2` })),
    );
    const inTree = (_p: string, c: Json) =>
      c.to?.startsWith(root + path.sep) === true && !c.to.includes(`${path.sep}.axiom${path.sep}`);
    const h = harness([
      { op: "rename", nth: 3, errno: "EIO", pathMatch: inTree },
      {
        op: "rename",
        errno: "EIO",
        pathMatch: (p, c) =>
          p.includes(`${path.sep}backup${path.sep}`) && inTree(p, c) && c.to === path.join(root, "a.txt"),
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_ROLLBACK");
    expect(r.error?.path).toBe("c.txt");
    expect(r.error?.details).toMatchObject({ original: { code: "ERR_INTERNAL" }, rollback: { code: "ERR_INTERNAL" } });
    expect(readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)).phase).toBe("rolling-back");
    expect(chainLines(root).at(-1)).toMatchObject({ state: "failed", code: "ERR_ROLLBACK" });
    const next = await runApply(makeBundle([{ path: "z.txt", content: "z" }]), root);
    expect(next.status).toBe("applied");
    const { "z.txt": _z, ...rest } = snapshot(root);
    expect(rest).toEqual(pre);
    expect(chainLines(root).map((e) => e.state)).toEqual(["failed", "rolled-back", "committed"]);
  });

  it("Result fails its own schema → failed ERR_INTERNAL", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const r = await runApply(b, root, { resultSchema: { safeParse: () => ({ success: false }) } });
    expect(r).toMatchObject({ status: "failed", error: { code: "ERR_INTERNAL" } });
  });
});

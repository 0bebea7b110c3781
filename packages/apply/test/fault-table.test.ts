// threats.md §4.5 fault table rows F03–F16 that run in-process through the fs seam
// (F01/F02 are the SIGKILL suites crash-*.test.ts; F06, F24 live in engine-acceptance).
import * as fs from "node:fs";
import * as path from "node:path";
import { listJournals } from "@codai/axiom-apply";
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
import { type FaultSpec, harness } from "./fault-harness";

afterEach(cleanupRoots);

function fixture() {
  const { root } = tmpRoot();
  writeTree(root, { "a.txt": "A", "b.txt": "B", "c.txt": "C", "d.txt": "D" });
  const bundle = makeBundle([
    { path: "a.txt", op: "overwrite", content: "A2" },
    { path: "b.txt", op: "overwrite", content: "B2" },
    { path: "c.txt", op: "overwrite", content: "C2" },
    { path: "d.txt", op: "delete" },
    { path: "e/new.txt", content: "E" },
  ]);
  return { root, bundle, pre: snapshot(root) };
}

async function withFaults(faults: FaultSpec[], root: string, bundle: Json) {
  const h = harness(faults);
  try {
    const r = await runApply(bundle, root);
    return { r, h };
  } finally {
    h.restore();
  }
}

const inTree = (root: string) => (_p: string, c: { to?: string }) =>
  c.to?.startsWith(root + path.sep) === true && !c.to.includes(`${path.sep}.axiom${path.sep}`);

describe("fault table", () => {
  it("F03 ENOSPC on a staging write → failed, ERR_INTERNAL {errno: ENOSPC, syscall: write}; tree = pre; no journal", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [{ op: "write", errno: "ENOSPC", pathMatch: (p) => p.includes(`${path.sep}staging${path.sep}`) }],
      root,
      bundle,
    );
    expect(r).toMatchObject({
      status: "failed",
      error: { code: "ERR_INTERNAL", details: { errno: "ENOSPC", syscall: "write" } },
    });
    expect(snapshot(root)).toEqual(pre);
    expect(await listJournals(root)).toEqual([]);
  });

  it("F04 ENOSPC on the first journal write (`committing`, SPEED-16) → failed; no journal tmp left; tree = pre", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [
        {
          op: "write",
          errno: "ENOSPC",
          pathMatch: (p) => p.includes(`${path.sep}journal${path.sep}${hexOf(bundle)}.json.tmp-`),
        },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "failed", error: { code: "ERR_INTERNAL", details: { errno: "ENOSPC" } } });
    expect(fs.readdirSync(axiomPath(root, "journal")).filter((n) => n.includes(".tmp-"))).toEqual([]);
    expect(exists(axiomPath(root, "journal", `${hexOf(bundle)}.json`))).toBe(false);
    expect(snapshot(root)).toEqual(pre);
  });

  it("F05 link EPERM then ENOSPC on the backup copy → rolled-back, ERR_INTERNAL {errno: ENOSPC}; tree = pre", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [
        { op: "link", times: "always", errno: "EPERM" },
        { op: "write", errno: "ENOSPC", pathMatch: (p) => p.includes(`${path.sep}backup${path.sep}`) },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "rolled-back", error: { code: "ERR_INTERNAL", details: { errno: "ENOSPC" } } });
    expect(snapshot(root)).toEqual(pre);
  });

  it("link EPERM always (copy fallback, F05 without the ENOSPC) → backups are copies with the same bytes and mode; apply and rollback still exact", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults([{ op: "link", times: "always", errno: "EPERM" }], root, bundle);
    expect(r.status).toBe("applied");
    const { rollback } = await import("@codai/axiom-apply");
    await rollback(root, bundle.manifestDigest);
    expect(snapshot(root)).toEqual(pre);
  });

  it("F07 ENOSPC on the marker write → applied; the next engine run writes the marker; a third call → noop", async () => {
    const { root, bundle } = fixture();
    const marker = axiomPath(root, "applied", `${hexOf(bundle)}.json`);
    const { r } = await withFaults(
      [{ op: "write", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) }],
      root,
      bundle,
    );
    expect(r.status).toBe("applied");
    expect(exists(marker)).toBe(false);
    const other = makeBundle([{ path: "z.txt", content: "z" }]);
    await runApply(other, root);
    expect(readJson(marker).status).toBe("applied");
    expect((await runApply(bundle, root)).status).toBe("noop");
  });

  it("F08 EIO on fsync of a staged file → failed, ERR_INTERNAL {errno: EIO, syscall: fsync}; exactly one fsync on that fd", async () => {
    const { root, bundle, pre } = fixture();
    // A staged file (not a staging directory): an artifact's path under staging/<hex>/ (SPEED-7).
    const files = (bundle.manifest.artifacts as { path: string }[]).map((a) => path.join(...a.path.split("/")));
    const staged = (p: string) =>
      p.includes(`${path.sep}staging${path.sep}`) && files.some((f: string) => p.endsWith(`${path.sep}${f}`));
    const { r, h } = await withFaults([{ op: "fsync", errno: "EIO", pathMatch: staged }], root, bundle);
    expect(r).toMatchObject({
      status: "failed",
      error: { code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "fsync" } },
    });
    const failed = h.failed!;
    expect(h.calls.filter((c) => c.op === "fsync" && c.path === failed.path)).toHaveLength(1);
    expect(snapshot(root)).toEqual(pre);
  });

  it("F09 EIO on fsync of a touched target directory after the renames → rolled-back, ERR_INTERNAL {errno: EIO, syscall: fsync}; tree = pre", async () => {
    const { root, bundle, pre } = fixture();
    let renamed = false;
    const { r } = await withFaults(
      [
        {
          op: "rename",
          pathMatch: (p, c) => {
            if (inTree(root)(p, c)) renamed = true;
            return false;
          },
        },
        { op: "fsync", errno: "EIO", pathMatch: (p) => renamed && p === root },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({
      status: "rolled-back",
      error: { code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "fsync" } },
    });
    expect(snapshot(root)).toEqual(pre);
  });

  it("F10 EIO on read during the commit-time re-hash → rolled-back, ERR_INTERNAL {errno: EIO, syscall: read}", async () => {
    const { root, bundle, pre } = fixture();
    let committing = false;
    const journal = axiomPath(root, "journal", `${hexOf(bundle)}.json`);
    const { r } = await withFaults(
      [
        {
          // the journal's second write: C3's, recording the backups (the first is `committing`, SPEED-16)
          op: "rename",
          nth: 2,
          pathMatch: (_p, c) => c.to === journal,
          before: () => {
            committing = true;
          },
        },
        { op: "read", errno: "EIO", pathMatch: (p) => committing && p === path.join(root, "b.txt") },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({
      status: "rolled-back",
      error: { code: "ERR_INTERNAL", details: { errno: "EIO", syscall: "read" } },
    });
    expect(snapshot(root)).toEqual(pre);
  });

  it("F11 EIO on the 3rd target rename, then EIO on the rename restoring the 1st target's backup → failed, ERR_ROLLBACK; journal rolling-back; chain failed; the next apply → tree = pre", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [
        { op: "rename", nth: 3, errno: "EIO", pathMatch: inTree(root) },
        {
          op: "rename",
          errno: "EIO",
          pathMatch: (p, c) => p.includes(`${path.sep}backup${path.sep}`) && c.to === path.join(root, "a.txt"),
        },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "failed", error: { code: "ERR_ROLLBACK", path: "c.txt" } });
    expect(readJson(axiomPath(root, "journal", `${hexOf(bundle)}.json`)).phase).toBe("rolling-back");
    expect(chainLines(root).at(-1)).toMatchObject({ state: "failed", code: "ERR_ROLLBACK" });
    const other = makeBundle([{ path: "z.txt", content: "z" }]);
    await runApply(other, root);
    const { "z.txt": _z, ...rest } = snapshot(root);
    expect(rest).toEqual(pre);
  });

  it("F12 EBUSY on the first 2 renames of one target → applied", async () => {
    const { root, bundle } = fixture();
    const { r, h } = await withFaults(
      [
        {
          op: "rename",
          times: 2,
          errno: "EBUSY",
          pathMatch: (_p, c) => c.to === path.join(root, "b.txt") && c.path.includes("staging"),
        },
      ],
      root,
      bundle,
    );
    expect(r.status).toBe("applied");
    expect(h.injected).toBe(2);
  });

  it("F13 EBUSY always on one target rename → after 5 retries rolled-back, ERR_EBUSY {from, to}", async () => {
    const { root, bundle, pre } = fixture();
    const to = path.join(root, "b.txt");
    const { r, h } = await withFaults(
      [
        {
          op: "rename",
          times: "always",
          errno: "EBUSY",
          pathMatch: (_p, c) => c.to === to && c.path.includes("staging"),
        },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "rolled-back", error: { code: "ERR_EBUSY", details: { to } } });
    expect(h.injected).toBe(6);
    expect(snapshot(root)).toEqual(pre);
  });

  it("F14 EPERM always on a rename during rollback → failed, ERR_ROLLBACK", async () => {
    const { root, bundle } = fixture();
    const { r } = await withFaults(
      [
        { op: "rename", nth: 2, errno: "EIO", pathMatch: inTree(root) },
        {
          op: "rename",
          times: "always",
          errno: "EPERM",
          pathMatch: (p, c) => p.includes(`${path.sep}backup${path.sep}`) && inTree(root)(p, c),
        },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "failed", error: { code: "ERR_ROLLBACK" } });
  });

  it("F15 EACCES always on a target rename (read-only directory) → rolled-back, ERR_EBUSY", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [
        {
          op: "rename",
          times: "always",
          errno: "EACCES",
          pathMatch: (_p, c) => c.to === path.join(root, "c.txt") && c.path.includes("staging"),
        },
      ],
      root,
      bundle,
    );
    expect(r).toMatchObject({ status: "rolled-back", error: { code: "ERR_EBUSY" } });
    expect(snapshot(root)).toEqual(pre);
  });

  it("F16 EXDEV on a target rename → rolled-back, ERR_INTERNAL {errno: EXDEV, syscall: rename}", async () => {
    const { root, bundle, pre } = fixture();
    const { r } = await withFaults(
      [{ op: "rename", errno: "EXDEV", pathMatch: (_p, c) => c.to === path.join(root, "e", "new.txt") }],
      root,
      bundle,
    );
    expect(r).toMatchObject({
      status: "rolled-back",
      error: { code: "ERR_INTERNAL", path: "e/new.txt", details: { errno: "EXDEV", syscall: "rename" } },
    });
    expect(snapshot(root)).toEqual(pre);
  });
});

// Manual rollback's refusals and outcomes (apply.md §8), from the survivors of a mutation run
// (issue 25): the root check, the preflight's missing manifest and drift of a delete, a backup
// that cannot be looked at, a failing restore (ERR_ROLLBACK with its cause), the applied marker
// removed, and a second rollback that changes nothing.
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback } from "@codai/axiom-apply";
import { layout } from "@codai/axiom-store";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
  chainLines,
  cleanupRoots,
  exists,
  hexOf,
  makeBundle,
  runApply,
  snapshot,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

async function applied() {
  const { root, parent } = tmpRoot();
  writeTree(root, { "a.txt": "old a\n", "gone.txt": "g\n" });
  const b = makeBundle([
    { path: "a.txt", op: "overwrite", content: "new a\n" },
    { path: "gone.txt", op: "delete" },
  ]);
  expect((await runApply(b, root)).status).toBe("applied");
  return { root, parent, b, hex: hexOf(b) };
}
const opts = { lockTimeoutMs: 0 };

describe("rollback refusals", () => {
  it("a root that is a file, or does not exist → ERR_ROOT_NOT_DIR {root}", async () => {
    const { parent } = tmpRoot();
    const file = path.join(parent, "f.txt");
    fs.writeFileSync(file, "x");
    for (const root of [file, path.join(parent, "missing")]) {
      await expect(rollback(root, "a".repeat(64), opts)).rejects.toMatchObject({
        code: "ERR_ROOT_NOT_DIR",
        details: { root },
      });
    }
  });

  it("the stored manifest gone → ERR_BLOB_MISSING {digest}; nothing restored", async () => {
    const { root, b, hex } = await applied();
    fs.rmSync(layout.manifest(root, hex));
    const before = snapshot(root);
    await expect(rollback(root, b.manifestDigest, opts)).rejects.toMatchObject({
      code: "ERR_BLOB_MISSING",
      details: { digest: `sha256:${hex}` },
    });
    expect(snapshot(root)).toEqual(before);
  });

  it("a deleted path that came back is drift: ERR_PREIMAGE_CHANGED {expected: absent, actual} on that path", async () => {
    const { root, b } = await applied();
    fs.writeFileSync(path.join(root, "gone.txt"), "back\n");
    const err = await rollback(root, b.manifestDigest, opts).catch((e) => e);
    expect(err).toMatchObject({
      code: "ERR_PREIMAGE_CHANGED",
      path: "gone.txt",
      details: { phase: "rollback", drifted: [{ path: "gone.txt", expected: "absent" }] },
    });
    expect(err.details.drifted[0].actual).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("new a\n");
  });

  it("a backup whose lstat fails with anything but ENOENT is that error, not 'backups missing'", async () => {
    const { root, b, hex } = await applied();
    const backup = layout.backupFile(root, hex, "a.txt");
    const h = harness([{ op: "lstat", errno: "EACCES", pathMatch: (p) => p === backup }]);
    try {
      await expect(rollback(root, b.manifestDigest, opts)).rejects.toMatchObject({ code: "EACCES" });
    } finally {
      h.restore();
    }
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("new a\n");
  });
});

describe("rollback outcomes", () => {
  it("a restore that fails → ERR_ROLLBACK {digest, cause}", async () => {
    const { root, b, hex } = await applied();
    const target = path.join(root, "a.txt");
    const h = harness([
      { op: ["rename", "link"], times: "always", errno: "EIO", pathMatch: (_p, c) => c.to === target },
    ]);
    let err: { code?: string; details?: Record<string, unknown> };
    try {
      err = await rollback(root, b.manifestDigest, opts).catch((e) => e);
    } finally {
      h.restore();
    }
    expect(err).toMatchObject({
      code: "ERR_ROLLBACK",
      details: { digest: `sha256:${hex}`, cause: expect.objectContaining({ code: expect.any(String) }) },
    });
  });

  it("a manual rollback of a committed apply removes its applied marker; a second rollback changes nothing", async () => {
    const { root, b, hex } = await applied();
    const marker = axiomPath(root, "applied", `${hex}.json`);
    expect(exists(marker)).toBe(true);
    const first = await rollback(root, b.manifestDigest, opts);
    expect(first).toMatchObject({ status: "rolled-back", phase: "rolled-back", root });
    expect(exists(marker)).toBe(false);
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("old a\n");
    expect(fs.readFileSync(path.join(root, "gone.txt"), "utf8")).toBe("g\n");
    const chain = chainLines(root);
    const tree = snapshot(root);
    const second = await rollback(root, b.manifestDigest, opts);
    expect(second).toEqual(first);
    expect(snapshot(root)).toEqual(tree);
    expect(chainLines(root)).toEqual(chain);
  });
});

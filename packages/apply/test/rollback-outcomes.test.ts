// Manual rollback's refusals and outcomes (apply.md §8), from the survivors of a mutation run
// (issue 25): the root check, the preflight's missing manifest and drift of a delete, a backup
// that cannot be looked at, a failing restore (ERR_ROLLBACK with its cause), the applied marker
// removed, and a second rollback that changes nothing. Then (the second run's survivors): a
// backup gone (ERR_NOT_FOUND {digest, missingBackups}), an unreadable stored manifest that is not
// "missing", a later apply whose journal and manifest are both gone, a staged journal rolled back
// by discarding it, the caller's lock timeout, the hooks reaching the routine, and a temp cleanup
// that fails after the rollback.
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback } from "@codai/axiom-apply";
import { layout } from "@codai/axiom-store";
import { afterEach, describe, expect, it } from "vitest";
import { acquireLock } from "../src/lock";
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

describe("rollback preflight: backups and the stored manifest", () => {
  it("a recorded backup gone → ERR_NOT_FOUND {digest, missingBackups: [its path]}; nothing restored", async () => {
    const { root, b, hex } = await applied();
    fs.rmSync(layout.backupFile(root, hex, "a.txt"));
    const before = snapshot(root);
    const err = await rollback(root, b.manifestDigest, opts).catch((e) => e);
    expect(err).toMatchObject({
      code: "ERR_NOT_FOUND",
      details: { digest: `sha256:${hex}`, missingBackups: ["a.txt"] },
    });
    expect(Object.keys(err.details)).toEqual(["digest", "missingBackups"]);
    expect(snapshot(root)).toEqual(before);
    expect(readJson(layout.journal(root, hex)).phase).toBe("committed");
  });

  it("a stored manifest that is there but not JSON → ERR_INVALID_MANIFEST, not ERR_BLOB_MISSING", async () => {
    const { root, b, hex } = await applied();
    fs.writeFileSync(layout.manifest(root, hex), "not json");
    const before = snapshot(root);
    await expect(rollback(root, b.manifestDigest, opts)).rejects.toMatchObject({ code: "ERR_INVALID_MANIFEST" });
    expect(snapshot(root)).toEqual(before);
  });

  it("a later apply whose journal and manifest are both gone still counts: ERR_CONFLICT {paths: null}, no path", async () => {
    const { root, b } = await applied();
    const later = makeBundle([{ path: "other.txt", content: "o\n" }], { name: "later" });
    expect((await runApply(later, root)).status).toBe("applied");
    fs.rmSync(layout.journal(root, hexOf(later)));
    fs.rmSync(layout.manifest(root, hexOf(later)));
    const err = await rollback(root, b.manifestDigest, opts).catch((e) => e);
    expect(err).toMatchObject({
      code: "ERR_CONFLICT",
      details: { phase: "rollback", otherDigest: later.manifestDigest, paths: null },
    });
    expect(err.path).toBeUndefined();
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("new a\n");
  });
});

describe("rollback of a staged journal, and the options", () => {
  const STAGED_HEX = "d".repeat(64);

  /** What an apply cut after staging leaves: a `staged` journal and its staged file; the tree untouched. */
  function stagedApply(root: string) {
    const steps = [{ path: "new.txt", op: "create", done: false }];
    fs.mkdirSync(path.dirname(layout.stagedFile(root, STAGED_HEX, "new.txt")), { recursive: true });
    fs.writeFileSync(layout.stagedFile(root, STAGED_HEX, "new.txt"), "staged\n");
    fs.writeFileSync(
      layout.journal(root, STAGED_HEX),
      JSON.stringify({
        manifestDigest: `sha256:${STAGED_HEX}`,
        phase: "staged",
        steps,
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 777,
      }),
    );
    return steps;
  }

  it("a staged journal → discarded: {phase: staged, steps}, journal and staging gone, tree and chain unchanged", async () => {
    const { root } = await applied();
    const steps = stagedApply(root);
    const tree = snapshot(root);
    const chain = chainLines(root);
    const out = await rollback(root, `sha256:${STAGED_HEX}`, opts);
    expect(out).toEqual({
      manifestDigest: `sha256:${STAGED_HEX}`,
      status: "rolled-back",
      phase: "staged",
      steps,
      root,
    });
    expect(exists(layout.journal(root, STAGED_HEX))).toBe(false);
    expect(exists(layout.staging(root, STAGED_HEX))).toBe(false);
    expect(snapshot(root)).toEqual(tree);
    expect(chainLines(root)).toEqual(chain);
  });

  it("lockTimeoutMs is the caller's, not the default: a lock held past it → ERR_LOCKED", async () => {
    const { root, b } = await applied();
    const held = await acquireLock(root, `sha256:${"e".repeat(64)}`, 0);
    // held until the rollback answered: with the 30 s default instead it would wait out the test
    const err = await rollback(root, b.manifestDigest, { lockTimeoutMs: 100 })
      .catch((e) => e)
      .finally(() => held.release());
    expect(err.code).toBe("ERR_LOCKED");
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("new a\n");
  });

  it("onWarn reaches the rollback routine: a chain that refuses the R6 append → a warning, the rollback still done", async () => {
    const { root, b } = await applied();
    // a bad line that is not a torn tail: the pre-rollback repair leaves it, the append refuses
    fs.appendFileSync(layout.chain(root), "garbage\n");
    const warnings: { m: string; d?: Record<string, unknown> }[] = [];
    const out = await rollback(root, b.manifestDigest, { ...opts, onWarn: (m, d) => warnings.push({ m, d }) });
    expect(out.phase).toBe("rolled-back");
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("old a\n");
    expect(warnings).toEqual([
      { m: "chain append failed", d: { manifestDigest: b.manifestDigest, error: expect.any(String) } },
    ]);
  });

  it("a leftover journal temp that cannot be removed → onWarn(journal temp cleanup failed, {error}); the rollback stands", async () => {
    const { root, b } = await applied();
    const temp = path.join(layout.journalDir(root), `${"f".repeat(64)}.json.tmp-4194305`);
    fs.writeFileSync(temp, "{");
    const warnings: { m: string; d?: Record<string, unknown> }[] = [];
    const h = harness([{ op: "rm", times: "always", errno: "EACCES", pathMatch: (p) => p === temp }]);
    let out: Awaited<ReturnType<typeof rollback>>;
    try {
      out = await rollback(root, b.manifestDigest, { ...opts, onWarn: (m, d) => warnings.push({ m, d }) });
    } finally {
      h.restore();
    }
    expect(out.phase).toBe("rolled-back");
    expect(warnings).toEqual([{ m: "journal temp cleanup failed", d: { error: expect.any(String) } }]);
    expect(exists(temp)).toBe(true);
  });

  it("the same failing cleanup without onWarn → the rollback resolves and the lock is released", async () => {
    const { root, b } = await applied();
    const temp = path.join(layout.journalDir(root), `${"f".repeat(64)}.json.tmp-4194305`);
    fs.writeFileSync(temp, "{");
    const h = harness([{ op: "rm", times: "always", errno: "EACCES", pathMatch: (p) => p === temp }]);
    try {
      expect((await rollback(root, b.manifestDigest, opts)).phase).toBe("rolled-back");
    } finally {
      h.restore();
    }
    await (await acquireLock(root, b.manifestDigest, 0)).release();
  });
});

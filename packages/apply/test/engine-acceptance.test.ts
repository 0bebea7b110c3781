// apply.md acceptance lines (Blobs and staging, Engine, Manual rollback, Dry-run diff) not covered
// by the §14 table or the threats suite.
import * as fs from "node:fs";
import * as path from "node:path";
import { isMainThread } from "node:worker_threads";
import { apply, buildDiff, rollback } from "@codai/axiom-apply";
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

const enc = (s: string) => new TextEncoder().encode(s);

describe("Blobs and staging", () => {
  // process.umask cannot be set in a worker thread: skipped only under StrykerJS's vitest runner,
  // which forces pool "threads" (npm run mutate); `npm test` runs it (pool "forks").
  it.skipIf(!isMainThread)(
    "umask 077, artifact mode 0644 → written file mode is exactly 0644; 0755 → 0755 (POSIX)",
    async () => {
      const { root } = tmpRoot();
      const old = process.umask(0o077);
      try {
        const r = await runApply(
          makeBundle([
            { path: "a.txt", content: "a" },
            { path: "x.sh", content: "#!/bin/sh\n", mode: "0755" },
          ]),
          root,
        );
        expect(r.status).toBe("applied");
      } finally {
        process.umask(old);
      }
      expect(fs.statSync(path.join(root, "a.txt")).mode & 0o777).toBe(0o644);
      expect(fs.statSync(path.join(root, "x.sh")).mode & 0o777).toBe(0o755);
    },
  );

  it("Overwrite of a file owned by another uid, run as root → new file keeps that uid/gid", async () => {
    if (process.getuid?.() !== 0) return; // the non-root half: the process owner stays (covered implicitly elsewhere)
    const { root } = tmpRoot();
    writeTree(root, { "o.txt": "old" });
    fs.chownSync(path.join(root, "o.txt"), 4242, 4343);
    expect((await runApply(makeBundle([{ path: "o.txt", op: "overwrite", content: "new" }]), root)).status).toBe(
      "applied",
    );
    const st = fs.statSync(path.join(root, "o.txt"));
    expect([st.uid, st.gid]).toEqual([4242, 4343]);
  });
});

describe("Engine", () => {
  it("Dry-run → applied, diff present, no journal/marker/chain entry, every byte outside .axiom/ unchanged", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "x.txt": "a\nb\nc\n" });
    const pre = snapshot(root);
    const b = makeBundle([{ path: "x.txt", op: "overwrite", content: "a\nB\nc\n" }]);
    const r = await apply({ bundle: b, root, mode: "dry-run" });
    expect(r).toMatchObject({ status: "applied", mode: "dry-run" });
    expect(r.diff).toBe(
      "===================================================================\n--- a/x.txt\n+++ b/x.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
    );
    expect(r.journal).toBeUndefined();
    expect(snapshot(root)).toEqual(pre);
    expect(exists(axiomPath(root, "journal", `${hexOf(b)}.json`))).toBe(false);
    expect(exists(axiomPath(root, "applied", `${hexOf(b)}.json`))).toBe(false);
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(chainLines(root)).toEqual([]);
  });

  it("T23.2 dry-run files[].digest equals the following apply's files[].digest for every artifact", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([
      { path: "a.txt", content: "a" },
      { path: "b.txt", content: "b" },
    ]);
    const d = await apply({ bundle: b, root, mode: "dry-run" });
    const f = await runApply(b, root);
    expect(d.files.map((x) => x.digest)).toEqual(f.files.map((x) => x.digest));
  });

  it("Applied digest, one file edited → apply → applied with drifted: [that path]; preChecks received verifyPreImage: false (D27)", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "p.txt": "pre" });
    const b = makeBundle(
      [
        { path: "p.txt", op: "overwrite", content: "post" },
        { path: "n.txt", content: "n" },
      ],
      { preImageFrom: root },
    );
    const seen: boolean[] = [];
    const checks = async (_d: string, o: { verifyPreImage: boolean }) => {
      seen.push(o.verifyPreImage);
      return { verdict: "pass" };
    };
    expect((await runApply(b, root, { preChecks: checks })).status).toBe("applied");
    fs.writeFileSync(path.join(root, "n.txt"), "edited");
    const r = await runApply(b, root, { preChecks: checks });
    expect(r).toMatchObject({ status: "applied", drifted: ["n.txt"] });
    expect(seen).toEqual([true, false]);
    expect(fs.readFileSync(path.join(root, "n.txt"), "utf8")).toBe("n");
  });

  it("Applied digest with a create whose file was edited → re-apply backs up the foreign bytes; rollback restores them", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "c.txt", content: "mine" }]);
    await runApply(b, root);
    fs.writeFileSync(path.join(root, "c.txt"), "foreign");
    const r = await runApply(b, root);
    expect(r).toMatchObject({
      status: "applied",
      drifted: ["c.txt"],
      files: [{ path: "c.txt", op: "create", status: "written" }],
    });
    expect(readJson(axiomPath(root, "journal", `${hexOf(b)}.json`)).steps[0]).toMatchObject({
      op: "overwrite",
      backup: `.axiom/backup/${hexOf(b)}/c.txt`,
    });
    await rollback(root, b.manifestDigest);
    expect(fs.readFileSync(path.join(root, "c.txt"), "utf8")).toBe("foreign");
  });

  it("delete of an absent path → applied, file status skipped", async () => {
    const { root } = tmpRoot();
    const r = await runApply(makeBundle([{ path: "nothing.txt", op: "delete" }]), root);
    expect(r).toMatchObject({ status: "applied", files: [{ path: "nothing.txt", op: "delete", status: "skipped" }] });
  });

  it("Injected failure writing the marker after committed → result applied; next apply writes the marker (recovery); a third call → noop (F07)", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    const warns: string[] = [];
    const h = harness([{ op: "open", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) }]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root, { onWarn: (m: string) => warns.push(m) });
    } finally {
      h.restore();
    }
    expect(r.status).toBe("applied");
    expect(warns).toEqual(["applied marker write failed"]);
    expect(exists(marker)).toBe(false);
    const other = makeBundle([{ path: "z.txt", content: "z" }]);
    expect((await runApply(other, root)).status).toBe("applied");
    expect(readJson(marker)).toMatchObject({ status: "applied", mode: "fs", manifestDigest: b.manifestDigest });
    expect((await runApply(b, root)).status).toBe("noop");
  });

  it("chain append ENOSPC through apply (F06): after committed → applied; chain.jsonl back to its old length; one warn", async () => {
    const { root } = tmpRoot();
    await runApply(makeBundle([{ path: "first.txt", content: "1" }]), root);
    const chain = axiomPath(root, "journal", "chain.jsonl");
    const before = fs.readFileSync(chain);
    const warns: string[] = [];
    const h = harness([{ op: "write", errno: "ENOSPC", pathMatch: (p) => p === chain }]);
    let r: ApplyResult;
    try {
      r = await runApply(makeBundle([{ path: "second.txt", content: "2" }]), root, {
        onWarn: (m: string) => warns.push(m),
      });
    } finally {
      h.restore();
    }
    expect(r.status).toBe("applied");
    expect(fs.readFileSync(chain)).toEqual(before);
    expect(warns).toEqual(["chain append failed"]);
  });

  it("keepBackups 2 after 4 overwriting applies → only the 2 newest backup/<hex> directories (by chain seq) remain", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "f.txt": "v0" });
    const hexes: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const b = makeBundle([{ path: "f.txt", op: "overwrite", content: `v${i}` }]);
      expect((await runApply(b, root, { keepBackups: 2 })).status).toBe("applied");
      hexes.push(hexOf(b));
    }
    expect(fs.readdirSync(axiomPath(root, "backup")).sort()).toEqual(hexes.slice(2).sort());
  });

  it("keepBackups 0 → no backup directories remain; manual rollback of that digest → ERR_NOT_FOUND missingBackups", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "f.txt": "v0" });
    const b = makeBundle([{ path: "f.txt", op: "overwrite", content: "v1" }]);
    expect((await runApply(b, root, { keepBackups: 0 })).status).toBe("applied");
    expect(fs.readdirSync(axiomPath(root, "backup"))).toEqual([]);
    const e = await rollback(root, b.manifestDigest).catch((err) => err);
    expect(e).toMatchObject({
      code: "ERR_NOT_FOUND",
      details: { digest: b.manifestDigest, missingBackups: ["f.txt"] },
    });
    expect(fs.readFileSync(path.join(root, "f.txt"), "utf8")).toBe("v1");
  });

  it("EBUSY on rename twice, then success → applied (F12); EBUSY always → rolled-back ERR_EBUSY {from, to} after 5 retries (F13)", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const target = path.join(root, "a.txt");
    const h = harness([{ op: "rename", times: 2, errno: "EBUSY", pathMatch: (_p, c) => c.to === target }]);
    try {
      expect((await runApply(b, root)).status).toBe("applied");
    } finally {
      h.restore();
    }
    const b2 = makeBundle([{ path: "b.txt", content: "b" }]);
    const t2 = path.join(root, "b.txt");
    const h2 = harness([{ op: "rename", times: "always", errno: "EBUSY", pathMatch: (_p, c) => c.to === t2 }]);
    let r: ApplyResult;
    try {
      r = await runApply(b2, root);
    } finally {
      h2.restore();
    }
    expect(r.status).toBe("rolled-back");
    expect(r.error).toMatchObject({ code: "ERR_EBUSY", details: { to: t2 } });
    expect(h2.injected).toBe(6);
  });

  it("fs apply of a bundle not yet stored → manifests/<hex>.json exists before the intent file is written (trace)", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const h = harness([]);
    try {
      await runApply(b, root);
    } finally {
      h.restore();
    }
    const storeAt = h.calls.findIndex(
      (c) => c.op === "rename" && c.to === axiomPath(root, "manifests", `${hexOf(b)}.json`),
    );
    const intentAt = h.calls.findIndex((c) => c.path.includes(`${path.sep}intents${path.sep}`) && c.op === "open");
    expect(storeAt).toBeGreaterThanOrEqual(0);
    expect(intentAt).toBeGreaterThan(storeAt);
  });

  it("F24 traceFs of a successful apply → staged-file and committing-journal fsyncs precede the first backup link; backup-dir fsyncs precede the first target rename; tree-dir fsyncs precede the committed journal; committed precedes the marker", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "o.txt": "o", "d/x.txt": "x" });
    const b = makeBundle([
      { path: "o.txt", op: "overwrite", content: "O" },
      { path: "d/x.txt", op: "delete" },
      { path: "n/new.txt", content: "n" },
    ]);
    const hex = hexOf(b);
    const h = harness([]);
    try {
      expect((await runApply(b, root)).status).toBe("applied");
    } finally {
      h.restore();
    }
    const c = h.calls;
    const idx = (pred: (x: (typeof c)[number]) => boolean) => c.findIndex(pred);
    const last = (pred: (x: (typeof c)[number]) => boolean) => c.map(pred).lastIndexOf(true);
    const journal = axiomPath(root, "journal", `${hex}.json`);
    const journalRenames = c.map((x, i) => (x.op === "rename" && x.to === journal ? i : -1)).filter((i) => i >= 0);
    // the first backup link (the lock and the intent mutex are links too, APL-22)
    const firstLink = idx((x) => x.op === "link" && x.to?.startsWith(axiomPath(root, "backup")) === true);
    const firstTargetRename = idx(
      (x) =>
        x.op === "rename" &&
        x.to?.startsWith(root + path.sep) === true &&
        !x.to.includes(`${path.sep}.axiom${path.sep}`),
    );
    const stagedFsyncs = c
      .map((x, i) => (x.op === "fsync" && x.path.includes(`${path.sep}staging${path.sep}`) ? i : -1))
      .filter((i) => i >= 0);
    expect(stagedFsyncs.length).toBeGreaterThan(0);
    expect(Math.max(...stagedFsyncs)).toBeLessThan(journalRenames[0]!);
    expect(journalRenames[0]!).toBeLessThan(firstLink); // committing (the first journal, SPEED-16) before the first backup link
    const journalDirFsync = c.findIndex(
      (x, i) => i > journalRenames[0]! && x.op === "fsync" && x.path === path.dirname(journal),
    );
    expect(journalDirFsync).toBeLessThan(firstLink);
    const backupDirFsync = last((x) => x.op === "fsync" && x.path.startsWith(axiomPath(root, "backup")));
    expect(backupDirFsync).toBeLessThan(firstTargetRename);
    const committed = journalRenames.at(-1)!;
    const treeDirFsyncs = c
      .map((x, i) =>
        x.op === "fsync" && (x.path === root || x.path === path.join(root, "d") || x.path === path.join(root, "n"))
          ? i
          : -1,
      )
      .filter((i) => i >= 0);
    expect(treeDirFsyncs.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...treeDirFsyncs)).toBeLessThan(committed);
    const marker = idx((x) => x.op === "rename" && x.to === axiomPath(root, "applied", `${hex}.json`));
    expect(committed).toBeLessThan(marker);
  });
});

describe("Manual rollback", () => {
  it("Rollback of a digest with a staged journal → staging and journal removed, tree untouched, phase: staged", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    const jf = axiomPath(root, "journal", `${hexOf(b)}.json`);
    fs.mkdirSync(path.dirname(jf), { recursive: true });
    fs.writeFileSync(
      jf,
      JSON.stringify({
        manifestDigest: b.manifestDigest,
        phase: "staged",
        steps: [{ path: "a.txt", op: "create", done: false }],
        startedAt: new Date().toISOString(),
        pid: 12345,
      }),
    );
    writeTree(axiomPath(root, "staging", hexOf(b)), { "a.txt": "a" });
    const out = await rollback(root, b.manifestDigest);
    expect(out).toMatchObject({ status: "rolled-back", phase: "staged" });
    expect(exists(jf)).toBe(false);
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(snapshot(root)).toEqual({});
  });

  it("Rollback of a digest with no journal → ERR_NOT_FOUND; xyz → ERR_NOT_FOUND; uppercase hex → ERR_NOT_FOUND", async () => {
    const { root } = tmpRoot();
    for (const d of [`sha256:${"a".repeat(64)}`, "xyz", "A".repeat(64)]) {
      expect((await rollback(root, d).catch((e) => e)).code, d).toBe("ERR_NOT_FOUND");
    }
  });

  it("Rollback with manifests/<hex>.json deleted (no force) → ERR_BLOB_MISSING", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "a" }]);
    await runApply(b, root);
    fs.rmSync(axiomPath(root, "manifests", `${hexOf(b)}.json`));
    expect((await rollback(root, b.manifestDigest).catch((e) => e)).code).toBe("ERR_BLOB_MISSING");
    expect(exists(path.join(root, "a.txt"))).toBe(true);
  });

  it("A file created by another process outside the manifest's paths survives a rollback", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "d/a.txt", content: "a" }]);
    await runApply(b, root);
    writeTree(root, { "d/theirs.txt": "keep me" });
    await rollback(root, b.manifestDigest);
    expect(fs.readFileSync(path.join(root, "d/theirs.txt"), "utf8")).toBe("keep me");
    expect(exists(path.join(root, "d/a.txt"))).toBe(false);
  });

  it("Next apply after a failed commit + failed rollback → recovery completes the rollback, chain gains rolled-back", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A", "b.txt": "B" });
    const pre = snapshot(root);
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2" },
      { path: "b.txt", op: "overwrite", content: "B2" },
    ]);
    const inTree = (_p: string, c: Json) =>
      c.to?.startsWith(root + path.sep) === true && !c.to.includes(`${path.sep}.axiom${path.sep}`);
    const h = harness([
      { op: "rename", nth: 2, errno: "EIO", pathMatch: inTree },
      {
        op: "rename",
        times: "always",
        errno: "EPERM",
        pathMatch: (p, c) => p.includes(`${path.sep}backup${path.sep}`) && inTree(p, c),
      },
    ]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root);
    } finally {
      h.restore();
    }
    expect(r.error?.code).toBe("ERR_ROLLBACK"); // F14: EPERM always on a rollback rename
    await runApply(makeBundle([{ path: "z.txt", content: "z" }]), root);
    const { "z.txt": _z, ...rest } = snapshot(root);
    expect(rest).toEqual(pre);
    expect(chainLines(root).map((e) => e.state)).toEqual(["failed", "rolled-back", "committed"]);
  });
});

describe("Dry-run diff (§16)", () => {
  it("Create of hello\\nworld (no final newline) → --- /dev/null, @@ -0,0 +1,2 @@, \\ No newline at end of file", () => {
    expect(buildDiff([{ path: "h.txt", after: enc("hello\nworld") }])).toBe(
      "===================================================================\n--- /dev/null\n+++ b/h.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n\\ No newline at end of file\n",
    );
  });
  it("Delete → +++ /dev/null, all lines -", () => {
    expect(buildDiff([{ path: "d.txt", before: enc("a\nb\n") }])).toBe(
      "===================================================================\n--- a/d.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n",
    );
  });
  it("File containing a NUL byte → exactly diff --axiom a/<p> b/<p>\\nBinary files differ\\n", () => {
    expect(buildDiff([{ path: "bin", before: enc("x"), after: new Uint8Array([1, 0, 2]) }])).toBe(
      "diff --axiom a/bin b/bin\nBinary files differ\n",
    );
  });
  it("Identical content → three header lines only", () => {
    expect(buildDiff([{ path: "s.txt", before: enc("same\n"), after: enc("same\n") }])).toBe(
      "===================================================================\n--- a/s.txt\n+++ b/s.txt\n",
    );
  });
  it("Diff exceeding 1 MiB → the first 1 048 576 bytes of the full diff (a cut character as U+FFFD) then \\n[diff truncated at 1 MiB]\\n", () => {
    const big = "é".repeat(600_000);
    const entries = [{ path: "big.txt", after: enc(big) }];
    const full = Buffer.from(
      `===================================================================\n--- /dev/null\n+++ b/big.txt\n@@ -0,0 +1,1 @@\n+${big}\n\\ No newline at end of file\n`,
      "utf8",
    );
    const out = buildDiff(entries);
    const expected = `${new TextDecoder().decode(full.subarray(0, 1_048_576))}\n[diff truncated at 1 MiB]\n`;
    expect(out).toBe(expected);
    expect(out.includes("\uFFFD") || full[1_048_575]! < 0x80).toBe(true);
  });
});

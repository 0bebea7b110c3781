// Recovery of "committed, no fs marker" (apply.md §7): the marker recovery writes lists every step
// with the status the apply itself reported — written, deleted (a backup: the path existed),
// skipped (a delete of an absent path) — the manifest's op and digest, and the chain keeps one
// committed entry for the apply (issue 25: the per-step status mapping survived being forced).
import * as fs from "node:fs";
import type { ApplyResult } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
  chainLines,
  cleanupRoots,
  exists,
  hexOf,
  type Json,
  makeBundle,
  readJson,
  runApply,
  tmpRoot,
  writeTree,
} from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

describe("recovery writes the marker a cut apply did not", () => {
  it("each step's status (written / deleted / skipped), op and digest equal the apply's own result; one committed chain entry", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "old a\n", "gone.txt": "g\n" });
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "new a\n" },
      { path: "b.txt", content: "b\n" },
      { path: "gone.txt", op: "delete" },
      { path: "never.txt", op: "delete" },
    ]);
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    const h = harness([{ op: "open", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) }]);
    let r: ApplyResult;
    try {
      r = await runApply(b, root, { onWarn: () => undefined });
    } finally {
      h.restore();
    }
    expect(r.status).toBe("applied");
    expect(exists(marker)).toBe(false);
    const files = [
      { path: "a.txt", op: "overwrite", status: "written", digest: { sha256: b.manifest.artifacts[0].digest.sha256 } },
      { path: "b.txt", op: "create", status: "written", digest: { sha256: b.manifest.artifacts[1].digest.sha256 } },
      { path: "gone.txt", op: "delete", status: "deleted" },
      { path: "never.txt", op: "delete", status: "skipped" },
    ];
    expect(r.files).toEqual(files);

    // The next apply's recovery completes the first one.
    const other = makeBundle([{ path: "z.txt", content: "z" }]);
    expect((await runApply(other, root)).status).toBe("applied");
    const m = readJson(marker) as Json;
    expect(m).toMatchObject({ status: "applied", mode: "fs", manifestDigest: b.manifestDigest, root });
    expect(m.files).toEqual(files);
    expect(m.journal).toBe(axiomPath(root, "journal", `${hexOf(b)}.json`));
    expect(chainLines(root).map((e) => [e.manifestDigest, e.state])).toEqual([
      [b.manifestDigest, "committed"],
      [other.manifestDigest, "committed"],
    ]);
    // staging of the completed apply is gone
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("new a\n");
  });

  it("a committed journal whose chain entry is missing gets one appended (files = its step count) before the marker", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([
      { path: "x.txt", content: "x" },
      { path: "y.txt", content: "y" },
    ]);
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    const chain = axiomPath(root, "journal", "chain.jsonl");
    const h = harness([
      { op: "open", errno: "ENOSPC", pathMatch: (p) => p.startsWith(`${marker}.tmp-`) },
      { op: "write", errno: "ENOSPC", pathMatch: (p) => p === chain },
    ]);
    try {
      expect((await runApply(b, root, { onWarn: () => undefined })).status).toBe("applied");
    } finally {
      h.restore();
    }
    expect(chainLines(root)).toEqual([]);
    const other = makeBundle([{ path: "z.txt", content: "z" }]);
    expect((await runApply(other, root)).status).toBe("applied");
    const lines = chainLines(root);
    expect(lines.map((e) => [e.seq, e.manifestDigest, e.state, e.files])).toEqual([
      [1, b.manifestDigest, "committed", 2],
      [2, other.manifestDigest, "committed", 1],
    ]);
    expect((readJson(marker) as Json).files.map((f: Json) => f.status)).toEqual(["written", "written"]);
  });
});

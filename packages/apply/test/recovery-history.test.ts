// APL-17 and SPEED-10: recovery (apply.md §7) runs at the start of every fs apply. A fresh process
// visits every journal of the root, and a committed journal whose fs marker it already found valid
// costs one lstat (no read, no schema walk); while the root stays as this process last saw it clean,
// the gate visits no marker at all (clean-state.ts). The §7 semantics stay: a marker deleted or
// replaced since is read again and the commit completed; leftovers of final-phase journals are
// still removed.
import * as fs from "node:fs";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, describe, expect, it } from "vitest";
import { forgetKnownMarkers } from "../../store/src/marker-cache";
import { forgetCleanState } from "../src/clean-state";
import {
  appliedHistory,
  axiomPath,
  cleanupRoots,
  exists,
  hexOf,
  type Json,
  makeBundle,
  readJson,
  runApply,
  tmpRoot,
} from "./engine-helpers";

afterEach(() => {
  cleanupRoots();
  forgetKnownMarkers();
  forgetCleanState();
});

interface Calls {
  readFile: string[];
  rm: string[];
}

/** Records the paths of readFile and recursive rm calls through the fs seam while `run` runs. */
async function recording<T>(run: () => Promise<T>): Promise<{ value: T; calls: Calls }> {
  const calls: Calls = { readFile: [], rm: [] };
  const { readFile, rm } = fsx;
  const restore = installFs({
    readFile: (p) => {
      calls.readFile.push(p);
      return readFile(p);
    },
    rm: (p) => {
      calls.rm.push(p);
      return rm(p);
    },
  });
  try {
    return { value: await run(), calls };
  } finally {
    restore();
  }
}

const inside = (root: string, sub: string) => (p: string) => p.startsWith(axiomPath(root, sub) + path.sep);

describe("recovery over a long history (APL-17)", () => {
  it("reads no marker while the root is as the previous apply left it, and removes no absent leftover", async () => {
    const { root } = tmpRoot();
    const earlier = await appliedHistory(root, 12, "a");
    const next = makeBundle([{ path: "n/next.txt", content: "next\n" }], { name: "next" });
    const { value, calls } = await recording(() => runApply(next, root));
    expect(value.status).toBe("applied");
    // The previous apply left the root clean and remembered so (SPEED-10): no marker is read.
    expect(earlier).toHaveLength(12);
    expect(calls.readFile.filter(inside(root, "applied"))).toEqual([]);
    expect(calls.rm.filter(inside(root, "staging")).filter((p) => !p.endsWith(hexOf(next)))).toEqual([]);
    expect(calls.rm.filter(inside(root, "backup"))).toEqual([]);
  });

  it("a fresh process reads each marker once, then never again while it is unchanged", async () => {
    const { root } = tmpRoot();
    const earlier = await appliedHistory(root, 5, "b");
    forgetKnownMarkers();
    forgetCleanState();
    const markers = new Set(earlier.map((b) => axiomPath(root, "applied", `${hexOf(b)}.json`)));
    const first = await recording(() => runApply(makeBundle([{ path: "n/1.txt", content: "1" }]), root));
    expect(first.calls.readFile.filter((p) => markers.has(p)).sort()).toEqual([...markers].sort());
    const second = await recording(() => runApply(makeBundle([{ path: "n/2.txt", content: "2" }]), root));
    expect(second.calls.readFile.filter((p) => markers.has(p))).toEqual([]);
  });

  it("a known marker deleted since (a manual rollback killed after R0) is completed again", async () => {
    const { root } = tmpRoot();
    const [b] = await appliedHistory(root, 1, "c");
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    const before = readJson(marker);
    fs.unlinkSync(marker);
    const r = await runApply(makeBundle([{ path: "n/3.txt", content: "3" }]), root);
    expect(r.status).toBe("applied");
    expect(readJson(marker)).toMatchObject({
      manifestDigest: before.manifestDigest,
      mode: "fs",
      status: "applied",
      files: before.files,
    });
  });

  it("a known marker replaced by a file that is no fs marker is read again and the commit completed", async () => {
    const { root } = tmpRoot();
    const [b] = await appliedHistory(root, 1, "d");
    const marker = axiomPath(root, "applied", `${hexOf(b)}.json`);
    const good = readJson(marker);
    // Same length, another inode (rename over it): only a re-read can tell it is no fs marker.
    const text = fs.readFileSync(marker, "utf8");
    const forged = text.replace('"mode":"fs"', '"mode":"pr"');
    expect(forged.length).toBe(text.length);
    fs.writeFileSync(`${marker}.x`, forged);
    fs.renameSync(`${marker}.x`, marker);
    expect((await runApply(makeBundle([{ path: "n/4.txt", content: "4" }]), root)).status).toBe("applied");
    expect(readJson(marker)).toMatchObject({ manifestDigest: good.manifestDigest, mode: "fs", status: "applied" });
  });

  it("leftover staging of a committed journal and backup of a rolled-back one are still removed", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(path.join(root, "o"));
    fs.writeFileSync(path.join(root, "o", "x.txt"), "old\n");
    const [b] = await appliedHistory(root, 1, "e");
    const over = makeBundle([{ path: "o/x.txt", op: "overwrite", content: "new\n" }], { preImageFrom: root });
    expect((await runApply(over, root)).status).toBe("applied");
    const { rollback } = await import("@codai/axiom-apply");
    await rollback(root, over.manifestDigest, {});
    expect(fs.readFileSync(path.join(root, "o", "x.txt"), "utf8")).toBe("old\n");
    const staging = axiomPath(root, "staging", hexOf(b), "h");
    const backup = axiomPath(root, "backup", hexOf(over), "o");
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(path.join(staging, "e0.txt"), "stale");
    fs.mkdirSync(backup, { recursive: true });
    fs.writeFileSync(path.join(backup, "x.txt"), "stale");
    expect((await runApply(makeBundle([{ path: "n/5.txt", content: "5" }]), root)).status).toBe("applied");
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(exists(axiomPath(root, "backup", hexOf(over)))).toBe(false);
    expect(fs.readdirSync(axiomPath(root, "staging"))).toEqual([]);
  });
});

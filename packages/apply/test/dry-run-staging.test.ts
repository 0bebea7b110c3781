// APL-10: the dry-run stages on demand (only when a pre-check such as a guard reads the staging
// directory) and never fsyncs; the fs apply stages every file durably before its checks run.
import * as fs from "node:fs";
import * as path from "node:path";
import { apply } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import {
  axiomPath,
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

const dryRun = (bundle: unknown, root: string, preChecks?: unknown) =>
  apply({ bundle, root, mode: "dry-run", lockTimeoutMs: 0, preChecks } as Parameters<typeof apply>[0]);

describe("dry-run staging (apply.md §5.3–§5.5, APL-10)", () => {
  it("§5.5 a dry-run whose checks never read staging writes no staged file and fsyncs nothing but the directories a first dry-run makes; the diff and file results are unchanged", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A\n" });
    const before = snapshot(root);
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2\n" },
      { path: "d/b.txt", content: "B\n" },
    ]);
    const h = harness();
    let staged: boolean | undefined;
    let r: Awaited<ReturnType<typeof apply>>;
    try {
      r = await dryRun(b, root, async (dir: string) => {
        staged = exists(dir);
        return { verdict: "pass" };
      });
    } finally {
      h.restore();
    }
    expect(r.status).toBe("applied");
    expect(r.files.map((f) => [f.path, f.status])).toEqual([
      ["a.txt", "written"],
      ["d/b.txt", "written"],
    ]);
    expect(r.diff).toContain("+A2");
    expect(r.diff).toContain("+B");
    expect(staged).toBe(false);
    const stagingCalls = h.calls.filter((c) => c.path.includes(`${path.sep}staging${path.sep}`) && c.op !== "rm");
    expect(stagingCalls).toEqual([]);
    // a dry-run fsyncs only the directories a root's first dry-run makes for it, each into its
    // parent once (APL-20): `.axiom/` and `queue/`; its lock's record is linked unsynced (SPEED-22)
    const fsyncs = h.calls.filter((c) => c.op === "fsync").map((c) => path.basename(c.path));
    expect(fsyncs).toEqual(["R", ".axiom"]);
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(snapshot(root)).toEqual(before);
  });

  it("§5.4 a dry-run check that awaits stage() sees every staged file with the new bytes; staging is removed at the dry-run exit", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "a.txt": "A\n" });
    const before = snapshot(root);
    const b = makeBundle([
      { path: "a.txt", op: "overwrite", content: "A2\n" },
      { path: "d/b.txt", content: "B\n" },
      { path: "gone.txt", op: "delete" },
    ]);
    let seen: Record<string, string> | undefined;
    let calls = 0;
    const r = await dryRun(b, root, async (dir: string, o: { stage?: () => Promise<void> }) => {
      expect(o.stage).toBeTypeOf("function");
      await o.stage?.();
      await o.stage?.(); // staged once, however often it is awaited
      calls++;
      seen = {
        "a.txt": fs.readFileSync(path.join(dir, "a.txt"), "utf8"),
        "d/b.txt": fs.readFileSync(path.join(dir, "d", "b.txt"), "utf8"),
      };
      expect(fs.readdirSync(dir).sort()).toEqual(["a.txt", "d"]);
      return { verdict: "pass" };
    });
    expect(r.status).toBe("applied");
    expect(calls).toBe(1);
    expect(seen).toEqual({ "a.txt": "A2\n", "d/b.txt": "B\n" });
    expect(exists(axiomPath(root, "staging", hexOf(b)))).toBe(false);
    expect(snapshot(root)).toEqual(before);
  });

  it("§5.3 the fs apply stages every file (fsynced) before its pre-checks run, and passes no stage()", async () => {
    const { root } = tmpRoot();
    const b = makeBundle([{ path: "a.txt", content: "A\n" }]);
    let opts: unknown;
    let staged: string | undefined;
    let callsBefore = 0;
    const h = harness();
    try {
      const r = await runApply(b, root, {
        preChecks: async (dir: string, o: unknown) => {
          opts = o;
          callsBefore = h.calls.length;
          staged = fs.readFileSync(path.join(dir, "a.txt"), "utf8");
          return { verdict: "pass" };
        },
      });
      expect(r.status).toBe("applied");
    } finally {
      h.restore();
    }
    expect(opts).toEqual({ verifyPreImage: true });
    expect(staged).toBe("A\n");
    const stagedFsyncs = h.calls
      .slice(0, callsBefore)
      .filter((c) => c.op === "fsync" && c.path.includes(`${path.sep}staging${path.sep}`));
    expect(stagedFsyncs.length).toBeGreaterThan(0);
  });
});

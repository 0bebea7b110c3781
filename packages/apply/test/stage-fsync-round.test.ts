// SPEED-20: the staging directories are fsynced in the same round as the last batch's staged files
// (issued before those files are closed), and the order O1 asks for still holds: every staged file
// and its directory fsynced before the first journal.
import * as path from "node:path";
import { afterEach, expect, test } from "vitest";
import { STAGE_BATCH } from "../src/stage";
import { axiomPath, cleanupRoots, hexOf, tmpRoot } from "./engine-helpers";
import { applyWith, type FsCall } from "./fault-harness";
import { buildPlan } from "./invariant-plans";
import { durabilityViolations } from "./trace-rules";

afterEach(cleanupRoots);

async function stagingTrace(count: number): Promise<{ calls: FsCall[]; staging: string; hex: string; root: string }> {
  const items = Array.from({ length: count }, (_, i) => ({
    path: `m/f${i}.txt`,
    op: "create" as const,
    pre: "",
    post: `x${i}`,
    exec: false,
  }));
  const plan = buildPlan(items);
  const { root } = tmpRoot();
  const { r, h } = await applyWith([], root, plan.bundle, { fastFsync: true, keepText: true });
  expect(r.status).toBe("applied");
  const hex = hexOf(plan.bundle);
  return { calls: h.calls, staging: axiomPath(root, "staging", hex), hex, root };
}

const fsyncOf = (calls: FsCall[], p: string) => calls.findIndex((c) => c.op === "fsync" && c.path === p);
const closesUnder = (calls: FsCall[], dir: string) =>
  calls.flatMap((c, i) => (c.op === "close" && c.path.startsWith(dir + path.sep) ? [i] : []));

test("SPEED-20 one staged file: its directory, staging/<hex> and staging/ are fsynced before the file is closed (one round), and O1 holds", async () => {
  const { calls, staging, hex, root } = await stagingTrace(1);
  const file = path.join(staging, "m", "f0.txt");
  const firstClose = calls.findIndex((c) => c.op === "close" && c.path === file);
  expect(fsyncOf(calls, file)).toBeGreaterThanOrEqual(0);
  for (const dir of [path.join(staging, "m"), staging, path.dirname(staging)]) {
    const at = fsyncOf(calls, dir);
    expect(at, dir).toBeGreaterThanOrEqual(0);
    expect(at, dir).toBeLessThan(firstClose);
  }
  expect(durabilityViolations(calls, root, hex)).toEqual([]);
});

test("SPEED-20 two batches: the directories are fsynced once, with the second batch (after the first batch's files are closed, before the second's), and O1 holds", async () => {
  const count = STAGE_BATCH + 3;
  const { calls, staging, hex, root } = await stagingTrace(count);
  const dir = path.join(staging, "m");
  const closes = closesUnder(calls, dir);
  // the first close of each staged file (the re-hash re-opens and closes it again)
  const firstCloseOf = new Map<string, number>();
  for (const i of closes) if (!firstCloseOf.has(calls[i]!.path)) firstCloseOf.set(calls[i]!.path, i);
  // batches follow the order the files were created in (the steps' path order)
  const created = calls.filter((c) => c.op === "open" && c.mutating && path.dirname(c.path) === dir).map((c) => c.path);
  expect(created).toHaveLength(count);
  const batch1 = created.slice(0, STAGE_BATCH).map((f) => firstCloseOf.get(f)!);
  const batch2 = created.slice(STAGE_BATCH).map((f) => firstCloseOf.get(f)!);
  const dirSyncs = calls.flatMap((c, i) => (c.op === "fsync" && c.path === dir ? [i] : []));
  expect(dirSyncs).toHaveLength(1);
  expect(dirSyncs[0]!).toBeGreaterThan(Math.max(...batch1));
  expect(dirSyncs[0]!).toBeLessThan(Math.min(...batch2));
  expect(durabilityViolations(calls, root, hex)).toEqual([]);
});

// threats.md I06 (All or nothing): random plans × every kill point of their apply → after the
// next apply (recovery) the manifest paths hold all pre-images or all post-images (bytes and
// mode), with nothing interrupted. Kills are the in-process seam freeze of crash-sim.ts ("after
// call k" for every mutating call k; "before k+1" leaves the same disk); the real-SIGKILL versions
// are crash-exhaustive.test.ts and crash-sigkill.test.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import { statusDocument } from "@codai/axiom-apply";
import { installFs } from "@codai/axiom-store/testing";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buryFrozen, runFrozen } from "./crash-sim";
import { axiomPath, cleanupRoots, exists, makeBundle, runApply, snapshot, tmpRoot } from "./engine-helpers";
import { buildPlan, pathsState, planArb, plant, UNRELATED } from "./invariant-plans";

afterEach(cleanupRoots);
// fsync is a no-op here: a process death keeps the page cache, so no outcome depends on it.
let restoreFsync: () => void = () => undefined;
beforeAll(() => {
  restoreFsync = installFs({ fsync: async () => undefined });
});
afterAll(() => restoreFsync());

const RUNS = Number(process.env.AXIOM_PROP_RUNS ?? 3);

describe("I06 all or nothing", () => {
  it("I06 random plans × every kill point → all-pre or all-post after recovery; unrelated files untouched; nothing interrupted", async () => {
    let points = 0;
    await fc.assert(
      fc.asyncProperty(planArb, async (items) => {
        const plan = buildPlan(items);
        const probe = tmpRoot().root;
        plant(probe, plan);
        const pre = pathsState(probe, plan.paths);
        const r = await runApply(plan.bundle, probe);
        expect(r.status, JSON.stringify(r.error)).toBe("applied");
        const post = pathsState(probe, plan.paths);
        const probeSnap = snapshot(probe);
        for (let k = 1; ; k++) {
          const root = tmpRoot().root;
          plant(root, plan);
          const f = await runFrozen(k, "after", () => runApply(plan.bundle, root));
          if (!f.froze) break;
          points++;
          buryFrozen(root);
          const other = makeBundle([{ path: "zz.txt", content: "z" }], { name: `other-${k}` });
          const o = await runApply(other, root, { lockTimeoutMs: 15_000 });
          expect(o.status, `k=${k}: ${JSON.stringify(o.error)}`).toBe("applied");
          fs.rmSync(path.join(root, "zz.txt"));
          const now = pathsState(root, plan.paths);
          const where = `k=${k} after ${f.call?.op} ${f.call?.path}`;
          expect([pre, post], where).toContainEqual(now);
          const all = snapshot(root);
          for (const u of Object.keys(UNRELATED)) expect(all[u], where).toBe(probeSnap[u]);
          expect((await statusDocument(root)).interrupted, where).toEqual([]);
          const staging = axiomPath(root, "staging");
          expect(exists(staging) ? fs.readdirSync(staging) : [], where).toEqual([]);
          fs.rmSync(path.dirname(root), { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS },
    );
    expect(points).toBeGreaterThan(RUNS * 30);
  }, 600_000);
});

// threats.md F02 / §4.4 K8: every F01 state (the 5-file apply killed after each of its mutating
// fs calls) × a second kill at every mutating call of the recovery of that state → recovery
// repeats and reaches the single-kill state (pre or post), with nothing left interrupted. Kills
// are the in-process seam freeze of crash-sim.ts; each crashed state is built once and cloned
// (hard links kept) for every second kill.
import * as fs from "node:fs";
import * as path from "node:path";
import { listJournals, recoverIfNeeded } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { bundle, noFsyncInThisSuite, PRE_STATE, postState, setup, state, tracedApply } from "./crash-fixture5";
import { buryFrozen, cloneTree, runFrozen } from "./crash-sim";
import { cleanupRoots, runApply, tmpRoot } from "./engine-helpers";

afterEach(cleanupRoots);
noFsyncInThisSuite();

const PENDING = new Set(["staged", "committing", "rolling-back"]);

/** A fresh root holding a copy of `src` (tree and `.axiom/`). */
function cloneOf(src: string): string {
  const { root } = tmpRoot();
  fs.rmdirSync(root);
  fs.mkdirSync(root);
  cloneTree(src, root);
  return root;
}

describe("F02/K8 nested kills during recovery", () => {
  it("F02/K8 every F01 state × a second kill at every mutating call of its recovery → recovery repeats and reaches the single-kill state", async () => {
    const post = await postState();
    const { calls } = await tracedApply();
    let nested = 0;
    const outcomes = new Set<string>();
    // "after call k" for every k ("before k+1" leaves the same disk)
    for (let k = 1; k <= calls.length; k++) {
      const crashed = setup().root;
      expect((await runFrozen(k, "after", () => runApply(bundle, crashed))).froze).toBe(true);
      buryFrozen(crashed);
      const single = cloneOf(crashed);
      await recoverIfNeeded(single);
      const expected = state(single);
      const which = JSON.stringify(expected) === JSON.stringify(PRE_STATE) ? "pre" : "post";
      expect(expected, `F01 #${k}`).toEqual(which === "pre" ? PRE_STATE : post);
      outcomes.add(which);
      for (let j = 1; ; j++) {
        const twice = cloneOf(crashed);
        const g = await runFrozen(j, "after", () => recoverIfNeeded(twice));
        if (!g.froze) break;
        nested++;
        await recoverIfNeeded(twice);
        const where = `F01 #${k} (${which}), recovery killed after #${j} ${g.call?.op} ${path.basename(g.call?.path ?? "")}`;
        expect(state(twice), where).toEqual(expected);
        const pending = (await listJournals(twice)).filter((e) => e.corrupt || PENDING.has(e.journal?.phase ?? ""));
        expect(pending, where).toEqual([]);
      }
      cleanupRoots();
    }
    expect([...outcomes].sort()).toEqual(["post", "pre"]);
    expect(nested).toBeGreaterThan(500); // 853 with the engine of 2026-11-30
  }, 600_000);
});

// listJournals' per-process parse cache (journal.ts, issue 25 survivors): a journal in a final phase
// (committed, rolled-back) that is unchanged is served as the same frozen object (shared between
// callers, so nobody may edit it); a pending one is parsed afresh every listing and never frozen
// (it is about to change). And every pending phase, rolling-back included, blocks a dry run.
import * as fs from "node:fs";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { listJournals, PENDING_PHASES } from "../src/journal";
import { appliedOverwrite, cleanupRoots, type Json, makeBundle, readJson, runApply } from "./engine-helpers";

afterEach(cleanupRoots);

async function applied() {
  const { root, b, journal } = await appliedOverwrite();
  return { root, b, file: journal };
}

describe("the final-phase parse cache", () => {
  it("a committed journal listed twice is one frozen object, its steps frozen too", async () => {
    const { root } = await applied();
    const first = (await listJournals(root))[0]?.journal;
    const second = (await listJournals(root))[0]?.journal;
    expect(first?.phase).toBe("committed");
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.steps)).toBe(true);
    expect(first?.steps.every((s) => Object.isFrozen(s))).toBe(true);
  });

  it("a rolled-back journal is cached the same way", async () => {
    const { root, b } = await applied();
    await rollback(root, b.manifestDigest, { lockTimeoutMs: 0 });
    const first = (await listJournals(root))[0]?.journal;
    expect(first?.phase).toBe("rolled-back");
    expect((await listJournals(root))[0]?.journal).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it.each(["staged", "committing", "rolling-back"])(
    "a %s journal is parsed again at every listing and never frozen",
    async (phase) => {
      const { root, file } = await applied();
      fs.writeFileSync(file, JSON.stringify({ ...(readJson(file) as Json), phase }));
      const first = (await listJournals(root))[0]?.journal;
      const second = (await listJournals(root))[0]?.journal;
      expect(first?.phase).toBe(phase);
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      expect(Object.isFrozen(first)).toBe(false);
    },
  );
});

describe("PENDING_PHASES", () => {
  it("is exactly staged, committing, rolling-back", () => {
    expect([...PENDING_PHASES].sort()).toEqual(["committing", "rolling-back", "staged"]);
  });

  it.each(["staged", "committing", "rolling-back"])(
    "a %s journal makes the next dry run ERR_RECOVERY_PENDING {interrupted: [its digest]}",
    async (phase) => {
      const { root, b, file } = await applied();
      fs.writeFileSync(file, JSON.stringify({ ...(readJson(file) as Json), phase }));
      const next = makeBundle([{ path: "n.txt", content: "n\n" }], { name: "next" });
      const r = await runApply(next, root, { mode: "dry-run" });
      expect(r.error).toMatchObject({ code: "ERR_RECOVERY_PENDING", details: { interrupted: [b.manifestDigest] } });
    },
  );
});

// The testkit's own helpers: arbitraries produce valid inputs; writeTree/readTree round-trip.
import { parsePlan } from "@codai/axiom-plan";
import { relPathIssues } from "@codai/axiom-rules";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbPlan, arbRelPath, makeTempRoot, readTree, writeTree } from "../src/index";

describe("testkit arbitraries", () => {
  it("arbRelPath only yields valid RelPaths", () => {
    fc.assert(
      fc.property(arbRelPath, (p) => {
        expect(relPathIssues(p)).toEqual([]);
      }),
    );
  });
  it("arbPlan only yields Plans that pass validation", () => {
    fc.assert(
      fc.property(arbPlan, (plan) => void parsePlan(plan)),
      { numRuns: 200 },
    );
  });
});

describe("temp roots", () => {
  it("writeTree then readTree round-trips files, modes, links and empty dirs; cleanup removes the root", async () => {
    const t = await makeTempRoot();
    await writeTree(t.root, {
      "a.txt": "A",
      "bin/run.sh": { text: "#!/bin/sh\n", mode: 0o755 },
      "data/raw.bin": { base64: "AAEC" },
      link: { symlink: "a.txt" },
      empty: { dir: true },
      ".axiom/cas/x": "ignored",
    });
    expect(await readTree(t.root)).toEqual({
      "a.txt": Buffer.from("A").toString("base64"),
      "bin/run.sh": Buffer.from("#!/bin/sh\n").toString("base64"),
      "data/raw.bin": "AAEC",
      empty: "dir",
      link: "symlink:a.txt",
    });
    await t.cleanup();
    await expect(readTree(t.root)).rejects.toThrow();
  });
});

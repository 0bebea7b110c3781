// Applied markers (apply.md §3, §5.2, D6): only an fs marker — an ApplyResult with mode "fs",
// status "applied" and this digest — makes a digest applied (ARCH-S6). PR mode writes markers too.
import { readFile, writeFile } from "node:fs/promises";
import { tempRepo } from "@codai/axiom-testkit";
import { afterEach, describe, expect, it } from "vitest";
import { isFsMarker, layout, writeAppliedMarker } from "../src/index";
import { forgetKnownMarkers } from "../src/marker-cache";
import { appliedMarker } from "./seam";

afterEach(() => forgetKnownMarkers());
const hex = "a".repeat(64);
const marker = (over: Record<string, unknown> = {}) => appliedMarker(hex, over);

describe("isFsMarker: the one predicate", () => {
  it("an fs applied marker of this digest → true; written as compact JSON by writeAppliedMarker", async () => {
    const t = await tempRepo();
    await writeAppliedMarker(t.root, hex, marker());
    expect(await readFile(layout.applied(t.root, hex), "utf8")).toBe(JSON.stringify(marker()));
    expect(await isFsMarker(t.root, hex)).toBe(true);
  });

  it.each([
    ["a PR-mode marker", marker({ mode: "pr" })],
    ["a failed result", marker({ status: "failed", error: { code: "ERR_INTERNAL", message: "x" } })],
    ["another digest's result", marker({ manifestDigest: `sha256:${"b".repeat(64)}` })],
    ["not an ApplyResult", { hello: 1 }],
  ])("%s → false", async (_what, value) => {
    const t = await tempRepo();
    await writeAppliedMarker(t.root, hex, value);
    expect(await isFsMarker(t.root, hex)).toBe(false);
  });

  it("missing or not JSON → false; a remembered marker rewritten in place is read again", async () => {
    const t = await tempRepo();
    expect(await isFsMarker(t.root, hex)).toBe(false);
    await writeAppliedMarker(t.root, hex, marker());
    expect(await isFsMarker(t.root, hex)).toBe(true);
    await writeFile(layout.applied(t.root, hex), "not json at all, and longer than before......................");
    expect(await isFsMarker(t.root, hex)).toBe(false);
  });
});

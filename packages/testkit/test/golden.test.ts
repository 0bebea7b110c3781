// formats.md §5.5: "Golden fixtures recompute to their pinned planDigest/manifestDigest on Linux,
// macOS and Windows." scripts/check-golden-digests.mjs runs this file; `npm test` runs it too.
import { compilePlan } from "@codai/axiom-plan";
import { afterAll, describe, expect, it } from "vitest";
import { loadGoldens, makeTempRoot, type TempRoot, writeTree } from "../src/index";

const goldens = loadGoldens();
const roots: TempRoot[] = [];
afterAll(async () => {
  for (const r of roots) await r.cleanup();
});

describe("golden fixtures (formats.md §5.5)", () => {
  it("the fixture set covers unicode, base64 with NUL, 0755, nested paths, a delete, checks, a root with preImage", () => {
    const names = goldens.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "plan-basic",
        "plan-unicode",
        "plan-binary",
        "plan-preimage",
        "plan-patch",
        "plan-patch-inline",
      ]),
    );
    const all = goldens.flatMap((g) => g.plan.artifacts as Record<string, unknown>[]);
    expect(all.some((a) => a.mode === "0755")).toBe(true);
    expect(all.some((a) => a.op === "delete")).toBe(true);
    expect(all.some((a) => String(a.path).split("/").length >= 4)).toBe(true);
    expect(goldens.some((g) => g.expected.preImage !== undefined)).toBe(true);
  });

  it.each(goldens.map((g) => [g.name, g] as const))(
    "%s recomputes to its pinned planDigest and manifestDigest",
    async (_name, golden) => {
      let root: string | undefined;
      if (golden.compile?.root) {
        const temp = await makeTempRoot("axiom-golden-");
        roots.push(temp);
        await writeTree(temp.root, golden.tree ?? {});
        root = temp.root;
      }
      const { bundle } = await compilePlan(golden.plan, { root, store: golden.compile?.store });
      expect(bundle.manifest.planDigest).toBe(golden.expected.planDigest);
      expect(bundle.manifestDigest).toBe(golden.expected.manifestDigest);
      const shas = Object.fromEntries(bundle.manifest.artifacts.map((a) => [a.path, a.digest?.sha256 ?? null]));
      expect(shas).toEqual(golden.expected.artifacts);
      expect(bundle.manifest.preImage).toEqual(golden.expected.preImage);
    },
  );

  it("plan-basic and plan-preimage (same Plan, with and without root) share planDigest and differ in manifestDigest", () => {
    const basic = goldens.find((g) => g.name === "plan-basic");
    const pre = goldens.find((g) => g.name === "plan-preimage");
    expect(basic?.expected.planDigest).toBe(pre?.expected.planDigest);
    expect(basic?.expected.manifestDigest).not.toBe(pre?.expected.manifestDigest);
  });

  it("plan-patch and plan-patch-inline share planDigest and differ in manifestDigest (origin patch vs inline)", () => {
    const patch = goldens.find((g) => g.name === "plan-patch");
    const inline = goldens.find((g) => g.name === "plan-patch-inline");
    const inlineRoot = goldens.find((g) => g.name === "plan-patch-inline-root");
    expect(patch?.expected.planDigest).toBe(inline?.expected.planDigest);
    expect(patch?.expected.manifestDigest).not.toBe(inline?.expected.manifestDigest);
    // with the same 4-entry preImage, only `origin` separates the patch plan from its twin
    expect(patch?.expected.preImage).toHaveLength(4);
    expect(patch?.expected.preImage).toEqual(inlineRoot?.expected.preImage);
    expect(patch?.expected.artifacts).toEqual(inlineRoot?.expected.artifacts);
    expect(patch?.expected.manifestDigest).not.toBe(inlineRoot?.expected.manifestDigest);
    // plan-patch with preImage differs from the root-less form
    expect(inlineRoot?.expected.manifestDigest).not.toBe(inline?.expected.manifestDigest);
  });
});

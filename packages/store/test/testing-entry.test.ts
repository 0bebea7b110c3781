// Test hooks off the public surfaces (issue 18): the fs seam's fault hook `installFs` (and the
// unhooked port `nodeFs`) are reached only through `@codai/axiom-store/testing`; neither the store's
// main entry nor apply's (which re-exported them) carries them. A hook installed through the
// testing entry acts on the one live port every production module calls.
import * as apply from "@codai/axiom-apply";
import * as store from "@codai/axiom-store";
import * as testing from "@codai/axiom-store/testing";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";

describe("@codai/axiom-store/testing", () => {
  it("the main entries of store and apply carry no test hook", () => {
    for (const surface of [store, apply]) {
      expect(Object.keys(surface)).not.toContain("installFs");
      expect(Object.keys(surface)).not.toContain("nodeFs");
    }
    expect(Object.keys(testing).sort()).toEqual(["installFs", "nodeFs"]);
  });

  it("a hook installed through it fails the store's own calls, and restoring it puts the real port back", async () => {
    const { root } = await tempRepo();
    const restore = testing.installFs({
      readdir: async () => {
        throw Object.assign(new Error("injected"), { code: "EIO" });
      },
    });
    try {
      await expect(store.fsx.readdir(root)).rejects.toMatchObject({ code: "EIO" });
    } finally {
      restore();
    }
    expect(await store.fsx.readdir(root)).toEqual([]);
    expect(store.fsx.readdir).toBe(testing.nodeFs.readdir);
  });
});

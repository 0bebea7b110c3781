// Audit of sources.md "Acceptance tests this chapter implies": the line whose apply half had no test.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { apply } from "@codai/axiom-apply";
import { sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { compilePlan } from "../src/index";

describe("sources.md acceptance (audit)", () => {
  it("patch source with op: create where the file exists and preImage matches → compile succeeds; apply → ERR_EXISTS", async () => {
    const t = await tempRepo({ "f.txt": "a\n" });
    const plan = EXAMPLE_1();
    plan.artifacts = [
      {
        path: "f.txt",
        op: "create",
        source: {
          type: "patch",
          format: "unified",
          preImage: `sha256:${sha256Hex("a\n")}`,
          body: "@@ -1 +1 @@\n-a\n+b\n",
        },
      },
    ] as never;
    const { bundle } = await compilePlan(plan, { root: t.root });
    expect(bundle.manifest.artifacts[0]).toMatchObject({ op: "create", origin: "patch" });
    const r = await apply({ bundle, root: t.root, mode: "fs", confirmDigest: bundle.manifestDigest } as never);
    expect(r.status).toBe("failed");
    expect(r.error?.code).toBe("ERR_EXISTS");
    // bytes on disk untouched
    expect(await readFile(join(t.root, "f.txt"), "utf8")).toBe("a\n");
  });
});

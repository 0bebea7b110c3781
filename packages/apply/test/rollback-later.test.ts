// Issue 20 Low 10 (decisions SEC-36): rolling back A after a later apply B wrote the same path —
// even byte-identical content, which the drift check cannot see — would revert B's file while B's
// marker says it is applied. The rollback refuses, naming B, unless forced.
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, type Json, makeBundle, runApply, tmpRoot, writeTree } from "./engine-helpers";

afterEach(cleanupRoots);

async function refusal(p: Promise<unknown>): Promise<Json> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("the rollback was not refused");
}

describe("rollback after a later apply to the same path (issue 20 Low 10)", () => {
  it("B rewrote A's path with identical bytes: rolling back A → ERR_CONFLICT naming B and the path; nothing changes; --force rolls back", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "f.txt": "1", "g.txt": "g" });
    const A = makeBundle([{ path: "f.txt", op: "overwrite", content: "2" }], { name: "a" });
    const B = makeBundle(
      [
        { path: "f.txt", op: "overwrite", content: "2" },
        { path: "g.txt", op: "overwrite", content: "g2" },
      ],
      { name: "b" },
    );
    expect((await runApply(A, root)).status).toBe("applied");
    expect((await runApply(B, root)).status).toBe("applied");
    const e = await refusal(rollback(root, A.manifestDigest, { lockTimeoutMs: 0 }));
    expect(e.code).toBe("ERR_CONFLICT");
    expect(e.details).toMatchObject({ phase: "rollback", otherDigest: B.manifestDigest, paths: ["f.txt"] });
    expect(fs.readFileSync(path.join(root, "f.txt"), "utf8")).toBe("2");
    const forced = await rollback(root, A.manifestDigest, { lockTimeoutMs: 0, force: true });
    expect(forced.status).toBe("rolled-back");
    expect(fs.readFileSync(path.join(root, "f.txt"), "utf8")).toBe("1");
  });

  it("a later apply of other paths, or one rolled back since, does not block the rollback", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "f.txt": "1", "g.txt": "g" });
    const A = makeBundle([{ path: "f.txt", op: "overwrite", content: "2" }], { name: "a" });
    const other = makeBundle([{ path: "g.txt", op: "overwrite", content: "g2" }], { name: "other" });
    const same = makeBundle([{ path: "f.txt", op: "overwrite", content: "2" }], { name: "same" });
    expect((await runApply(A, root)).status).toBe("applied");
    expect((await runApply(other, root)).status).toBe("applied");
    expect((await runApply(same, root)).status).toBe("applied");
    await rollback(root, same.manifestDigest, { lockTimeoutMs: 0 });
    expect((await rollback(root, A.manifestDigest, { lockTimeoutMs: 0 })).status).toBe("rolled-back");
    expect(fs.readFileSync(path.join(root, "f.txt"), "utf8")).toBe("1");
    expect(fs.readFileSync(path.join(root, "g.txt"), "utf8")).toBe("g2");
  });
});

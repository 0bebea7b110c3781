// The one drift rule (ARCH-S5): an entry has drifted iff its path now reads as something other than
// it expects; pre-images come from `preImage[]`, post-images from the artifacts (delete → absent).
import { describe, expect, it } from "vitest";
import { postImageExpectations, postImageOf, preImageExpectations, treeDrift } from "../src/index";

const tree: Record<string, string> = { a: "1".repeat(64), b: "absent", c: "non-file:dir" };
const read = async (p: string) => {
  if (p === "boom") throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
  return tree[p] ?? "absent";
};

describe("treeDrift", () => {
  it("no difference → no drift; each difference → {path, expected, actual} in entry order", async () => {
    const entries = [
      { path: "c", expected: "absent" },
      { path: "a", expected: "1".repeat(64) },
      { path: "b", expected: "2".repeat(64) },
    ];
    expect(await treeDrift(entries, read)).toEqual([
      { path: "c", expected: "absent", actual: "non-file:dir" },
      { path: "b", expected: "2".repeat(64), actual: "absent" },
    ]);
    expect(await treeDrift(entries, read, { first: true })).toEqual([
      { path: "c", expected: "absent", actual: "non-file:dir" },
    ]);
    expect(await treeDrift([{ path: "a", expected: "1".repeat(64) }], read)).toEqual([]);
  });

  it('an unreadable path rethrows by default; with unreadable: "drift" it is a drift carrying the error', async () => {
    const entries = [{ path: "boom", expected: "absent" }];
    await expect(treeDrift(entries, read)).rejects.toMatchObject({ code: "EACCES" });
    const [d] = await treeDrift(entries, read, { unreadable: "drift" });
    expect(d).toMatchObject({ path: "boom", expected: "absent", error: { code: "EACCES" } });
    expect(d?.actual).toBeUndefined();
  });

  it("post-image: an artifact's sha256, absent for a delete; pre-image: the preImage entries", () => {
    const h = "3".repeat(64);
    expect(postImageOf({ op: "overwrite", digest: { sha256: h } })).toBe(h);
    expect(postImageOf({ op: "delete", digest: { sha256: h } })).toBe("absent");
    expect(
      postImageExpectations({
        artifacts: [
          { path: "x", op: "create", mode: "0644", digest: { sha256: h } },
          { path: "y", op: "delete", mode: "0644" },
        ],
      }),
    ).toEqual([
      { path: "x", expected: h },
      { path: "y", expected: "absent" },
    ]);
    expect(preImageExpectations({ preImage: [{ path: "x", sha256: "absent" }] })).toEqual([
      { path: "x", expected: "absent" },
    ]);
    expect(preImageExpectations({})).toEqual([]);
  });
});

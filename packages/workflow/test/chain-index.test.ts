// The chain index `axiom log` and the review page read (issue 18): pages by cursor, the undo
// relations of each entry, and a broken chain — the first entry it cannot vouch for named, the
// lines from there on counted as hidden, none of them paged. Chains are written by apply's own
// appendChainEntry into real temp roots; damage is done to the bytes on disk.
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { appendChainEntry } from "@codai/axiom-apply";
import { layout } from "@codai/axiom-store/layout";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { chainIndex, chainPage, pendingPreviews } from "../src/index";

const D = (c: string) => `sha256:${c.repeat(64)}`;

/** Appends entries (digest letter, state) to the root's chain, in order. */
async function chainOf(root: string, steps: [string, "committed" | "rolled-back" | "failed"][]): Promise<void> {
  for (const [c, state] of steps) await appendChainEntry(root, { manifestDigest: D(c), state, files: 1 });
}

const seqs = (entries: readonly { seq: number }[]) => entries.map((e) => e.seq);

describe("chainIndex: pages", () => {
  it("pages newest first by cursor: 7 entries in pages of 3 are #7-#5, #4-#2, #1; the last page has no cursor", async () => {
    const { root } = await tempRepo();
    await chainOf(
      root,
      [..."abcdef0"].map((c) => [c, "committed"] as [string, "committed"]),
    );
    const index = await chainIndex(root);
    expect(seqs(index.entries)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(index.broken).toBeUndefined();
    const first = chainPage(index, undefined, 3);
    expect(seqs(first.entries)).toEqual([7, 6, 5]);
    expect(first.next).toBe(5);
    const second = chainPage(index, first.next, 3);
    expect(seqs(second.entries)).toEqual([4, 3, 2]);
    expect(second.next).toBe(2);
    const last = chainPage(index, second.next, 3);
    expect(seqs(last.entries)).toEqual([1]);
    expect(last.next).toBeUndefined();
    // A cursor past the end starts at the newest entry; a cursor of 1 is an empty last page.
    expect(seqs(chainPage(index, 100, 2).entries)).toEqual([7, 6]);
    expect(chainPage(index, 1, 3)).toEqual({ entries: [] });
  });

  it("a root without a chain has an empty index and an empty page", async () => {
    const { root } = await tempRepo();
    const index = await chainIndex(root);
    expect(index.entries).toEqual([]);
    expect(index.broken).toBeUndefined();
    expect(chainPage(index, undefined, 50)).toEqual({ entries: [] });
  });

  it("is walked again once the file changes: an appended entry shows on the next read, an unchanged file answers the same index", async () => {
    const { root } = await tempRepo();
    await chainOf(root, [["a", "committed"]]);
    const before = await chainIndex(root);
    expect(await chainIndex(root)).toBe(before);
    await chainOf(root, [["b", "committed"]]);
    expect(seqs((await chainIndex(root)).entries)).toEqual([1, 2]);
  });
});

describe("chainIndex: undo links", () => {
  it("a rollback undoes the latest commit of its digest: apply A, apply B, roll back A, re-apply A, roll back A", async () => {
    const { root } = await tempRepo();
    await chainOf(root, [
      ["a", "committed"],
      ["b", "committed"],
      ["a", "rolled-back"],
      ["a", "committed"],
      ["a", "rolled-back"],
    ]);
    const { links } = await chainIndex(root);
    expect([...links.values()]).toEqual([
      { seq: 1, manifestDigest: D("a"), state: "rolled-back", undoneBy: 3 },
      { seq: 2, manifestDigest: D("b"), state: "applied" },
      { seq: 3, manifestDigest: D("a"), state: "undo", undid: 1 },
      { seq: 4, manifestDigest: D("a"), state: "rolled-back", undoneBy: 5 },
      { seq: 5, manifestDigest: D("a"), state: "undo", undid: 4 },
    ]);
  });

  it("a rollback with no commit before it undoes nothing; a failed entry is failed", async () => {
    const { root } = await tempRepo();
    await chainOf(root, [
      ["a", "failed"],
      ["a", "rolled-back"],
    ]);
    const { links } = await chainIndex(root);
    expect(links.get(1)).toEqual({ seq: 1, manifestDigest: D("a"), state: "failed" });
    expect(links.get(2)).toEqual({ seq: 2, manifestDigest: D("a"), state: "undo" });
  });
});

describe("chainIndex: a broken chain", () => {
  /** Five entries with line 3 edited (still a well-formed entry: only line 4's hash link shows it). */
  async function editedLine3(root: string): Promise<void> {
    await chainOf(root, [
      ["a", "committed"],
      ["a", "rolled-back"],
      ["b", "committed"],
      ["b", "rolled-back"],
      ["c", "committed"],
    ]);
    const lines = (await readFile(layout.chain(root), "utf8")).split("\n");
    lines[2] = (lines[2] as string).replace('"files":1', '"files":9');
    await writeFile(layout.chain(root), lines.join("\n"));
  }

  it("line 3 edited: #3 is the first bad entry, 3 lines are hidden, pages and links hold #1-#2 only", async () => {
    const { root } = await tempRepo();
    await editedLine3(root);
    const index = await chainIndex(root);
    expect(index.broken).toEqual({ seq: 3, reason: "prev-mismatch", hidden: 3 });
    expect(seqs(index.entries)).toEqual([1, 2]);
    expect(seqs(chainPage(index, undefined, 50).entries)).toEqual([2, 1]);
    expect([...index.links.keys()]).toEqual([1, 2]);
  });

  it("a torn last line: the torn entry is the first bad one (parse) and the one hidden line", async () => {
    const { root } = await tempRepo();
    await chainOf(root, [
      ["a", "committed"],
      ["b", "committed"],
    ]);
    await appendFile(layout.chain(root), '{"seq":3,"manifestDigest":');
    const index = await chainIndex(root);
    expect(index.broken).toEqual({ seq: 3, reason: "parse", hidden: 1 });
    expect(seqs(index.entries)).toEqual([1, 2]);
  });

  it("a seq gap after line 1: #2 is named and every line from it on is hidden", async () => {
    const { root } = await tempRepo();
    await chainOf(root, [
      ["a", "committed"],
      ["b", "committed"],
      ["c", "committed"],
    ]);
    const lines = (await readFile(layout.chain(root), "utf8")).split("\n");
    lines[1] = (lines[1] as string).replace('"seq":2', '"seq":7');
    await writeFile(layout.chain(root), lines.join("\n"));
    const index = await chainIndex(root);
    expect(index.broken).toEqual({ seq: 2, reason: "seq-gap", hidden: 2 });
    expect(seqs(index.entries)).toEqual([1]);
  });
});

describe("pendingPreviews", () => {
  it("lists stored bundles no good chain entry names and no applied marker covers, with the manifest's name, profile and file count", async () => {
    const bundle = (name: string) => JSON.stringify({ manifest: { name, profile: "default", artifacts: [{}, {}] } });
    const { root } = await tempRepo();
    await mkdir(layout.manifestsDir(root), { recursive: true });
    await mkdir(layout.appliedDir(root), { recursive: true });
    await writeFile(layout.manifest(root, "a".repeat(64)), bundle("in the chain"));
    await writeFile(layout.manifest(root, "b".repeat(64)), bundle("marked applied"));
    await writeFile(layout.manifest(root, "c".repeat(64)), bundle("waiting"));
    await writeFile(layout.applied(root, "b".repeat(64)), "{}");
    await chainOf(root, [["a", "committed"]]);
    const rows = await pendingPreviews(root);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      digest: D("c"),
      ref: "c".repeat(12),
      intent: "waiting",
      profile: "default",
      files: 2,
    });
  });
});

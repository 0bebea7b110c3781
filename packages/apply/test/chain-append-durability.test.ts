// appendChainEntry's durable steps (apply.md §12.2): the line is written and fsynced on the chain's
// own descriptor; when the file was new or empty, `journal/` is fsynced after it (the new file's
// directory entry must survive a crash along with the line); a later append to a non-empty chain
// costs no directory fsync. Observed through the fs seam's call record (fault-harness). Issue 25:
// `before.size === 0` survived as true, false and `!==`.
import { mkdir, writeFile } from "node:fs/promises";
import { layout } from "@codai/axiom-store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendChainEntry, verifyChain } from "../src/chain";
import { forgetKnownHeads } from "../src/chain-head";
import { type FsCall, harness } from "./fault-harness";
import { DIGEST_A, DIGEST_B, tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-chain-durable-"));
});
afterEach(() => cleanup());

/** The fsyncs of one append, as the paths their descriptors were opened on. */
async function fsyncsOf(append: () => Promise<unknown>): Promise<string[]> {
  const h = harness();
  try {
    await append();
  } finally {
    h.restore();
  }
  return h.calls.filter((c: FsCall) => c.op === "fsync").map((c) => c.path);
}

const append = (manifestDigest = DIGEST_A) => appendChainEntry(root, { manifestDigest, state: "committed", files: 1 });

describe("chain append: durable steps", () => {
  it("first append into an existing journal/ → fsync chain.jsonl, then fsync journal/", async () => {
    await mkdir(layout.journalDir(root), { recursive: true });
    expect(await fsyncsOf(() => append())).toEqual([layout.chain(root), layout.journalDir(root)]);
  });

  it("first append with no .axiom/ yet → the chain's fsync comes before journal/'s, journal/ fsynced once", async () => {
    const fsyncs = await fsyncsOf(() => append());
    const chainAt = fsyncs.indexOf(layout.chain(root));
    expect(chainAt).toBeGreaterThanOrEqual(0);
    expect(fsyncs.filter((p) => p === layout.journalDir(root))).toHaveLength(1);
    expect(fsyncs.indexOf(layout.journalDir(root))).toBeGreaterThan(chainAt);
  });

  it("an append to a chain that exists but is empty → journal/ fsynced after the line", async () => {
    await mkdir(layout.journalDir(root), { recursive: true });
    await writeFile(layout.chain(root), "");
    expect(await fsyncsOf(() => append())).toEqual([layout.chain(root), layout.journalDir(root)]);
  });

  it("later appends (remembered head, or walked after the memory is dropped) → only the chain's fsync", async () => {
    await append();
    expect(await fsyncsOf(() => append(DIGEST_B))).toEqual([layout.chain(root)]);
    forgetKnownHeads();
    expect(await fsyncsOf(() => append())).toEqual([layout.chain(root)]);
    expect(await verifyChain(root)).toMatchObject({ ok: true, entries: 3 });
  });

  it("the returned entry of an append without a code has no `code` key", async () => {
    const entry = await append();
    expect(Object.keys(entry)).toEqual(["seq", "manifestDigest", "state", "at", "prev", "files"]);
    const failed = await appendChainEntry(root, {
      manifestDigest: DIGEST_B,
      state: "failed",
      files: 2,
      code: "ERR_ROLLBACK",
    });
    expect(failed).toMatchObject({ seq: 2, state: "failed", code: "ERR_ROLLBACK" });
  });
});

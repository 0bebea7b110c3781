// Issue 24 "chain append O(1) in the chain's length": an append skips the whole walk only while the
// chain is exactly as this process's last append left it (chain-head.ts). Each test changes the
// file behind the process's back in one way and asserts that the next append still refuses a
// broken chain or links to the true head — the walk's answer, never the remembered one.
import { appendFile, readFile, rename, truncate, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendChainEntry, verifyChain } from "../src/chain";
import { forgetKnownHeads } from "../src/chain-head";
import { repairTornChainTail } from "../src/chain-repair";
import { formatChainLine, lineDigest } from "../src/chain-walk";
import { harness } from "./fault-harness";
import { DIGEST_A, DIGEST_B, DIGEST_C, tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  forgetKnownHeads();
  ({ root, cleanup } = await tempRoot("axiom-chain-head-"));
});
afterEach(() => cleanup());

const chainFile = () => path.join(root, ".axiom", "journal", "chain.jsonl");
const append = (manifestDigest: string) => appendChainEntry(root, { manifestDigest, state: "committed", files: 1 });
/** Lets the clock move past the file's last timestamp (coarse ctime on older kernels). */
const tick = () => new Promise((r) => setTimeout(r, 30));

/** Counts the chain file's reads while `run` runs. */
async function chainReads(run: () => Promise<unknown>): Promise<number> {
  const h = harness();
  try {
    await run();
  } finally {
    h.restore();
  }
  return h.calls.filter((c) => c.op === "readFile" && c.path === chainFile()).length;
}

describe("chain head memo (issue 24)", () => {
  it("a second append in the same process does not read the chain again, and links to the last line", async () => {
    await append(DIGEST_A);
    expect(await chainReads(() => append(DIGEST_B))).toBe(0);
    expect(await chainReads(() => repairTornChainTail(root))).toBe(0);
    const lines = (await readFile(chainFile(), "utf8")).split("\n").slice(0, -1);
    expect(JSON.parse(lines[1] ?? "").prev).toBe(lineDigest(Buffer.from(lines[0] ?? "", "utf8")));
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("attack: a same-size edit of an earlier line after our append is still refused at the next append", async () => {
    await append(DIGEST_A);
    await append(DIGEST_B);
    await tick();
    const text = await readFile(chainFile(), "utf8");
    // Same length, other digest: only the bytes change (the file keeps its inode and size).
    await writeFile(chainFile(), text.replace(DIGEST_A, DIGEST_C));
    await expect(append(DIGEST_C)).rejects.toMatchObject({ code: "ERR_JOURNAL_CHAIN" });
    expect((await readFile(chainFile(), "utf8")).split("\n").length - 1).toBe(2);
  });

  it("attack: the chain swapped for another file (rename over it) is walked, not trusted", async () => {
    await append(DIGEST_A);
    const swapped = (await readFile(chainFile(), "utf8")).replace(DIGEST_A, DIGEST_C);
    await writeFile(`${chainFile()}.x`, swapped);
    await rename(`${chainFile()}.x`, chainFile());
    // The swapped file is a valid one-entry chain of its own: the append must link to *its* line.
    const next = await append(DIGEST_B);
    expect(next.prev).toBe(lineDigest(Buffer.from(swapped.slice(0, -1), "utf8")));
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("another writer's append (a second process) is picked up: the next entry links to its line", async () => {
    const first = await append(DIGEST_A);
    await tick();
    const theirs = formatChainLine({
      seq: 2,
      manifestDigest: DIGEST_B,
      state: "committed",
      at: new Date().toISOString(),
      prev: lineDigest(Buffer.from(formatChainLine(first), "utf8")),
      files: 3,
    });
    await appendFile(chainFile(), `${theirs}\n`);
    const mine = await append(DIGEST_C);
    expect(mine.seq).toBe(3);
    expect(mine.prev).toBe(lineDigest(Buffer.from(theirs, "utf8")));
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("a truncated chain (an entry removed behind our back) is walked: the next seq follows what is on disk", async () => {
    const first = await append(DIGEST_A);
    await append(DIGEST_B);
    await tick();
    await truncate(chainFile(), Buffer.byteLength(`${formatChainLine(first)}\n`));
    const next = await append(DIGEST_C);
    expect(next.seq).toBe(2);
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("a torn tail written after our append is repaired by the next lock holder (the memo does not hide it)", async () => {
    await append(DIGEST_A);
    await tick();
    await appendFile(chainFile(), '{"seq":2,"manifestDig');
    expect(await repairTornChainTail(root)).toBeGreaterThan(0);
    expect((await append(DIGEST_B)).seq).toBe(2);
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("a failed append forgets the head: the file is truncated back and the next append walks it", async () => {
    await append(DIGEST_A);
    const h = harness([{ op: "fsync", errno: "EIO", pathMatch: (p) => p === chainFile() }]);
    try {
      await expect(append(DIGEST_B)).rejects.toMatchObject({ code: "EIO" });
    } finally {
      h.restore();
    }
    expect(await chainReads(() => append(DIGEST_C))).toBe(1);
    const lines = (await readFile(chainFile(), "utf8")).split("\n").slice(0, -1);
    expect(lines.map((l) => JSON.parse(l).manifestDigest)).toEqual([DIGEST_A, DIGEST_C]);
  });
});

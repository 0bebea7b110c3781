// APL-25: what recovery repairs of a chain a power cut left torn (a block-aligned prefix of the
// appended line, or zeros), and what it leaves to a human (every other break, a whole line missing
// its `\n` included: apply.md "broken chain, then apply → no line appended").
import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { appendChainEntry, verifyChain } from "@codai/axiom-apply";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repairTornChainTail, tornTailKeep } from "../src/chain-repair";
import { tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-chain-repair-"));
});
afterEach(() => cleanup());

const chain = () => path.join(root, ".axiom", "journal", "chain.jsonl");
const digest = (i: number) => `sha256:${i.toString(16).padStart(64, "0")}`;

async function twoEntries(): Promise<Buffer> {
  for (const i of [1, 2]) await appendChainEntry(root, { manifestDigest: digest(i), state: "committed", files: 1 });
  return readFile(chain());
}

describe("APL-25 torn chain tail", () => {
  it("a cut append (the next line's first bytes, no newline) → truncated back; the chain verifies and takes the append", async () => {
    const good = await twoEntries();
    const next = `{"seq":3,"manifestDigest":"${digest(3)}","state":"commi`;
    await writeFile(chain(), Buffer.concat([good, Buffer.from(next)]));
    expect((await verifyChain(root)).ok).toBe(false);
    expect(await repairTornChainTail(root)).toBe(next.length);
    expect(await readFile(chain())).toEqual(good);
    await appendChainEntry(root, { manifestDigest: digest(3), state: "committed", files: 1 });
    expect(await verifyChain(root)).toMatchObject({ ok: true, entries: 3 });
  });

  it("a cut that kept the length but not the bytes (zeros) → truncated back", async () => {
    const good = await twoEntries();
    await writeFile(chain(), Buffer.concat([good, Buffer.alloc(300)]));
    expect(await repairTornChainTail(root)).toBe(300);
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("left alone: a whole last line missing only its newline, a tail that is not the next entry, damage before the tail, an intact chain", async () => {
    const good = await twoEntries();
    const text = good.toString("utf8");
    for (const broken of [
      text.slice(0, -1),
      `${text}garbage`,
      `${text}{"seq":7,`,
      text.replace('"seq":2', '"seq":5') + '{"seq":3,',
      text,
    ]) {
      await writeFile(chain(), broken);
      expect(tornTailKeep(Buffer.from(broken)), broken.slice(-40)).toBeUndefined();
      expect(await repairTornChainTail(root)).toBe(0);
      expect(await readFile(chain(), "utf8")).toBe(broken);
    }
  });
});

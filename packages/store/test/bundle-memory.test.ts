// What storeBundle remembers (bundle-memory.ts, ARCH-S3): an entry answers only for the very file
// it saw — same (dev, ino, size, mtimeNs, ctimeNs) and the same bundle key; a miss forgets it; the
// table holds at most 4096 entries (emptied when full).
import type { BigIntStats } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { forget, forgetStoredBundles, recall, remember } from "../src/bundle-memory";

afterEach(() => forgetStoredBundles());

const st = (over: Partial<Record<"dev" | "ino" | "size" | "mtimeNs" | "ctimeNs", bigint>> = {}) =>
  ({ dev: 1n, ino: 2n, size: 3n, mtimeNs: 4n, ctimeNs: 5n, ...over }) as unknown as BigIntStats;
const sync = { dataSynced: true, durable: false };

describe("bundle memory", () => {
  it("remember → recall answers the entry with its sync state for the same file, identity and key", () => {
    const entry = remember("/m/a.json", st(), "k1", sync);
    expect(entry).toEqual({ dev: 1n, ino: 2n, size: 3n, mtimeNs: 4n, ctimeNs: 5n, key: "k1", ...sync });
    expect(recall("/m/a.json", st(), "k1")).toBe(entry);
    expect(recall("/m/other.json", st(), "k1")).toBeUndefined();
  });

  it("another key or another identity misses and forgets the entry (the right one then misses too)", () => {
    remember("/m/a.json", st(), "k1", sync);
    expect(recall("/m/a.json", st(), "k2")).toBeUndefined();
    expect(recall("/m/a.json", st(), "k1")).toBeUndefined();
    remember("/m/a.json", st(), "k1", sync);
    expect(recall("/m/a.json", st({ mtimeNs: 7n }), "k1")).toBeUndefined();
    expect(recall("/m/a.json", st(), "k1")).toBeUndefined();
  });

  it("forget drops one file; forgetStoredBundles drops all", () => {
    remember("/m/a.json", st(), "k", sync);
    remember("/m/b.json", st(), "k", sync);
    forget("/m/a.json");
    expect(recall("/m/a.json", st(), "k")).toBeUndefined();
    expect(recall("/m/b.json", st(), "k")).toBeDefined();
    forgetStoredBundles();
    expect(recall("/m/b.json", st(), "k")).toBeUndefined();
  });

  it("at most 4096 entries: the 4097th empties the table first", () => {
    for (let i = 0; i < 4096; i++) remember(`/m/${i}.json`, st(), "k", sync);
    expect(recall("/m/0.json", st(), "k")).toBeDefined();
    expect(recall("/m/4095.json", st(), "k")).toBeDefined();
    remember("/m/new.json", st(), "k", sync);
    expect(recall("/m/0.json", st(), "k")).toBeUndefined();
    expect(recall("/m/4095.json", st(), "k")).toBeUndefined();
    expect(recall("/m/new.json", st(), "k")).toBeDefined();
  });

  it("4095 entries and one more: nothing is emptied", () => {
    for (let i = 0; i < 4095; i++) remember(`/m/${i}.json`, st(), "k", sync);
    remember("/m/new.json", st(), "k", sync);
    expect(recall("/m/0.json", st(), "k")).toBeDefined();
  });
});

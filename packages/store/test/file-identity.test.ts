// The one file identity of the per-process caches (file-identity.ts): every one of the five fields
// counts, in the comparison and in the text key; the copy keeps exactly those five.
import type { BigIntStats } from "node:fs";
import { describe, expect, it } from "vitest";
import { fileIdentity, identityKey, sameFile } from "../src/file-identity";

const st = (over: Partial<Record<"dev" | "ino" | "size" | "mtimeNs" | "ctimeNs", bigint>> = {}) =>
  ({ dev: 1n, ino: 2n, size: 3n, mtimeNs: 4n, ctimeNs: 5n, mode: 0o644, ...over }) as unknown as BigIntStats;
const FIELDS = ["dev", "ino", "size", "mtimeNs", "ctimeNs"] as const;

describe("file identity", () => {
  it("sameFile and identityKey: every one of the five fields counts", () => {
    expect(sameFile(st(), st())).toBe(true);
    expect(identityKey(st())).toBe(identityKey(st()));
    for (const field of FIELDS) {
      expect(sameFile(st(), st({ [field]: 99n })), field).toBe(false);
      expect(identityKey(st({ [field]: 99n })), field).not.toBe(identityKey(st()));
    }
  });

  it("fileIdentity copies the five fields and nothing else", () => {
    expect(fileIdentity(st())).toEqual({ dev: 1n, ino: 2n, size: 3n, mtimeNs: 4n, ctimeNs: 5n });
  });
});

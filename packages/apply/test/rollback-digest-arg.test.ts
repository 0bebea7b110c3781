// The digest argument of a manual rollback (apply.md §8): exactly 64 lower-case hex digits, with or
// without `sha256:`; anything else is ERR_NOT_FOUND {digest} and touches nothing (issue 25: the
// regex survived losing its `^` or `$`, so junk before or after a real digest rolled it back).
import * as fs from "node:fs";
import * as path from "node:path";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { appliedOverwrite, cleanupRoots } from "./engine-helpers";

afterEach(cleanupRoots);

const appliedRoot = appliedOverwrite;
const read = (root: string) => fs.readFileSync(path.join(root, "a.txt"), "utf8");

describe("rollback's digest argument", () => {
  it("junk before or after a real digest, upper case, or a short digest → ERR_NOT_FOUND {digest: the text}, nothing rolled back", async () => {
    const { root, hex } = await appliedRoot();
    for (const arg of [
      `x${hex}`,
      `${hex}0`,
      `sha256:${hex}\n`,
      ` ${hex}`,
      hex.toUpperCase(),
      hex.slice(1),
      `sha1:${hex}`,
    ]) {
      await expect(rollback(root, arg, { lockTimeoutMs: 0 }), arg).rejects.toMatchObject({
        code: "ERR_NOT_FOUND",
        details: { digest: arg },
      });
      expect(read(root)).toBe("new\n");
    }
  });

  it("the bare hex and the sha256: form both roll the apply back", async () => {
    const a = await appliedRoot();
    expect(await rollback(a.root, a.hex, { lockTimeoutMs: 0 })).toMatchObject({
      manifestDigest: `sha256:${a.hex}`,
      status: "rolled-back",
    });
    expect(read(a.root)).toBe("old\n");
    const b = await appliedRoot();
    await rollback(b.root, `sha256:${b.hex}`, { lockTimeoutMs: 0 });
    expect(read(b.root)).toBe("old\n");
  });

  it("a well-formed digest with no journal → ERR_NOT_FOUND {digest: sha256:<hex>}", async () => {
    const { root } = await appliedRoot();
    const other = "a".repeat(64);
    await expect(rollback(root, other, { lockTimeoutMs: 0 })).rejects.toMatchObject({
      code: "ERR_NOT_FOUND",
      details: { digest: `sha256:${other}` },
    });
  });
});

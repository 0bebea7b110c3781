// formats.md §7.1: the one no-follow pre-image reader (ARCH-S5). Attacks first: a link or another
// file swapped in between the reader's lstat and its open (the TOCTOU that checks' old
// lstat-then-createReadStream reader followed), a symlinked ancestor, a link out of the root.
import { chmod, mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { expectCode, tempRepo, writeTree } from "@codai/axiom-testkit";
import { afterEach, describe, expect, it } from "vitest";
import { fsx, readPreImage, readPreImageBytes } from "../src/index";
import { installFs } from "../src/testing";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});
/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}

/** Runs `swap` once, right before the reader opens `file` (after its lstat saw the original). */
function beforeOpenOf(file: string, swap: () => Promise<void>): void {
  const open = fsx.open;
  let done = false;
  restore = installFs({
    open: async (p, flags, mode) => {
      if (p === file && !done) {
        done = true;
        await swap();
      }
      return open(p, flags, mode);
    },
  });
}

describe("the no-follow pre-image reader (formats.md §7.1)", () => {
  it("a regular file under real directories → its sha256; missing, a directory, below a file → absent", async () => {
    const root = await tempRoot();
    await writeTree(root, { "d/f.txt": "x", file: "y" });
    expect(await readPreImage(root, "d/f.txt")).toBe(sha256Hex("x"));
    expect(await readPreImage(root, "d")).toBe("absent");
    expect(await readPreImage(root, "file/below")).toBe("absent");
    expect(await readPreImage(root, "missing/x")).toBe("absent");
  });

  it("attack: a symlink as the target or as an ancestor, even one leading out of the root → absent; no outside byte is read", async () => {
    const root = await tempRoot();
    const outside = await tempRoot();
    await writeFile(join(outside, "secret"), "outside\n");
    await symlink(join(outside, "secret"), join(root, "link"));
    await symlink(outside, join(root, "dir"));
    expect(await readPreImage(root, "link")).toBe("absent");
    expect(await readPreImage(root, "dir/secret")).toBe("absent");
    expect(await readPreImageBytes(root, "dir/secret", 100)).toBeUndefined();
  });

  it("attack: a symlink to an outside file swapped in after the lstat → absent (O_NOFOLLOW), never the outside file's hash", async () => {
    const root = await tempRoot();
    const outside = await tempRoot();
    await writeFile(join(outside, "secret"), "outside\n");
    await writeFile(join(root, "t.txt"), "inside\n");
    const target = join(root, "t.txt");
    beforeOpenOf(target, async () => {
      await rm(target);
      await symlink(join(outside, "secret"), target);
    });
    expect(await readPreImage(root, "t.txt")).toBe("absent");
  });

  it("attack: another regular file renamed over the target after the lstat → ERR_PREIMAGE_CHANGED, its bytes never hashed under the name", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "t.txt"), "first\n");
    await writeFile(join(root, "other"), "second\n");
    const target = join(root, "t.txt");
    beforeOpenOf(target, () => rename(join(root, "other"), target));
    await expectCode(() => readPreImage(root, "t.txt"), "ERR_PREIMAGE_CHANGED");
  });

  it("the target removed after the lstat → absent", async () => {
    const root = await tempRoot();
    const target = join(root, "t.txt");
    await writeFile(target, "x");
    beforeOpenOf(target, () => rm(target));
    expect(await readPreImage(root, "t.txt")).toBe("absent");
  });

  it("a path that is not a RelPath → its ERR_PATH_* code, never resolved outside the root", async () => {
    const root = await tempRoot();
    await expectCode(() => readPreImage(root, "../etc/passwd"), "ERR_PATH_SEGMENT");
  });

  // Mode 000 does not stop root from reading, so this case needs an unprivileged run.
  it.skipIf(process.getuid?.() === 0)(
    "an existing file that cannot be read → the raw errno error (callers map it; never 'absent')",
    async () => {
      const root = await tempRoot();
      await mkdir(join(root, "d"));
      await writeFile(join(root, "d/x"), "x");
      await chmod(join(root, "d/x"), 0o000);
      await expect(readPreImage(root, "d/x")).rejects.toMatchObject({ code: "EACCES" });
    },
  );

  it("readPreImageBytes: the bytes under the same rule; above max → ERR_BLOB_TOO_LARGE {bytes, max}", async () => {
    const root = await tempRoot();
    await writeTree(root, { "a.txt": "abc", l: { symlink: "a.txt" } });
    expect(Buffer.from((await readPreImageBytes(root, "a.txt", 10)) as Uint8Array).toString()).toBe("abc");
    expect(await readPreImageBytes(root, "l", 10)).toBeUndefined();
    const err = await expectCode(() => readPreImageBytes(root, "a.txt", 2), "ERR_BLOB_TOO_LARGE");
    expect(err.details).toEqual({ bytes: 3, max: 2 });
    await writeFile(join(root, "big"), Buffer.alloc(200_000, 1));
    expect((await readPreImageBytes(root, "big", 200_000))?.length).toBe(200_000);
  });
});

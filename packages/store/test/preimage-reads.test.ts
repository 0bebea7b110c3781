// The pre-image reader's other answers (preimage.ts, formats.md §7.1) beside the attack suite:
// which lstat and open failures mean "absent" and which propagate, the presence probe, the file's
// execute bit, a file that grows after its fstat, and that every opened fd is closed.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { fsx } from "../src/fsx";
import { preImagePresent, readPreImage, readPreImageBytes, readPreImageFile } from "../src/preimage";
import { errno, withFs } from "./seam";

/** A real temp root, removed when the test finishes (testkit's tempRepo). */
const tempRoot = async (): Promise<string> => (await tempRepo()).root;

/** Counts the fds opened and closed while `fn` runs. */
async function fdBalance<T>(fn: () => Promise<T>): Promise<{ out: T; opened: number; closed: number }> {
  let opened = 0;
  let closed = 0;
  const { open, close } = fsx;
  const out = await withFs(
    {
      open: async (p, f, m) => {
        const fd = await open(p, f, m);
        opened++;
        return fd;
      },
      close: async (fd) => {
        closed++;
        await close(fd);
      },
    },
    fn,
  );
  return { out, opened, closed };
}

describe("pre-image reads", () => {
  it("preImagePresent: a regular file → true (its fd closed); missing, a directory, a symlink → false", async () => {
    const root = await tempRoot();
    await mkdir(join(root, "d"));
    await writeFile(join(root, "d", "f"), "x");
    const { out, opened, closed } = await fdBalance(() => preImagePresent(root, "d/f"));
    expect(out).toBe(true);
    expect([opened, closed]).toEqual([1, 1]);
    expect(await preImagePresent(root, "d")).toBe(false);
    expect(await preImagePresent(root, "none")).toBe(false);
    const { symlink } = await import("node:fs/promises");
    await symlink("d/f", join(root, "l"));
    expect(await preImagePresent(root, "l")).toBe(false);
  });

  it("readPreImage and readPreImageFile close the fd they opened", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "f"), "abc");
    const hashed = await fdBalance(() => readPreImage(root, "f"));
    expect(hashed.out).toBe(sha256Hex("abc"));
    expect([hashed.opened, hashed.closed]).toEqual([1, 1]);
    const read = await fdBalance(() => readPreImageFile(root, "f", 10));
    expect(Buffer.from(read.out?.bytes as Uint8Array).toString()).toBe("abc");
    expect([read.opened, read.closed]).toEqual([1, 1]);
    const big = await fdBalance(() => expectCode(() => readPreImageFile(root, "f", 1), "ERR_BLOB_TOO_LARGE"));
    expect([big.opened, big.closed]).toEqual([1, 1]);
  });

  it("executable: any execute bit of the very inode read; none → false", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "run.sh"), "#!/bin/sh\n");
    await writeFile(join(root, "plain"), "x");
    await writeFile(join(root, "other-x"), "y");
    await chmod(join(root, "run.sh"), 0o755);
    await chmod(join(root, "plain"), 0o644);
    await chmod(join(root, "other-x"), 0o601);
    expect((await readPreImageFile(root, "run.sh", 100))?.executable).toBe(true);
    expect((await readPreImageFile(root, "plain", 100))?.executable).toBe(false);
    expect((await readPreImageFile(root, "other-x", 100))?.executable).toBe(true);
  });

  it("the bytes are exactly the file's, also past the first read buffer and for an empty file", async () => {
    const root = await tempRoot();
    const body = Buffer.alloc(150_000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 13) & 0xff;
    await writeFile(join(root, "big"), body);
    await writeFile(join(root, "empty"), "");
    const got = await readPreImageBytes(root, "big", 1 << 20);
    expect(got).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(got as Uint8Array).equals(body)).toBe(true);
    expect((await readPreImageBytes(root, "empty", 10))?.length).toBe(0);
  });

  it("a file that grows after its fstat is read to its end; grown past max → ERR_BLOB_TOO_LARGE with the bytes read", async () => {
    const root = await tempRoot();
    const file = join(root, "f");
    await writeFile(file, "0123456789");
    const grow = (extra: number) => {
      const { read } = fsx;
      let grown = false;
      return withFs(
        {
          read: async (fd, buf, off, len, pos) => {
            if (!grown) {
              grown = true;
              const { appendFile } = await import("node:fs/promises");
              await appendFile(file, "x".repeat(extra));
            }
            return read(fd, buf, off, len, pos);
          },
        },
        async () => readPreImageBytes(root, "f", 100_000),
      );
    };
    expect(Buffer.from((await grow(5)) as Uint8Array).toString()).toBe("0123456789xxxxx");
    await writeFile(file, "0123456789");
    const err = await expectCode(() => grow(200_000), "ERR_BLOB_TOO_LARGE");
    expect((err.details as { max: number }).max).toBe(100_000);
    expect((err.details as { bytes: number }).bytes).toBeGreaterThan(100_000);
  });

  it("an ancestor or target lstat failing with ENOTDIR or ELOOP → absent; with anything else (EACCES) → raw", async () => {
    const root = await tempRoot();
    await mkdir(join(root, "d"));
    await writeFile(join(root, "d", "f"), "x");
    const { lstat } = fsx;
    const failing = (code: string, at: string) =>
      withFs(
        {
          lstat: async (p) => {
            if (p === join(root, at)) throw errno(code, "lstat");
            return lstat(p);
          },
        },
        () => readPreImage(root, "d/f"),
      );
    expect(await failing("ENOTDIR", "d")).toBe("absent");
    expect(await failing("ELOOP", "d/f")).toBe("absent");
    expect(await failing("ENOENT", "d/f")).toBe("absent");
    await expect(failing("EACCES", "d")).rejects.toMatchObject({ code: "EACCES" });
    await expect(failing("EIO", "d/f")).rejects.toMatchObject({ code: "EIO" });
  });

  it("an open failing with ENOTDIR → absent; with EMFILE → raw", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "f"), "x");
    const failing = (code: string) =>
      withFs({ open: async () => Promise.reject(errno(code, "open")) }, () => readPreImage(root, "f"));
    expect(await failing("ENOTDIR")).toBe("absent");
    await expect(failing("EMFILE")).rejects.toMatchObject({ code: "EMFILE" });
  });

  it("a non-RelPath answers its first issue's code, with the path", async () => {
    const root = await tempRoot();
    const err = await expectCode(() => readPreImage(root, "a\\b"), "ERR_PATH_NOT_RELATIVE_POSIX");
    expect(err.path).toBe("a\\b");
    await expectCode(() => preImagePresent(root, ""), "ERR_PATH_SEGMENT");
  });
});

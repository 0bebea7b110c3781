// What a path holds, read without following links (identity.ts, apply.md §2 "digest-or-absent"):
// capture's answer per kind of entry and its file fields, hashing across read chunks, and the
// open-the-same-file check that keeps a swapped-in file from being hashed under another's name.
import { createHash } from "node:crypto";
import { chmod, link, lstat, mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectCode } from "@codai/axiom-testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsx, O } from "../src/fsx";
import { capture, digestOrAbsent, hashFd, kindOf, nlinkOf, openNoFollow, openSame } from "../src/identity";
import { errno, withFs } from "./seam";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "axiom-identity-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** Runs `swap` once, right before `file` is opened (after the caller's lstat saw the original). */
function beforeOpenOf<T>(file: string, swap: () => Promise<void>, fn: () => Promise<T>): Promise<T> {
  const open = fsx.open;
  let done = false;
  return withFs(
    {
      open: async (p, flags, mode) => {
        if (p === file && !done) {
          done = true;
          await swap();
        }
        return open(p, flags, mode);
      },
    },
    fn,
  );
}

describe("capture", () => {
  it("a regular file → kind file with its sha256, dev/ino, nlink, uid/gid and permission bits", async () => {
    const f = join(dir, "f");
    await writeFile(f, "hello\n");
    await chmod(f, 0o640);
    const st = await lstat(f, { bigint: true });
    const c = await capture(f);
    expect(c).toEqual({
      kind: "file",
      hex: sha("hello\n"),
      dev: st.dev,
      ino: st.ino,
      nlink: 1n,
      uid: Number(st.uid),
      gid: Number(st.gid),
      mode: 0o640,
    });
    expect(c.bytes).toBeUndefined();
    expect(digestOrAbsent(c)).toBe(sha("hello\n"));
  });

  it("keepBytes: the bytes beside the hash; a second hard link shows in nlink; setuid/sticky bits are kept in mode", async () => {
    const f = join(dir, "f");
    await writeFile(f, "abc");
    await link(f, join(dir, "g"));
    await chmod(f, 0o1755);
    const c = await capture(f, true);
    expect(c).toMatchObject({ kind: "file", hex: sha("abc"), nlink: 2n, mode: 0o1755 });
    expect(c.bytes?.toString()).toBe("abc");
  });

  it("missing, or below a file (ENOTDIR) → absent", async () => {
    await writeFile(join(dir, "f"), "x");
    expect(await capture(join(dir, "none"))).toEqual({ kind: "absent" });
    expect(await capture(join(dir, "f", "below"))).toEqual({ kind: "absent" });
    expect(digestOrAbsent({ kind: "absent" })).toBe("absent");
  });

  it("a directory, a symlink (never followed) → non-file with its kind", async () => {
    await mkdir(join(dir, "d"));
    await writeFile(join(dir, "t"), "x");
    await symlink(join(dir, "t"), join(dir, "l"));
    const d = await capture(join(dir, "d"));
    expect(d).toEqual({ kind: "nonfile", nonfile: "dir" });
    expect(digestOrAbsent(d)).toBe("non-file:dir");
    expect(await capture(join(dir, "l"))).toEqual({ kind: "nonfile", nonfile: "symlink" });
  });

  it("an lstat failure other than ENOENT/ENOTDIR propagates raw", async () => {
    const run = withFs(
      {
        lstat: async () => {
          throw errno("EACCES", "lstat");
        },
      },
      () => capture(join(dir, "x")),
    );
    await expect(run).rejects.toMatchObject({ code: "EACCES" });
  });

  it("attack: a symlink swapped in after the lstat → non-file symlink, never the link target's hash", async () => {
    const f = join(dir, "f");
    await writeFile(f, "inside");
    await writeFile(join(dir, "outside"), "outside");
    const c = await beforeOpenOf(
      f,
      async () => {
        await rm(f);
        await symlink(join(dir, "outside"), f);
      },
      () => capture(f),
    );
    expect(c).toEqual({ kind: "nonfile", nonfile: "symlink" });
  });

  it("the file removed after the lstat → absent; another file renamed over it → ERR_PREIMAGE_CHANGED", async () => {
    const f = join(dir, "f");
    await writeFile(f, "x");
    expect(
      await beforeOpenOf(
        f,
        () => rm(f),
        () => capture(f),
      ),
    ).toEqual({ kind: "absent" });
    await writeFile(f, "first");
    await writeFile(join(dir, "other"), "second");
    await beforeOpenOf(
      f,
      () => rename(join(dir, "other"), f),
      () => expectCode(() => capture(f), "ERR_PREIMAGE_CHANGED"),
    );
  });

  it("an open failure other than ELOOP/ENOENT propagates raw", async () => {
    const f = join(dir, "f");
    await writeFile(f, "x");
    const run = withFs(
      {
        open: async () => {
          throw errno("EMFILE", "open");
        },
      },
      () => capture(f),
    );
    await expect(run).rejects.toMatchObject({ code: "EMFILE" });
  });

  it("the fd is closed after hashing, also when the read fails", async () => {
    const f = join(dir, "f");
    await writeFile(f, "x");
    const closed: number[] = [];
    const close = fsx.close;
    const onClose = async (fd: number) => {
      closed.push(fd);
      await close(fd);
    };
    await withFs({ close: onClose }, () => capture(f));
    expect(closed).toHaveLength(1);
    const run = withFs(
      {
        close: onClose,
        read: async () => {
          throw errno("EIO", "read");
        },
      },
      () => capture(f),
    );
    await expect(run).rejects.toMatchObject({ code: "EIO" });
    expect(closed).toHaveLength(2);
  });
});

describe("hashFd", () => {
  it("hashes from offset 0 across several 1 MiB reads; keep = the exact bytes", async () => {
    const f = join(dir, "big");
    const body = Buffer.alloc(3 * (1 << 20) + 12_345);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7) & 0xff;
    await writeFile(f, body);
    const fd = await fsx.open(f, O.O_RDONLY);
    try {
      const plain = await hashFd(fd);
      expect(plain).toEqual({ hex: sha(body) });
      // from offset 0 again, whatever the fd's position
      const kept = await hashFd(fd, true);
      expect(kept.hex).toBe(sha(body));
      expect(kept.bytes?.equals(body)).toBe(true);
    } finally {
      await fsx.close(fd);
    }
  });

  it("an empty file → the sha256 of nothing, no bytes kept but an empty buffer", async () => {
    const f = join(dir, "empty");
    await writeFile(f, "");
    const fd = await fsx.open(f, O.O_RDONLY);
    try {
      const kept = await hashFd(fd, true);
      expect(kept.hex).toBe(sha(""));
      expect(kept.bytes?.length).toBe(0);
    } finally {
      await fsx.close(fd);
    }
  });

  it("concurrent hashes of different files never mix their bytes (each owns its read buffer)", async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => Buffer.alloc((1 << 20) + i * 1000, i + 1));
    const fds = await Promise.all(
      bodies.map(async (b, i) => {
        const f = join(dir, `c${i}`);
        await writeFile(f, b);
        return fsx.open(f, O.O_RDONLY);
      }),
    );
    try {
      for (let round = 0; round < 2; round++) {
        const got = await Promise.all(fds.map((fd) => hashFd(fd, true)));
        got.forEach((g, i) => {
          expect(g.hex).toBe(sha(bodies[i] as Buffer));
          expect(g.bytes?.equals(bodies[i] as Buffer)).toBe(true);
        });
      }
    } finally {
      for (const fd of fds) await fsx.close(fd);
    }
  });
});

describe("openNoFollow / openSame / kinds", () => {
  it("openNoFollow opens a regular file read-only and refuses a symlink (ELOOP)", async () => {
    const f = join(dir, "f");
    await writeFile(f, "x");
    await symlink(f, join(dir, "l"));
    const fd = await openNoFollow(f);
    try {
      await expect(fsx.write(fd, Buffer.from("y"))).rejects.toMatchObject({ code: "EBADF" });
    } finally {
      await fsx.close(fd);
    }
    await expect(openNoFollow(join(dir, "l"))).rejects.toMatchObject({ code: "ELOOP" });
  });

  it("openSame: the very file the lstat saw → its fd and fstat; another inode → ERR_PREIMAGE_CHANGED and the fd closed", async () => {
    const a = join(dir, "a");
    const b = join(dir, "b");
    await writeFile(a, "a");
    await writeFile(b, "b");
    const stA = await fsx.lstat(a);
    const { fd, fst } = await openSame(a, stA);
    expect(fst.ino).toBe(stA.ino);
    await fsx.close(fd);
    const closed: number[] = [];
    const close = fsx.close;
    await withFs(
      {
        close: async (n) => {
          closed.push(n);
          await close(n);
        },
      },
      () => expectCode(() => openSame(b, stA), "ERR_PREIMAGE_CHANGED"),
    );
    expect(closed).toHaveLength(1);
    // same inode number on another device is another file too
    await expectCode(() => openSame(a, { ...stA, dev: stA.dev + 1n } as typeof stA), "ERR_PREIMAGE_CHANGED");
  });

  it("kindOf names symlink, dir, file and other (a FIFO); nlinkOf reads bigint or number link counts", async () => {
    await mkdir(join(dir, "d"));
    await writeFile(join(dir, "f"), "");
    await symlink("f", join(dir, "l"));
    expect(kindOf(await fsx.lstat(join(dir, "d")))).toBe("dir");
    expect(kindOf(await fsx.lstat(join(dir, "f")))).toBe("file");
    expect(kindOf(await fsx.lstat(join(dir, "l")))).toBe("symlink");
    const other = { isSymbolicLink: () => false, isDirectory: () => false, isFile: () => false };
    expect(kindOf(other as never)).toBe("other");
    expect(nlinkOf({ nlink: 3n } as never)).toBe(3n);
    expect(nlinkOf({ nlink: 2 } as never)).toBe(2n);
    expect(nlinkOf({} as never)).toBeUndefined();
  });

  it("capture reports nlink undefined when the lstat has none (a platform without link counts)", async () => {
    const f = join(dir, "f");
    await writeFile(f, "x");
    const real = fsx.lstat;
    const c = await withFs(
      {
        lstat: async (p) => {
          const st = await real(p);
          return new Proxy(st, { get: (t, k) => (k === "nlink" ? undefined : Reflect.get(t, k, t)) });
        },
      },
      () => capture(f),
    );
    expect(c).toMatchObject({ kind: "file", nlink: undefined });
  });
});

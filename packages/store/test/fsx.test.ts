// The fs seam itself (fsx.ts, threats.md §4.3): the node port's calls and errors, the lstat of a
// missing path without Node's exception (same code, errno, syscall and path), the event loop's turn
// during a long run of synchronous calls, and installFs's swap and restore.
import * as fs from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errnoOf, fsx, installFs, nodeFs, O, O_NOFOLLOW } from "../src/fsx";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "axiom-fsx-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("nodeFs", () => {
  it("lstat of a missing path rejects like Node's own: ENOENT, errno, syscall lstat, the path; the stack limit is restored", async () => {
    const missing = join(dir, "none");
    const limit = Error.stackTraceLimit;
    const err = await nodeFs.lstat(missing).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: "ENOENT",
      errno: -(osConstants.errno.ENOENT as number),
      syscall: "lstat",
      path: missing,
    });
    expect(Error.stackTraceLimit).toBe(limit);
    expect(errnoOf(err)).toBe("ENOENT");
  });

  it("lstat and stat of a present path answer bigint stats; lstat does not follow a symlink, stat does", async () => {
    const f = join(dir, "f");
    fs.writeFileSync(f, "abc");
    fs.symlinkSync(f, join(dir, "l"));
    const l = await nodeFs.lstat(join(dir, "l"));
    expect(l.isSymbolicLink()).toBe(true);
    const s = await nodeFs.stat(join(dir, "l"));
    expect(s.isFile()).toBe(true);
    expect(s.size).toBe(3n);
    await expect(nodeFs.stat(join(dir, "none"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("open without a mode creates 0666 less the umask; write writes the whole buffer; read, fstat, ftruncate, fsync, close", async () => {
    const f = join(dir, "f");
    const fd = await nodeFs.open(f, O.O_CREAT | O.O_RDWR);
    const body = Buffer.alloc(3 * 1024 * 1024, 9);
    try {
      await nodeFs.write(fd, body);
      await nodeFs.fsync(fd);
      expect((await nodeFs.fstat(fd)).size).toBe(BigInt(body.length));
      const buf = Buffer.alloc(4);
      expect(await nodeFs.read(fd, buf, 0, 4, 10)).toBe(4);
      expect([...buf]).toEqual([9, 9, 9, 9]);
      await nodeFs.ftruncate(fd, 2);
      await nodeFs.fchmod(fd, 0o600);
    } finally {
      await nodeFs.close(fd);
    }
    expect((await readFile(f)).length).toBe(2);
    expect((await stat(f)).mode & 0o777).toBe(0o600);
    const g = join(dir, "g");
    await nodeFs.close(await nodeFs.open(g, O.O_CREAT | O.O_WRONLY));
    const umask = process.umask();
    expect((await stat(g)).mode & 0o777).toBe(0o666 & ~umask);
    const h = join(dir, "h");
    await nodeFs.close(await nodeFs.open(h, O.O_CREAT | O.O_WRONLY, 0o600));
    expect((await stat(h)).mode & 0o777).toBe(0o600);
  });

  it("rename, link, unlink, mkdir, rmdir, readdir, readFile, realpath and a recursive rm", async () => {
    const a = join(dir, "a");
    fs.writeFileSync(a, "A");
    await nodeFs.rename(a, join(dir, "b"));
    await nodeFs.link(join(dir, "b"), join(dir, "c"));
    expect((await nodeFs.readdir(dir)).sort()).toEqual(["b", "c"]);
    await nodeFs.unlink(join(dir, "c"));
    expect((await nodeFs.readFile(join(dir, "b"))).toString()).toBe("A");
    await nodeFs.mkdir(join(dir, "d"));
    await expect(nodeFs.mkdir(join(dir, "d"))).rejects.toMatchObject({ code: "EEXIST" });
    await nodeFs.rmdir(join(dir, "d"));
    fs.mkdirSync(join(dir, "t", "u"), { recursive: true });
    fs.writeFileSync(join(dir, "t", "u", "x"), "x");
    fs.symlinkSync(join(dir, "t"), join(dir, "lt"));
    expect(await nodeFs.realpath(join(dir, "lt", "u"))).toBe(join(fs.realpathSync(dir), "t", "u"));
    await nodeFs.rm(join(dir, "t"));
    await nodeFs.rm(join(dir, "t")); // force: an absent path is no error
    expect((await nodeFs.readdir(dir)).sort()).toEqual(["b", "lt"]);
  });

  it("fchown to the file's own owner succeeds", async () => {
    const f = join(dir, "f");
    const fd = await nodeFs.open(f, O.O_CREAT | O.O_WRONLY, 0o644);
    try {
      const st = await nodeFs.fstat(fd);
      await nodeFs.fchown(fd, Number(st.uid), Number(st.gid));
    } finally {
      await nodeFs.close(fd);
    }
  });

  it("a long run of synchronous calls still gives the event loop a turn (a timer or another request never waits behind it)", async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    for (let i = 0; i < 40; i++) await nodeFs.lstat(dir);
    expect(turned).toBe(true);
  });

  it("O_NOFOLLOW is the platform's flag", () => {
    expect(O_NOFOLLOW).toBe(fs.constants.O_NOFOLLOW);
    expect(O).toBe(fs.constants);
  });
});

describe("installFs and errnoOf", () => {
  it("swaps the named methods of the live port at once and restores the previous ones", async () => {
    const calls: string[] = [];
    const before = { lstat: fsx.lstat, readdir: fsx.readdir, stat: fsx.stat };
    const restore = installFs({
      lstat: async () => {
        calls.push("lstat");
        throw Object.assign(new Error("no"), { code: "EIO" });
      },
      readdir: async () => ["x"],
    });
    try {
      await expect(fsx.lstat(dir)).rejects.toMatchObject({ code: "EIO" });
      expect(await fsx.readdir(dir)).toEqual(["x"]);
      expect(fsx.stat).toBe(before.stat);
    } finally {
      restore();
    }
    expect(calls).toEqual(["lstat"]);
    expect(fsx.lstat).toBe(before.lstat);
    expect(fsx.readdir).toBe(before.readdir);
    expect(await fsx.readdir(dir)).toEqual([]);
  });

  it("errnoOf: the string code of an error, else undefined", () => {
    expect(errnoOf(Object.assign(new Error("x"), { code: "EBUSY" }))).toBe("EBUSY");
    expect(errnoOf({ code: 5 })).toBeUndefined();
    expect(errnoOf(null)).toBeUndefined();
    expect(errnoOf(undefined)).toBeUndefined();
    expect(errnoOf("ENOENT")).toBeUndefined();
  });
});

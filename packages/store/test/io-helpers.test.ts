// The durable-fs helpers of io.ts beside atomicWrite's own suite: directory fsync and what it
// tolerates, mkdir -p and what it reports, the order of an atomic write's durable steps per sync
// level, a leftover temp, and the rename/unlink retry policy of apply.md §5.10 (ERR_EBUSY details).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectCode } from "@codai/axiom-testkit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fsx } from "../src/fsx";
import {
  atomicWrite,
  fsyncDir,
  fsyncDirs,
  mkdirp,
  RETRY_MAX,
  readJsonIfExists,
  renameRetry,
  rmLeftover,
  rmrf,
  unlinkRetry,
} from "../src/io";
import { AXIOM_SELF_GITIGNORE } from "../src/layout";
import { errno, recorded, withFs } from "./seam";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "axiom-io-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("fsyncDir", () => {
  it("opens the directory, fsyncs it and closes it", async () => {
    expect(await recorded(() => fsyncDir(dir))).toEqual(["open", `fsync:${dir}`, `close:${dir}`]);
  });

  it.each(["EINVAL", "ENOTSUP"])(
    "a file system without directory sync (%s) is tolerated; the fd is closed",
    async (code) => {
      const closed: number[] = [];
      const close = fsx.close;
      await withFs(
        {
          fsync: async () => {
            throw errno(code, "fsync");
          },
          close: async (fd) => {
            closed.push(fd);
            await close(fd);
          },
        },
        () => fsyncDir(dir),
      );
      expect(closed).toHaveLength(1);
    },
  );

  it("any other fsync failure (EIO) propagates raw, after the fd is closed", async () => {
    const closed: number[] = [];
    const close = fsx.close;
    const run = withFs(
      {
        fsync: async () => {
          throw errno("EIO", "fsync");
        },
        close: async (fd) => {
          closed.push(fd);
          await close(fd);
        },
      },
      () => fsyncDir(dir),
    );
    await expect(run).rejects.toMatchObject({ code: "EIO" });
    expect(closed).toHaveLength(1);
  });

  it("fsyncDirs fsyncs each distinct directory once", async () => {
    const a = join(dir, "a");
    await mkdir(a);
    const calls = await recorded(() => fsyncDirs([a, dir, a, dir, a]));
    expect(calls.filter((c) => c.startsWith("fsync:")).sort()).toEqual([`fsync:${a}`, `fsync:${dir}`].sort());
  });
});

describe("mkdirp", () => {
  it("creates the missing directories and returns them shallowest first; an existing path creates nothing", async () => {
    const deep = join(dir, "a", "b", "c");
    expect(await mkdirp(deep)).toEqual([join(dir, "a"), join(dir, "a", "b"), deep]);
    expect((await readdir(join(dir, "a", "b"))).sort()).toEqual(["c"]);
    expect(await mkdirp(deep)).toEqual([]);
    expect(await mkdirp(join(deep, "d"))).toEqual([join(deep, "d")]);
  });

  it("a file where the directory should be → ERR_TARGET_TYPE {kind: other}; a file above it → its raw ENOTDIR", async () => {
    await writeFile(join(dir, "f"), "x");
    const err = await expectCode(() => mkdirp(join(dir, "f")), "ERR_TARGET_TYPE");
    expect(err.details).toEqual({ kind: "other" });
    await expect(mkdirp(join(dir, "f", "g"))).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(await readFile(join(dir, "f"), "utf8")).toBe("x");
  });

  it("an lstat failure other than ENOENT propagates raw; nothing is created", async () => {
    const lstat = fsx.lstat;
    const run = withFs(
      {
        lstat: async (p) => {
          if (p === join(dir, "a")) throw errno("EACCES", "lstat");
          return lstat(p);
        },
      },
      () => mkdirp(join(dir, "a", "b")),
    );
    await expect(run).rejects.toMatchObject({ code: "EACCES" });
    expect(await readdir(dir)).toEqual([]);
  });

  it("a directory another writer made meanwhile (EEXIST) is not reported as created; another mkdir failure propagates", async () => {
    const mk = fsx.mkdir;
    const raced = await withFs(
      {
        mkdir: async (p) => {
          await mk(p);
          if (p === join(dir, "a")) throw errno("EEXIST", "mkdir");
        },
      },
      () => mkdirp(join(dir, "a", "b")),
    );
    expect(raced).toEqual([join(dir, "a", "b")]);
    const denied = withFs(
      {
        mkdir: async () => {
          throw errno("EACCES", "mkdir");
        },
      },
      () => mkdirp(join(dir, "x")),
    );
    await expect(denied).rejects.toMatchObject({ code: "EACCES" });
  });

  it("stops at the file-system root: a path whose every ancestor reads as missing creates each, from the root down", async () => {
    const made: string[] = [];
    const created = await withFs(
      {
        lstat: async () => {
          throw errno("ENOENT", "lstat");
        },
        mkdir: async (p) => {
          made.push(p);
        },
      },
      () => mkdirp("/a/b"),
    );
    expect(created).toEqual(["/", "/a", "/a/b"]);
    expect(made).toEqual(["/", "/a", "/a/b"]);
  });

  it("a `.axiom` directory it creates gets its `.gitignore` at once (issue 21); any other directory gets none", async () => {
    await mkdirp(join(dir, ".axiom", "journal"));
    expect(await readFile(join(dir, ".axiom", ".gitignore"), "utf8")).toBe(AXIOM_SELF_GITIGNORE);
    expect(await readdir(join(dir, ".axiom", "journal"))).toEqual([]);
    await mkdirp(join(dir, "plain"));
    expect(await readdir(join(dir, "plain"))).toEqual([]);
  });
});

describe("atomicWrite: the durable steps per sync level (apply.md §3)", () => {
  const file = () => join(dir, "f.json");
  const tmp = () => `${file()}.tmp-${process.pid}`;

  it("true: temp opened exclusively, written, fsynced, closed, renamed, then its directory fsynced", async () => {
    const calls = await recorded(() => atomicWrite(file(), "{}", true));
    expect(calls).toEqual([
      "lstat",
      "open",
      "write",
      `fsync:${tmp()}`,
      `close:${tmp()}`,
      "rename",
      "open",
      `fsync:${dir}`,
      `close:${dir}`,
    ]);
    expect(await readFile(file(), "utf8")).toBe("{}");
  });

  it('"data": the temp is fsynced before its rename, its directory is not', async () => {
    const calls = await recorded(() => atomicWrite(file(), "{}", "data"));
    expect(calls).toEqual(["lstat", "open", "write", `fsync:${tmp()}`, `close:${tmp()}`, "rename"]);
  });

  it("false: no fsync at all", async () => {
    const calls = await recorded(() => atomicWrite(file(), new Uint8Array([1, 2, 3]), false));
    expect(calls).toEqual(["lstat", "open", "write", `close:${tmp()}`, "rename"]);
    expect([...(await readFile(file()))]).toEqual([1, 2, 3]);
  });

  it("a temp left over by an earlier process with this pid is removed and the write goes on", async () => {
    await writeFile(tmp(), "stale half-written bytes");
    await atomicWrite(file(), "fresh", true);
    expect(await readFile(file(), "utf8")).toBe("fresh");
    expect(await readdir(dir)).toEqual(["f.json"]);
  });

  it("a temp that cannot be created (not EEXIST) fails raw and leaves nothing", async () => {
    const run = withFs(
      {
        open: async () => {
          throw errno("EACCES", "open");
        },
      },
      () => atomicWrite(file(), "x", true),
    );
    await expect(run).rejects.toMatchObject({ code: "EACCES" });
    expect(await readdir(dir)).toEqual([]);
  });

  it("a failed write closes and removes the temp; the target keeps its old bytes", async () => {
    await writeFile(file(), "old");
    const closed: number[] = [];
    const close = fsx.close;
    const run = withFs(
      {
        write: async () => {
          throw errno("ENOSPC", "write");
        },
        close: async (fd) => {
          closed.push(fd);
          await close(fd);
        },
      },
      () => atomicWrite(file(), "new", true),
    );
    await expect(run).rejects.toMatchObject({ code: "ENOSPC" });
    expect(closed).toHaveLength(1);
    expect(await readdir(dir)).toEqual(["f.json"]);
    expect(await readFile(file(), "utf8")).toBe("old");
  });

  it("a failed rename (not retryable) removes the temp; the temp's fd was closed once, before the rename", async () => {
    const calls: string[] = [];
    const close = fsx.close;
    const run = withFs(
      {
        close: async (fd) => {
          calls.push("close");
          await close(fd);
        },
        rename: async () => {
          calls.push("rename");
          throw errno("EXDEV", "rename");
        },
      },
      () => atomicWrite(file(), "x", true),
    );
    await expect(run).rejects.toMatchObject({ code: "EXDEV" });
    expect(calls).toEqual(["close", "rename"]);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("rm helpers and readJsonIfExists", () => {
  it("rmrf removes a tree; rmLeftover removes a present tree and makes no rm for an absent path", async () => {
    await mkdir(join(dir, "t", "u"), { recursive: true });
    await writeFile(join(dir, "t", "u", "x"), "x");
    await rmrf(join(dir, "t"));
    expect(await readdir(dir)).toEqual([]);
    await mkdir(join(dir, "s"));
    expect(await recorded(() => rmLeftover(join(dir, "s")))).toEqual(["lstat", "rm"]);
    expect(await readdir(dir)).toEqual([]);
    expect(await recorded(() => rmLeftover(join(dir, "s")))).toEqual(["lstat"]);
  });

  it("rmLeftover: an lstat that fails otherwise (EACCES) still tries the rm", async () => {
    const removed: string[] = [];
    await withFs(
      {
        lstat: async () => {
          throw errno("EACCES", "lstat");
        },
        rm: async (p) => {
          removed.push(p);
        },
      },
      () => rmLeftover(join(dir, "q")),
    );
    expect(removed).toEqual([join(dir, "q")]);
  });

  it("readJsonIfExists: missing → {found: false}; present → its UTF-8 text; unreadable otherwise → raw error", async () => {
    expect(await readJsonIfExists(join(dir, "none.json"))).toEqual({ found: false });
    await writeFile(join(dir, "a.json"), '{"é":1}');
    expect(await readJsonIfExists(join(dir, "a.json"))).toEqual({ found: true, text: '{"é":1}' });
    await expect(readJsonIfExists(dir)).rejects.toMatchObject({ code: "EISDIR" });
  });
});

describe("renameRetry / unlinkRetry (apply.md §5.10)", () => {
  // The retry sleeps (50 ms × n) run on fake timers: the count of attempts is the behaviour.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Settles `run` while the fake clock runs every pending sleep. */
  async function settled<T>(run: Promise<T>): Promise<T> {
    const out = run.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    const r = (await out) as { value?: T; error?: unknown };
    if ("error" in r) throw r.error;
    return r.value as T;
  }

  /** A seam method failing with `code` for the first `times` calls, then succeeding. */
  function failing(code: string, times: number) {
    const seen = { calls: 0 };
    const call = async () => {
      seen.calls++;
      if (seen.calls <= times) throw errno(code);
    };
    return { seen, call };
  }

  it.each(["EBUSY", "EPERM", "EACCES"])("a rename failing with %s is retried and succeeds", async (code) => {
    const f = failing(code, 2);
    await settled(withFs({ rename: f.call }, () => renameRetry("/a", "/b")));
    expect(f.seen.calls).toBe(3);
  });

  it("a rename that keeps failing → ERR_EBUSY {from, to} after RETRY_MAX retries", async () => {
    const f = failing("EBUSY", 100);
    const err = await settled(withFs({ rename: f.call }, () => expectCode(() => renameRetry("/a", "/b"), "ERR_EBUSY")));
    expect(err.details).toEqual({ from: "/a", to: "/b" });
    expect(f.seen.calls).toBe(RETRY_MAX + 1);
  });

  it("the sleeps between attempts grow: 50 ms, then 100 ms, … (a retry is never immediate)", async () => {
    const f = failing("EBUSY", 2);
    const run = withFs({ rename: f.call }, () => renameRetry("/a", "/b"));
    await vi.advanceTimersByTimeAsync(0);
    expect(f.seen.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(f.seen.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.seen.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(f.seen.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.seen.calls).toBe(3);
    await run;
  });

  it("a failure that is not retryable (ENOENT) propagates raw at once", async () => {
    const f = failing("ENOENT", 100);
    await expect(settled(withFs({ rename: f.call }, () => renameRetry("/a", "/b")))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(f.seen.calls).toBe(1);
    const u = failing("ENOENT", 100);
    await expect(settled(withFs({ unlink: u.call }, () => unlinkRetry("/a")))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(u.seen.calls).toBe(1);
  });

  it("unlink: retried on EPERM; exhausted → ERR_EBUSY {target}; a real unlink removes the file", async () => {
    const f = failing("EPERM", 1);
    await settled(withFs({ unlink: f.call }, () => unlinkRetry("/a")));
    expect(f.seen.calls).toBe(2);
    const g = failing("EBUSY", 100);
    const err = await settled(withFs({ unlink: g.call }, () => expectCode(() => unlinkRetry("/t"), "ERR_EBUSY")));
    expect(err.details).toEqual({ target: "/t" });
    expect(g.seen.calls).toBe(RETRY_MAX + 1);
    vi.useRealTimers();
    await writeFile(join(dir, "gone"), "x");
    await unlinkRetry(join(dir, "gone"));
    expect(await readdir(dir)).toEqual([]);
  });
});

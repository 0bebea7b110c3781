// APL-22: the lock and the intent mutex appear with their whole record or not at all — the record
// is written to a temp and hard-linked to the name (link(2) fails with EEXIST like an O_EXCL
// create). Neither temp is fsynced (SPEED-22): a lock or `.mutex` a power cut left empty predates
// the boot, and the next apply takes it at once instead of waiting 10 s. Without hard links: in
// place, as before.
import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import { acquireLock, registerIntent } from "@codai/axiom-apply";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-lock-excl-"));
});
afterEach(() => cleanup());

const DIGEST = `sha256:${"a".repeat(64)}`;

/** Records `op path[→path]` of the fs calls that touch `name` (its temps included). */
function trace(name: string, failLink?: string): { calls: string[]; restore: () => void } {
  const calls: string[] = [];
  const real: FsPort = { ...fsx };
  const fds = new Map<number, string>();
  const mine = (p: string) => path.basename(p).startsWith(name);
  const restore = installFs({
    open: async (p, flags, mode) => {
      const fd = await real.open(p, flags, mode);
      if (mine(p)) {
        fds.set(fd, p);
        calls.push(`open ${path.basename(p).replace(/\.[0-9a-f]{8}\.tmp-\d+$/, ".<tmp>")}`);
      }
      return fd;
    },
    fsync: async (fd) => {
      const p = fds.get(fd);
      if (p) calls.push(`fsync ${path.basename(p).replace(/\.[0-9a-f]{8}\.tmp-\d+$/, ".<tmp>")}`);
      return real.fsync(fd);
    },
    link: async (a, b) => {
      if (mine(b)) calls.push(`link → ${path.basename(b)}`);
      if (failLink && mine(b)) throw Object.assign(new Error(`${failLink}: injected`), { code: failLink });
      return real.link(a, b);
    },
  });
  return { calls, restore };
}

describe("APL-22 exclusive create with the whole record (unsynced since SPEED-22)", () => {
  it("the lock: temp written (not fsynced since SPEED-22), then linked to `lock`; no temp left; the record parses", async () => {
    const t = trace("lock");
    let lock: Awaited<ReturnType<typeof acquireLock>>;
    try {
      lock = await acquireLock(root, DIGEST, 0);
    } finally {
      t.restore();
    }
    expect(t.calls).toEqual(["open lock.<tmp>", "link → lock"]);
    expect(JSON.parse(await readFile(lock.lockPath, "utf8"))).toMatchObject({
      pid: process.pid,
      manifestDigest: DIGEST,
    });
    expect((await readdir(path.join(root, ".axiom"))).filter((n) => n.startsWith("lock"))).toEqual(["lock"]);
    await lock.release();
  });

  it("a held lock: the link fails with EEXIST → not acquired (ERR_LOCKED), the waiter's temp removed", async () => {
    const held = await acquireLock(root, DIGEST, 0);
    await expect(acquireLock(root, DIGEST, 0)).rejects.toMatchObject({ code: "ERR_LOCKED" });
    expect((await readdir(path.join(root, ".axiom"))).filter((n) => n.startsWith("lock"))).toEqual(["lock"]);
    await held.release();
  });

  it("no hard links on this file system (link EPERM) → the lock is created in place: O_EXCL, written (no fsync, SPEED-22)", async () => {
    const t = trace("lock", "EPERM");
    let lock: Awaited<ReturnType<typeof acquireLock>>;
    try {
      lock = await acquireLock(root, DIGEST, 0);
    } finally {
      t.restore();
    }
    expect(t.calls).toEqual(["open lock.<tmp>", "link → lock", "open lock"]);
    expect(JSON.parse(await readFile(lock.lockPath, "utf8")).pid).toBe(process.pid);
    expect((await readdir(path.join(root, ".axiom"))).filter((n) => n.startsWith("lock"))).toEqual(["lock"]);
    await lock.release();
  });

  it("the intent mutex: `.mutex` is linked from its written temp (not fsynced since SPEED-22), so it is never seen without its token", async () => {
    const t = trace(".mutex");
    try {
      const h = await registerIntent(root, DIGEST, ["a.txt"]);
      await h.release();
    } finally {
      t.restore();
    }
    expect(t.calls).toEqual(["open .mutex.<tmp>", "link → .mutex"]);
    expect(await readdir(path.join(root, ".axiom", "intents"))).toEqual([]);
  });
});

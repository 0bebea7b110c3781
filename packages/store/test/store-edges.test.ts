// The store's remaining edges: the stored-bundle ref is anchored at both ends, storeBundle's
// fallbacks (a copy changed or removed while read, a copy removed right after its write, a copy that
// cannot be made durable in place), the applied marker's durable write, drift's
// first-with-unreadable rule, and intake's code precedence.
import { fstatSync } from "node:fs";
import { appendFile, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { compilePlan } from "@codai/axiom-plan";
import type { FullIssue, ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetStoredBundles } from "../src/bundle-memory";
import { readStoredBundle, storeBundle } from "../src/bundles";
import { postImageOf, treeDrift } from "../src/drift";
import { type BigStats, type FsPort, fsx, installFs, nodeFs, O } from "../src/fsx";
import { capture } from "../src/identity";
import { bundleFailureCode, bundleIssues, intakeBundle } from "../src/intake";
import { atomicWrite, forgetWritesInProgress } from "../src/io";
import { jsonEqual } from "../src/json-equal";
import { layout } from "../src/layout";
import { readFsMarker, writeAppliedMarker } from "../src/markers";
import { readPreImageBytes } from "../src/preimage";
import { errno, recorded, withFs } from "./seam";

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
beforeEach(() => forgetStoredBundles());
/** A real temp root, removed when the test finishes (testkit's tempRepo). */
const tempRoot = async (): Promise<string> => (await tempRepo()).root;
async function stored(): Promise<{ root: string; bundle: ManifestBundle; hex: string; file: string }> {
  const root = await tempRoot();
  const bundle = (await compilePlan(EXAMPLE_1(), { root })).bundle;
  const file = await storeBundle(root, bundle, { durable: false });
  return { root, bundle, hex: bundle.manifestDigest.slice(7), file };
}

describe("readStoredBundle: the ref", () => {
  it("is anchored: junk before or after the digest, upper-case hex, 63 or 65 hex → ERR_NOT_FOUND {ref}", async () => {
    const { root, hex } = await stored();
    for (const ref of [
      `xsha256:${hex}`,
      `sha256:${hex}x`,
      ` ${hex}`,
      `${hex}\n`,
      `sha256:${hex.toUpperCase()}`,
      hex.slice(1),
      `${hex}0`,
      `sha512:${hex}`,
    ]) {
      const err = await expectCode(() => readStoredBundle(root, ref), "ERR_NOT_FOUND");
      expect(err.details).toEqual({ ref });
    }
    expect((await readStoredBundle(root, hex)).manifestDigest).toBe(`sha256:${hex}`);
  });

  it("a stored file that cannot be read (EACCES) → ERR_NOT_FOUND {ref} as well", async () => {
    const { root, hex } = await stored();
    const run = withFs({ readFile: async () => Promise.reject(errno("EACCES", "open")) }, () =>
      expectCode(() => readStoredBundle(root, hex), "ERR_NOT_FOUND"),
    );
    expect((await run).details).toEqual({ ref: hex });
  });
});

/** An lstat override: the second lstat of `file` (storeBundle's look after its read) is `second`'s answer. */
function atSecondLstat(file: string, second: (lstat: FsPort["lstat"]) => Promise<BigStats>): Partial<FsPort> {
  const lstat = fsx.lstat;
  let n = 0;
  return { lstat: async (p) => (p === file && ++n === 2 ? second(lstat) : lstat(p)) };
}

describe("storeBundle's fallbacks", () => {
  it("a copy not written by this process that changes across its read is not trusted: written again", async () => {
    const { root, bundle, file } = await stored();
    forgetStoredBundles();
    // the second lstat (after the read) sees another identity: not remembered
    const otherInode = async (lstat: FsPort["lstat"]) => {
      const st = await lstat(file);
      return Object.assign(Object.create(st), { ino: st.ino + 1n });
    };
    const calls = await recorded(() =>
      withFs(atSecondLstat(file, otherInode), () => storeBundle(root, bundle, { durable: false })),
    );
    expect(calls).toContain("rename");
    // the copy it wrote is remembered
    expect(await recorded(() => storeBundle(root, bundle, { durable: false }))).toEqual(["lstat"]);
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
  });

  it("a copy removed between its read and the second lstat is written again, not compared with nothing", async () => {
    const { root, bundle, file } = await stored();
    forgetStoredBundles();
    // another process removes it after the read
    const removed = async (lstat: FsPort["lstat"]) => {
      await rm(file);
      return lstat(file);
    };
    const calls = await recorded(() =>
      withFs(atSecondLstat(file, removed), () => storeBundle(root, bundle, { durable: false })),
    );
    expect(calls).toContain("rename");
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
  });

  it("a copy removed right after its rename is not remembered: the next store writes it again", async () => {
    const root = await tempRoot();
    const bundle = (await compilePlan(EXAMPLE_1(), { root })).bundle;
    const file = layout.manifest(root, bundle.manifestDigest.slice(7));
    const { lstat, rename } = fsx;
    let renamed = false;
    await withFs(
      {
        rename: async (from, to) => {
          await rename(from, to);
          if (to === file) renamed = true;
        },
        lstat: async (p) => {
          if (p === file && renamed) await rm(file);
          return lstat(p);
        },
      },
      () => storeBundle(root, bundle, { durable: true }),
    );
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await recorded(() => storeBundle(root, bundle, { durable: true }))).toContain("rename");
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
  });

  it("a copy whose in-place fsync fails (a read-only handle on win32) is written again, atomically and durably", async () => {
    const { root, bundle, file } = await stored();
    forgetStoredBundles();
    const fsync = fsx.fsync;
    let failed = false;
    const calls = await recorded(() =>
      withFs(
        {
          fsync: async (fd) => {
            if (!failed) {
              failed = true;
              throw errno("EBADF", "fsync");
            }
            await fsync(fd);
          },
        },
        () => storeBundle(root, bundle, { durable: true }),
      ),
    );
    expect(calls).toContain("rename");
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
    // and it is durable now: the next durable store is one lstat
    expect(await recorded(() => storeBundle(root, bundle, { durable: true }))).toEqual(["lstat"]);
  });

  it("a remembered non-durable copy asked durably whose directory fsync fails is written again", async () => {
    const { root, bundle, file } = await stored(); // remembered: data synced, not durable
    let failDir = true;
    const fsync = fsx.fsync;
    const calls = await recorded(() =>
      withFs(
        {
          fsync: async (fd) => {
            if (failDir) {
              failDir = false;
              throw errno("EIO", "fsync");
            }
            await fsync(fd);
          },
        },
        () => storeBundle(root, bundle, { durable: true }),
      ),
    );
    expect(calls).toContain("rename");
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(bundle));
  });
});

describe("writeAppliedMarker", () => {
  it("an atomic durable write: the temp fsynced before its rename, then applied/ fsynced", async () => {
    const root = await tempRoot();
    await writeAppliedMarker(root, "d".repeat(64), { any: 1 });
    const file = layout.applied(root, "e".repeat(64));
    const calls = await recorded(() => writeAppliedMarker(root, "e".repeat(64), { n: 2 }));
    const fsyncs = calls.filter((c) => c.startsWith("fsync:"));
    expect(fsyncs).toEqual([`fsync:${file}.tmp-${process.pid}`, `fsync:${layout.appliedDir(root)}`]);
    expect(calls.indexOf("rename")).toBeGreaterThan(calls.indexOf(`fsync:${file}.tmp-${process.pid}`));
    expect(calls.indexOf("rename")).toBeLessThan(calls.indexOf(`fsync:${layout.appliedDir(root)}`));
    expect(await readFile(file, "utf8")).toBe('{"n":2}');
  });
});

describe("treeDrift: first and unreadable together", () => {
  const boom = async (p: string) => {
    if (p.startsWith("bad")) throw errno("EACCES", "open");
    return "absent";
  };
  it("first: true stops at the first unreadable entry; without it every entry is reported in order", async () => {
    const entries = [
      { path: "bad1", expected: "absent" },
      { path: "ok", expected: "1".repeat(64) },
      { path: "bad2", expected: "absent" },
    ];
    const first = await treeDrift(entries, boom, { unreadable: "drift", first: true });
    expect(first.map((d) => d.path)).toEqual(["bad1"]);
    const all = await treeDrift(entries, boom, { unreadable: "drift" });
    expect(all.map((d) => d.path)).toEqual(["bad1", "ok", "bad2"]);
    expect(all[1]).toEqual({ path: "ok", expected: "1".repeat(64), actual: "absent" });
    await expect(treeDrift(entries, boom, { unreadable: "throw" })).rejects.toMatchObject({ code: "EACCES" });
  });
});

describe("intake's code precedence (formats.md §6.3)", () => {
  const issue = (code?: string): FullIssue => ({ path: "", message: "m", ...(code ? { code } : {}) }) as FullIssue;
  it("NOT_CANONICAL over BUNDLE_TOO_LARGE over INVALID_MANIFEST, wherever the issue stands", () => {
    expect(bundleFailureCode([issue(), issue("ERR_BUNDLE_TOO_LARGE"), issue("ERR_NOT_CANONICAL")])).toBe(
      "ERR_NOT_CANONICAL",
    );
    expect(bundleFailureCode([issue("ERR_BUNDLE_TOO_LARGE"), issue()])).toBe("ERR_BUNDLE_TOO_LARGE");
    expect(bundleFailureCode([issue(), issue("ERR_BUNDLE_TOO_LARGE")])).toBe("ERR_BUNDLE_TOO_LARGE");
    expect(bundleFailureCode([issue()])).toBe("ERR_INVALID_MANIFEST");
    expect(bundleFailureCode([])).toBe("ERR_INVALID_MANIFEST");
  });

  it("bundleIssues: a valid bundle is ok with its value; a non-object is not ok", async () => {
    const { bundle } = await stored();
    const ok = bundleIssues(JSON.parse(JSON.stringify(bundle)));
    expect(ok.ok).toBe(true);
    expect(bundleIssues(42).ok).toBe(false);
  });
});

describe("kills of the first mutation run's survivors", () => {
  it("postImageOf: a write without a digest → absent", () => {
    expect(postImageOf({ op: "create" })).toBe("absent");
    expect(postImageOf({ op: "overwrite", digest: undefined })).toBe("absent");
  });

  it("a foreign copy made durable in place: the fd it opened for the fsync is closed", async () => {
    const { root, bundle } = await stored();
    forgetStoredBundles();
    let opened = 0;
    let closed = 0;
    const { open, close } = fsx;
    await withFs(
      {
        open: async (p, f, m) => {
          opened++;
          return open(p, f, m);
        },
        close: async (fd) => {
          closed++;
          await close(fd);
        },
      },
      () => storeBundle(root, bundle, { durable: true }),
    );
    expect(opened).toBeGreaterThan(0);
    expect(closed).toBe(opened);
  });

  it("atomicWrite: a temp open failing otherwise than EEXIST makes no rm and no second open", async () => {
    const root = await tempRoot();
    const target = join(root, "x.json");
    let opens = 0;
    const calls = await recorded(() =>
      withFs(
        {
          open: async () => {
            opens++;
            throw errno("EACCES", "open");
          },
        },
        async () => {
          await expect(atomicWrite(target, "x", false)).rejects.toMatchObject({ code: "EACCES" });
        },
      ),
    );
    expect(opens).toBe(1);
    // the rm of the failed write's cleanup is the only one
    expect(calls.filter((c) => c === "rm")).toHaveLength(1);
  });

  it("atomicWrite of a string writes its UTF-8 bytes", async () => {
    const root = await tempRoot();
    const target = join(root, "u.txt");
    await atomicWrite(target, "é€𝒳\n", false);
    expect([...(await readFile(target))]).toEqual([...Buffer.from("é€𝒳\n", "utf8")]);
  });

  it("forgetWritesInProgress: a write frozen mid-way no longer holds later writers of its file", async () => {
    const root = await tempRoot();
    const target = join(root, "f.json");
    let release: (() => void) | undefined;
    const frozen = new Promise<void>((r) => {
      release = r;
    });
    const write = fsx.write;
    let first = true;
    const restore = installFs({
      write: async (fd, data) => {
        if (first) {
          first = false;
          await frozen; // the "killed" writer never gets past its write
        }
        await write(fd, data);
      },
    });
    try {
      const stuck = atomicWrite(target, "old", false);
      await new Promise((r) => setTimeout(r, 20));
      forgetWritesInProgress();
      await atomicWrite(join(root, "g.json"), "other file", false);
      const next = atomicWrite(target, "new", false);
      const done = await Promise.race([next.then(() => "done"), new Promise((r) => setTimeout(() => r("held"), 2000))]);
      expect(done).toBe("done");
      release?.();
      await stuck.catch(() => undefined);
    } finally {
      restore();
    }
  });

  it("capture without keepBytes has no bytes member at all", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "f"), "x");
    const c = await capture(join(root, "f"));
    expect("bytes" in c).toBe(false);
  });

  it("a pre-image read that never reaches its end stops once past max → ERR_BLOB_TOO_LARGE", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "f"), "0123456789");
    const endless = {
      read: async (_fd: number, buf: Uint8Array, off: number, len: number) => {
        buf.fill(120, off, off + len);
        return len;
      },
    };
    const err = await withFs(endless, () =>
      expectCode(() => readPreImageBytes(root, "f", 200_000), "ERR_BLOB_TOO_LARGE"),
    );
    expect((err.details as { bytes: number }).bytes).toBeGreaterThan(200_000);
  });

  it("a pre-image of exactly max bytes at its fstat that grew meanwhile → ERR_BLOB_TOO_LARGE, never the first max bytes", async () => {
    const root = await tempRoot();
    const file = join(root, "f");
    const max = 100_000;
    await writeFile(file, Buffer.alloc(max, 97));
    const { read } = fsx;
    let grown = false;
    const err = await withFs(
      {
        read: async (fd, buf, off, len, pos) => {
          if (!grown) {
            grown = true;
            await appendFile(file, "0123456789");
          }
          return read(fd, buf, off, len, pos);
        },
      },
      () => expectCode(() => readPreImageBytes(root, "f", max), "ERR_BLOB_TOO_LARGE"),
    );
    expect(err.details).toEqual({ bytes: max + 10, max });
  });

  it("readFsMarker itself: a missing marker is not an fs marker (reached when the lstat fails otherwise)", async () => {
    const root = await tempRoot();
    expect(await readFsMarker(root, "a".repeat(64))).toBe(false);
  });

  it("jsonEqual: a string is not an object with its characters as keys, either way round", () => {
    expect(jsonEqual("ab", { 0: "a", 1: "b" })).toBe(false);
    expect(jsonEqual({ 0: "a" }, "a")).toBe(false);
  });

  it("nodeFs.close closes the fd (a later fstat of it is EBADF); fchown changes the owner when allowed", async () => {
    const root = await tempRoot();
    const f = join(root, "f");
    const fd = await nodeFs.open(f, O.O_CREAT | O.O_WRONLY, 0o644);
    if (process.getuid?.() === 0) {
      await nodeFs.fchown(fd, 12345, 12345);
      expect((await stat(f)).uid).toBe(12345);
    } else {
      await expect(nodeFs.fchown(fd, 0, 0)).rejects.toMatchObject({ code: "EPERM" });
    }
    await nodeFs.close(fd);
    expect(() => fstatSync(fd)).toThrow(expect.objectContaining({ code: "EBADF" }));
  });

  it("intake: total and max come from the size issue even when another issue comes first", async () => {
    const b = clone((await compilePlan(EXAMPLE_1())).bundle) as ManifestBundle & Record<string, unknown>;
    b.aaa = 1; // an unknown key: an issue of its own
    const data = "a".repeat(262_144);
    for (let i = 0; i < 17; i++) b.blobs[`sha256:${String(i).padStart(64, "0")}`] = { encoding: "utf8", data };
    const err = await expectCode(() => intakeBundle(b), "ERR_BUNDLE_TOO_LARGE");
    expect((err.details as { issues: unknown[] }).issues.length).toBeGreaterThan(1);
    expect(err.details).toMatchObject({ max: 4_194_304, total: expect.any(Number) });
  });
});

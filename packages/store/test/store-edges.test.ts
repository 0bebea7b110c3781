// The store's remaining edges: the stored-bundle ref is anchored at both ends, storeBundle's
// fallbacks (a copy changed while read, a copy that cannot be made durable in place), the applied
// marker's durable write, drift's first-with-unreadable rule, and intake's code precedence.
import { readFile } from "node:fs/promises";
import { compilePlan } from "@codai/axiom-plan";
import type { FullIssue, ManifestBundle } from "@codai/axiom-schema";
import { EXAMPLE_1, makeTempRoot, type TempRoot } from "@codai/axiom-testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetStoredBundles } from "../src/bundle-memory";
import { readStoredBundle, storeBundle } from "../src/bundles";
import { treeDrift } from "../src/drift";
import { fsx } from "../src/fsx";
import { bundleFailureCode, bundleIssues } from "../src/intake";
import { layout } from "../src/layout";
import { writeAppliedMarker } from "../src/markers";
import { expectCode } from "./helpers";
import { errno, recorded, withFs } from "./seam";

let temps: TempRoot[] = [];
beforeEach(() => forgetStoredBundles());
afterEach(async () => {
  for (const t of temps) await t.cleanup();
  temps = [];
});
async function tempRoot(): Promise<string> {
  const t = await makeTempRoot();
  temps.push(t);
  return t.root;
}
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

describe("storeBundle's fallbacks", () => {
  it("a copy not written by this process that changes across its read is not trusted: written again", async () => {
    const { root, bundle, file } = await stored();
    forgetStoredBundles();
    // the second lstat (after the read) sees another identity: not remembered
    const lstat = fsx.lstat;
    let n = 0;
    const calls = await recorded(() =>
      withFs(
        {
          lstat: async (p) => {
            const st = await lstat(p);
            if (p === file && ++n === 2) return Object.assign(Object.create(st), { ino: st.ino + 1n });
            return st;
          },
        },
        () => storeBundle(root, bundle, { durable: false }),
      ),
    );
    expect(calls).toContain("rename");
    // the copy it wrote is remembered
    expect(await recorded(() => storeBundle(root, bundle, { durable: false }))).toEqual(["lstat"]);
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

// collectGarbage (sources.md §6): live set, scan, --dry-run, --older-than, --keep, the lock, and
// fail-closed aborts. Real temp roots, real files, a real in-process apply queued behind gc.
import * as fs from "node:fs";
import { hostname } from "node:os";
import * as path from "node:path";
import { apply, collectGarbage, parseGcDuration, registerIntent } from "@codai/axiom-apply";
import { sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";
import { afterEach, describe, expect, it } from "vitest";
import { axiomPath, cleanupRoots, exists, hexOf, type Json, makeBundle, snapshot, tmpRoot } from "./engine-helpers";

afterEach(() => cleanupRoots());

/** Writes bytes into the root's CAS slot; returns the hex. */
function casWrite(root: string, content: string): string {
  const bytes = Buffer.from(content);
  const hex = sha256Hex(bytes);
  const slot = axiomPath(root, "cas", "sha256", hex.slice(0, 2), hex);
  fs.mkdirSync(path.dirname(slot), { recursive: true });
  fs.writeFileSync(slot, bytes);
  return hex;
}

function casFile(root: string, hex: string): string {
  return axiomPath(root, "cas", "sha256", hex.slice(0, 2), hex);
}

/** A compiled `store: "cas"` bundle: stored under manifests/, its blob in the CAS, no inline blobs. */
async function storedCasBundle(root: string, file: string, content: string): Promise<{ bundle: Json; blob: string }> {
  const blob = casWrite(root, content);
  const bundle = makeBundle([{ path: file, content, origin: "cas", noInline: true }], { preImageFrom: root });
  await storeBundle(root, bundle as ManifestBundle, { durable: false });
  return { bundle, blob };
}

function setAge(file: string, ageMs: number): void {
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(file, t, t);
}

function writeJournal(root: string, hex: string): string {
  const file = axiomPath(root, "journal", `${hex}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const journal = {
    manifestDigest: `sha256:${hex}`,
    phase: "committed",
    steps: [],
    startedAt: new Date().toISOString(),
    pid: 1,
  };
  fs.writeFileSync(file, JSON.stringify(journal));
  return file;
}

async function expectCode(p: Promise<unknown>, code: string): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    expect((err as { code?: string }).code).toBe(code);
    return (err as { details?: Record<string, unknown> }).details ?? {};
  }
  throw new Error(`expected ${code}`);
}

describe("gc live set and removal", () => {
  it('"`gc --root R` with one stored manifest and one unreferenced blob → unreferenced blob removed, `scanned: 2`, `live: 1`, `removed[0].sha` = its hex"', async () => {
    const { root } = tmpRoot();
    const { blob } = await storedCasBundle(root, "a.txt", "live\n");
    const orphan = casWrite(root, "orphan blob\n");
    const report = await collectGarbage(root);
    expect(report).toEqual({
      root,
      keep: "all-manifests",
      dryRun: false,
      scanned: 2,
      live: 1,
      missing: 0,
      removed: [{ sha: orphan, bytes: 12 }],
      skippedYoung: 0,
      freedBytes: 12,
    });
    expect(exists(casFile(root, orphan))).toBe(false);
    expect(exists(casFile(root, blob))).toBe(true);
  });

  it('"`gc --dry-run` → same report, no file deleted"', async () => {
    const { root } = tmpRoot();
    await storedCasBundle(root, "a.txt", "live\n");
    const orphan = casWrite(root, "orphan blob\n");
    const dry = await collectGarbage(root, { dryRun: true });
    expect(exists(casFile(root, orphan))).toBe(true);
    const real = await collectGarbage(root);
    expect({ ...dry, dryRun: false }).toEqual(real);
    expect(dry.dryRun).toBe(true);
  });

  it('"`gc --keep journal` with a compiled-but-not-applied manifest → its blobs removed; with the default keep → kept"', async () => {
    const { root } = tmpRoot();
    const { blob } = await storedCasBundle(root, "a.txt", "compiled only\n");
    const kept = await collectGarbage(root);
    expect(kept.removed).toEqual([]);
    expect(kept.live).toBe(1);
    const journalKeep = await collectGarbage(root, { keep: "journal" });
    expect(journalKeep.keep).toBe("journal");
    expect(journalKeep.live).toBe(0);
    expect(journalKeep.removed.map((r) => r.sha)).toEqual([blob]);
    expect(exists(casFile(root, blob))).toBe(false);
    // The manifest itself is never touched.
    expect(fs.readdirSync(axiomPath(root, "manifests"))).toHaveLength(1);
  });

  it("`--keep journal`: manifests named by journals and `applied/` markers stay live", async () => {
    const { root } = tmpRoot();
    const applied = await storedCasBundle(root, "a.txt", "applied\n");
    const r = await apply({ bundle: applied.bundle, root, mode: "fs", confirmDigest: applied.bundle.manifestDigest });
    expect(r.status).toBe("applied");
    const journaled = await storedCasBundle(root, "b.txt", "journaled\n");
    writeJournal(root, hexOf(journaled.bundle));
    const report = await collectGarbage(root, { keep: "journal" });
    expect(report.removed).toEqual([]);
    expect(report.live).toBe(2);
  });

  it('"`gc` with a `.tmp` file in a shard → removed, listed with its file name in `sha`"', async () => {
    const { root } = tmpRoot();
    const hex = casWrite(root, "x");
    const tmpName = `${hex}.123.abcdefabcdef.tmp`;
    fs.writeFileSync(path.join(path.dirname(casFile(root, hex)), tmpName), "partial");
    const report = await collectGarbage(root);
    expect(report.scanned).toBe(1);
    expect(report.removed).toEqual([
      { sha: hex, bytes: 1 },
      { sha: tmpName, bytes: 7 },
    ]);
    expect(report.freedBytes).toBe(8);
  });

  it('"`gc --older-than 1h` with a 10-minute-old unreferenced blob → kept, `skippedYoung: 1`"', async () => {
    const { root } = tmpRoot();
    const young = casWrite(root, "young");
    const old = casWrite(root, "old");
    setAge(casFile(root, young), 10 * 60_000);
    setAge(casFile(root, old), 2 * 3_600_000);
    const youngTmp = path.join(path.dirname(casFile(root, young)), "x.tmp");
    fs.writeFileSync(youngTmp, "t");
    const report = await collectGarbage(root, { olderThanMs: parseGcDuration("1h") });
    expect(report.skippedYoung).toBe(1);
    expect(report.removed).toEqual([{ sha: old, bytes: 3 }]);
    expect(exists(casFile(root, young))).toBe(true);
    // A younger temp file is kept silently.
    expect(exists(youngTmp)).toBe(true);
  });

  it("links, directories and other names in the CAS are ignored; only regular hex / .tmp files count", async () => {
    const { root } = tmpRoot();
    const hex = casWrite(root, "x");
    const shard = path.dirname(casFile(root, hex));
    const outside = path.join(root, "outside.txt");
    fs.writeFileSync(outside, "keep me");
    fs.symlinkSync(outside, path.join(shard, "f".repeat(64)));
    fs.mkdirSync(path.join(shard, "e".repeat(64)));
    fs.writeFileSync(path.join(shard, "README"), "not a blob");
    fs.writeFileSync(path.join(shard, "A".repeat(64)), "upper-case is not a blob name");
    const report = await collectGarbage(root);
    expect(report.scanned).toBe(1);
    expect(report.removed).toEqual([{ sha: hex, bytes: 1 }]);
    expect(fs.readFileSync(outside, "utf8")).toBe("keep me");
    expect(fs.readdirSync(shard).sort()).toEqual(["A".repeat(64), "README", "e".repeat(64), "f".repeat(64)].sort());
  });

  it("`missing` counts live digests without a blob (informational)", async () => {
    const { root } = tmpRoot();
    const { blob } = await storedCasBundle(root, "a.txt", "gone\n");
    fs.rmSync(casFile(root, blob));
    const report = await collectGarbage(root);
    expect(report.missing).toBe(1);
    expect(report.live).toBe(1);
  });

  it('"`gc` twice → second run `removed: []`"', async () => {
    const { root } = tmpRoot();
    await storedCasBundle(root, "a.txt", "live\n");
    casWrite(root, "orphan");
    expect((await collectGarbage(root)).removed).toHaveLength(1);
    const second = await collectGarbage(root);
    expect(second.removed).toEqual([]);
    expect(second.freedBytes).toBe(0);
  });

  it('"`gc` never deletes anything outside `.axiom/cas/` (tree snapshot of `.axiom/` minus `cas/` unchanged)"', async () => {
    const { root } = tmpRoot();
    const a = await storedCasBundle(root, "a.txt", "applied\n");
    await apply({ bundle: a.bundle, root, mode: "fs", confirmDigest: a.bundle.manifestDigest });
    await storedCasBundle(root, "b.txt", "compiled\n");
    casWrite(root, "orphan");
    fs.mkdirSync(axiomPath(root, "trust"), { recursive: true });
    fs.writeFileSync(axiomPath(root, "trust", "keys.json"), "{}");
    fs.mkdirSync(axiomPath(root, "reports"), { recursive: true });
    fs.writeFileSync(axiomPath(root, "reports", "r.json"), "{}");
    const axiomTree = () => {
      const all = snapshot(axiomPath(root), false);
      return Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith("cas/")));
    };
    const treeBefore = snapshot(root);
    const before = axiomTree();
    await collectGarbage(root, { keep: "journal" });
    expect(axiomTree()).toEqual(before);
    expect(snapshot(root)).toEqual(treeBefore);
  });
});

describe("gc fail-closed and the lock", () => {
  it('"`gc` while another process holds the lock → `ERR_LOCKED` after ~1 s, nothing deleted"', async () => {
    const { root } = tmpRoot();
    const orphan = casWrite(root, "orphan");
    // A live holder: this test process (alive, same host, fresh).
    fs.mkdirSync(axiomPath(root), { recursive: true });
    const record = {
      pid: process.pid,
      hostname: hostname(),
      startedAt: new Date().toISOString(),
      manifestDigest: `sha256:${"a".repeat(64)}`,
    };
    fs.writeFileSync(axiomPath(root, "lock"), JSON.stringify(record));
    const start = Date.now();
    const details = await expectCode(collectGarbage(root), "ERR_LOCKED");
    const waited = Date.now() - start;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5_000);
    expect((details.holder as Record<string, unknown>).pid).toBe(process.pid);
    expect(exists(casFile(root, orphan))).toBe(true);
  });

  it('a stale holder (dead pid) is reclaimed; the holder record\'s digest while gc runs is "gc"; released after', async () => {
    const { root } = tmpRoot();
    const dead = {
      pid: 2 ** 22 + 12345,
      hostname: hostname(),
      startedAt: new Date().toISOString(),
      manifestDigest: "x",
    };
    fs.mkdirSync(axiomPath(root), { recursive: true });
    fs.writeFileSync(axiomPath(root, "lock"), JSON.stringify(dead));
    let during: Json;
    await collectGarbage(root, {
      afterLock: async () => {
        during = JSON.parse(fs.readFileSync(axiomPath(root, "lock"), "utf8"));
      },
    });
    expect(during.manifestDigest).toBe("gc");
    expect(during.pid).toBe(process.pid);
    expect(exists(axiomPath(root, "lock"))).toBe(false);
  });

  it("the lock is released on every exit path (an aborted run leaves no lock)", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(axiomPath(root, "manifests"), { recursive: true });
    fs.writeFileSync(axiomPath(root, "manifests", `${"b".repeat(64)}.json`), "not json");
    await expectCode(collectGarbage(root), "ERR_INVALID_MANIFEST");
    expect(exists(axiomPath(root, "lock"))).toBe(false);
  });

  it('"`gc` with a journal naming an unstored manifest → `ERR_BLOB_MISSING`, nothing deleted"', async () => {
    const { root } = tmpRoot();
    const orphan = casWrite(root, "orphan");
    const hex = "c".repeat(64);
    const journal = writeJournal(root, hex);
    const details = await expectCode(collectGarbage(root), "ERR_BLOB_MISSING");
    expect(details).toEqual({ manifestDigest: `sha256:${hex}`, file: journal });
    expect(exists(casFile(root, orphan))).toBe(true);
  });

  it('"`gc` with a stored manifest that is not JSON → `ERR_INVALID_MANIFEST`, nothing deleted" (a schema failure too)', async () => {
    const { root } = tmpRoot();
    const orphan = casWrite(root, "orphan");
    const file = axiomPath(root, "manifests", `${"d".repeat(64)}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "{not json");
    expect(await expectCode(collectGarbage(root), "ERR_INVALID_MANIFEST")).toEqual({ file });
    fs.writeFileSync(file, JSON.stringify({ manifest: {}, manifestDigest: "nope" }));
    expect(await expectCode(collectGarbage(root), "ERR_INVALID_MANIFEST")).toEqual({ file });
    expect(exists(casFile(root, orphan))).toBe(true);
  });

  it("journal files that do not parse are skipped (reported by status, not by gc)", async () => {
    const { root } = tmpRoot();
    const file = axiomPath(root, "journal", `${"e".repeat(64)}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "garbage");
    const report = await collectGarbage(root);
    expect(report.live).toBe(0);
  });

  it('"`gc` with a live intent whose manifest is stored under `--keep journal` → that manifest\'s blobs kept"', async () => {
    const { root } = tmpRoot();
    const { bundle, blob } = await storedCasBundle(root, "a.txt", "intended\n");
    const intent = await registerIntent(root, bundle.manifestDigest, ["a.txt"]);
    try {
      const report = await collectGarbage(root, { keep: "journal" });
      expect(report.live).toBe(1);
      expect(report.removed).toEqual([]);
      expect(exists(casFile(root, blob))).toBe(true);
    } finally {
      await intent.release();
    }
  });

  it('"`gc --keep journal` while an fs apply of a compiled-but-never-applied `store: "cas"` bundle waits in the lock queue → the apply\'s intent keeps that manifest\'s blobs live; the apply then succeeds"', async () => {
    const { root } = tmpRoot();
    const { bundle, blob } = await storedCasBundle(root, "a.txt", "queued apply\n");
    let applying: Promise<Json> | undefined;
    const report = await collectGarbage(root, {
      keep: "journal",
      afterLock: async () => {
        // gc holds the lock: the apply stores its bundle, registers its intent, then queues.
        applying = apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 20_000 });
        const deadline = Date.now() + 10_000;
        while (
          !(
            fs.existsSync(axiomPath(root, "intents")) &&
            fs.readdirSync(axiomPath(root, "intents")).some((n) => n.endsWith(".json"))
          )
        ) {
          if (Date.now() > deadline) throw new Error("the apply never registered its intent");
          await new Promise((r) => setTimeout(r, 10));
        }
      },
    });
    expect(report.removed).toEqual([]);
    expect(exists(casFile(root, blob))).toBe(true);
    const result = await applying;
    expect(result.status).toBe("applied");
    expect(fs.readFileSync(path.join(root, "a.txt"), "utf8")).toBe("queued apply\n");
  });
});

describe("--older-than grammar", () => {
  it("`^\\d+(ms|s|m|h|d)?$` after trimming; a bare number is milliseconds; malformed → undefined", () => {
    expect(parseGcDuration("1h")).toBe(3_600_000);
    expect(parseGcDuration(" 250 ")).toBe(250);
    expect(parseGcDuration("2d")).toBe(172_800_000);
    expect(parseGcDuration("10ms")).toBe(10);
    expect(parseGcDuration("5x")).toBeUndefined();
    expect(parseGcDuration("5w")).toBeUndefined();
    expect(parseGcDuration("-1s")).toBeUndefined();
    expect(parseGcDuration("1.5h")).toBeUndefined();
    expect(parseGcDuration("")).toBeUndefined();
  });
});

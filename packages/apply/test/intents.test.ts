// apply.md §11.4 intent registry and its "Lock, queue, intents" acceptance lines.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listIntents, pathsOverlap, registerIntent } from "../src/intents";
import { lockStatus } from "../src/lock";
import { setBootTimeForTests } from "../src/lock-stale";
import { DIGEST_A, DIGEST_B, DIGEST_C, deadPid, tempRoot, writeTornRecord } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-intents-"));
});
afterEach(() => cleanup());

const intentsDir = () => path.join(root, ".axiom", "intents");
const files = async () => (await readdir(intentsDir())).filter((n) => n !== ".mutex");

async function failure(
  p: Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  if (!err) throw new Error("expected a failure");
  return err as { code: string; message: string; details: Record<string, unknown> };
}

describe("registration", () => {
  it("writes intents/<hex>-<seq>.json = {manifestDigest, paths (sorted), pid, host, since, seq}; release deletes it", async () => {
    const h = await registerIntent(root, DIGEST_A, ["src/b.ts", "src/a.ts"]);
    const names = await files();
    expect(names).toEqual([`${"a".repeat(64)}-${h.record.seq}.json`]);
    expect(h.record.seq).toMatch(/^\d{21}[0-9a-f]{6}$/);
    const rec = JSON.parse(await readFile(h.file, "utf8"));
    expect(Object.keys(rec)).toEqual(["manifestDigest", "paths", "pid", "host", "since", "seq"]);
    expect(rec).toMatchObject({
      manifestDigest: DIGEST_A,
      paths: ["src/a.ts", "src/b.ts"],
      pid: process.pid,
      host: os.hostname(),
    });
    expect(existsSync(path.join(intentsDir(), ".mutex"))).toBe(false); // held for milliseconds only
    await h.release();
    expect(await files()).toEqual([]);
  });

  it("<hex> is `unknown` when the digest's hex is not 1–64 hex chars", async () => {
    const h = await registerIntent(root, "sha256:XYZ", ["a"]);
    expect(path.basename(h.file).startsWith("unknown-")).toBe(true);
    await h.release();
  });

  it('Two live applies with overlapping paths `src/a` and `src` → second gets ERR_CONFLICT, details.otherDigest, details.paths: ["src"], no intent file for it', async () => {
    const first = await registerIntent(root, DIGEST_A, ["src/a"]);
    const err = await failure(registerIntent(root, DIGEST_B, ["src", "zzz"]));
    expect(err.code).toBe("ERR_CONFLICT");
    expect(err.details).toEqual({ otherDigest: DIGEST_A, paths: ["src"] });
    expect(err.message).toContain(DIGEST_A);
    expect(err.message).toContain("src");
    expect(await files()).toEqual([path.basename(first.file)]);
    await first.release();
  });

  it("Same digest applied twice concurrently → no ERR_CONFLICT", async () => {
    const a = await registerIntent(root, DIGEST_A, ["x/y"]);
    const b = await registerIntent(root, DIGEST_A, ["x/y"]);
    expect((await files()).length).toBe(2);
    await a.release();
    await b.release();
  });

  it("disjoint paths never conflict: `src/a` vs `src/ab`", async () => {
    const a = await registerIntent(root, DIGEST_A, ["src/a"]);
    const b = await registerIntent(root, DIGEST_B, ["src/ab", "src/a.txt"]);
    await a.release();
    await b.release();
  });

  it("darwin/win32: `Src/A.ts` vs `src/a.ts` → ERR_CONFLICT; Linux → no conflict", async () => {
    const a = await registerIntent(root, DIGEST_A, ["Src/A.ts"]);
    for (const platform of ["darwin", "win32"] as const) {
      const err = await failure(registerIntent(root, DIGEST_B, ["src/a.ts"], { platform }));
      expect(err.code).toBe("ERR_CONFLICT");
      expect(err.details).toEqual({ otherDigest: DIGEST_A, paths: ["src/a.ts"] });
    }
    const b = await registerIntent(root, DIGEST_B, ["src/a.ts"], { platform: "linux" });
    await b.release();
    await a.release();
    expect(pathsOverlap("A/b", "a", "darwin")).toBe(true);
    expect(pathsOverlap("A/b", "a", "linux")).toBe(false);
  });

  it("the conflicting paths listed are mine, sorted", async () => {
    const a = await registerIntent(root, DIGEST_A, ["lib", "docs/x.md"]);
    const err = await failure(registerIntent(root, DIGEST_C, ["lib/z.ts", "docs/x.md", "lib/a.ts", "other"]));
    expect(err.details.paths).toEqual(["docs/x.md", "lib/a.ts", "lib/z.ts"]);
    await a.release();
  });

  it("an intent of a dead pid on this host is stale: pruned, never a conflict", async () => {
    await mkdir(intentsDir(), { recursive: true });
    const stale = path.join(intentsDir(), `${"a".repeat(64)}-${"0".repeat(21)}abcdef.json`);
    await writeFile(
      stale,
      JSON.stringify({
        manifestDigest: DIGEST_A,
        paths: ["src"],
        pid: await deadPid(),
        host: os.hostname(),
        since: new Date().toISOString(),
        seq: `${"0".repeat(21)}abcdef`,
      }),
    );
    const h = await registerIntent(root, DIGEST_B, ["src"]);
    expect(existsSync(stale)).toBe(false);
    await h.release();
  });

  it("an intent from another host older than 1 h is pruned; a fresh one conflicts", async () => {
    await mkdir(intentsDir(), { recursive: true });
    const mk = (seq: string, since: string) => ({
      manifestDigest: DIGEST_A,
      paths: ["src"],
      pid: 4242,
      host: "B",
      since,
      seq,
    });
    const old = path.join(intentsDir(), `${"a".repeat(64)}-${"0".repeat(21)}000001.json`);
    await writeFile(
      old,
      JSON.stringify(mk(`${"0".repeat(21)}000001`, new Date(Date.now() - 2 * 3600_000).toISOString())),
    );
    const h = await registerIntent(root, DIGEST_B, ["src"]);
    await h.release();
    expect(existsSync(old)).toBe(false);
    const fresh = path.join(intentsDir(), `${"a".repeat(64)}-${"0".repeat(21)}000002.json`);
    await writeFile(fresh, JSON.stringify(mk(`${"0".repeat(21)}000002`, new Date().toISOString())));
    expect((await failure(registerIntent(root, DIGEST_B, ["src"]))).code).toBe("ERR_CONFLICT");
  });

  it("a malformed intent is pruned", async () => {
    await mkdir(intentsDir(), { recursive: true });
    const bad = path.join(intentsDir(), `${"a".repeat(64)}-${"0".repeat(21)}000001.json`);
    await writeFile(bad, "{oops");
    await (await registerIntent(root, DIGEST_B, ["src"])).release();
    expect(existsSync(bad)).toBe(false);
  });

  it("lockStatus lists live intents sorted by seq as {digest, paths, pid, since}", async () => {
    const a = await registerIntent(root, DIGEST_A, ["a"]);
    const b = await registerIntent(root, DIGEST_B, ["b", "c"]);
    const s = await lockStatus(root);
    expect(s.intents).toEqual([
      { digest: DIGEST_A, paths: ["a"], pid: process.pid, since: a.record.since },
      { digest: DIGEST_B, paths: ["b", "c"], pid: process.pid, since: b.record.since },
    ]);
    expect((await listIntents(root, false)).map((i) => i.seq)).toEqual([a.record.seq, b.record.seq]);
    await a.release();
    await b.release();
  });
});

describe("the mutex intents/.mutex", () => {
  const mutex = () => path.join(intentsDir(), ".mutex");

  it('.mutex held by a live process for > 10 s (fresh since) → ERR_LOCKED "intent registry is busy"', async () => {
    await mkdir(intentsDir(), { recursive: true });
    // A live holder whose `since` stays fresh for the whole wait (dated ahead of the clock).
    const rec = {
      pid: process.pid,
      hostname: os.hostname(),
      since: new Date(Date.now() + 60_000).toISOString(),
      token: "0123456789abcdef",
    };
    await writeFile(mutex(), JSON.stringify(rec));
    const t0 = Date.now();
    const err = await failure(registerIntent(root, DIGEST_A, ["x"]));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(10_000);
    expect(err.code).toBe("ERR_LOCKED");
    expect(err.message).toBe("intent registry is busy");
    expect(err.details).toEqual({ lock: mutex() });
    expect(JSON.parse(await readFile(mutex(), "utf8"))).toEqual(rec); // never released by someone else
    expect(await files()).toEqual([]);
  }, 20_000);

  it("a mutex of a dead pid on this host, or with `since` older than 10 s, or unparseable with an old mtime, is reclaimed", async () => {
    await mkdir(intentsDir(), { recursive: true });
    await writeFile(
      mutex(),
      JSON.stringify({ pid: await deadPid(), hostname: os.hostname(), since: new Date().toISOString(), token: "x" }),
    );
    await (await registerIntent(root, DIGEST_A, ["x"])).release();
    await writeFile(
      mutex(),
      JSON.stringify({
        pid: process.pid,
        hostname: os.hostname(),
        since: new Date(Date.now() - 11_000).toISOString(),
        token: "x",
      }),
    );
    await (await registerIntent(root, DIGEST_A, ["x"])).release();
    await writeFile(mutex(), "");
    const { utimes } = await import("node:fs/promises");
    const old = new Date(Date.now() - 11_000);
    await utimes(mutex(), old, old);
    await (await registerIntent(root, DIGEST_A, ["x"])).release();
    expect(existsSync(mutex())).toBe(false);
  });

  it("a short test timeout: a fresh unparseable mutex is not reclaimed", async () => {
    await mkdir(intentsDir(), { recursive: true });
    await writeFile(mutex(), "");
    const err = await failure(registerIntent(root, DIGEST_A, ["x"], { mutexTimeoutMs: 50 }));
    expect(err.code).toBe("ERR_LOCKED");
  });
});

describe("SPEED-22 an intents/.mutex that does not parse and predates the boot", () => {
  // its temp is not fsynced: only a power cut leaves the name without its record, and the machine
  // booted since; one written in this boot keeps the 10 s reclaim
  afterEach(() => setBootTimeForTests(undefined));

  const tornMutex = (ageMs: number) => writeTornRecord(path.join(intentsDir(), ".mutex"), ageMs);

  it("named 4 s before a boot 1 s ago → reclaimed at once: the intent registers within a 500 ms registry timeout", async () => {
    await tornMutex(4_000);
    setBootTimeForTests(Date.now() - 1_000);
    const h = await registerIntent(root, DIGEST_A, ["a.txt"], { mutexTimeoutMs: 500 });
    expect(await files()).toHaveLength(1);
    await h.release();
  });

  it("named 4 s ago, the machine up for longer → the 10 s reclaim still holds: ERR_LOCKED (registry busy)", async () => {
    await tornMutex(4_000);
    setBootTimeForTests(Date.now() - 60_000);
    const err = await registerIntent(root, DIGEST_A, ["a.txt"], { mutexTimeoutMs: 200 }).then(
      () => undefined,
      (e: { code?: string }) => e,
    );
    expect(err?.code).toBe("ERR_LOCKED");
  });
});

// issue 3 › Concurrency, with the real engine: several processes apply to one root at once.
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apply } from "../src/apply";
import { readChain, verifyChain } from "../src/chain";
import { registerIntent } from "../src/intents";
import { acquireLock } from "../src/lock";
import { listTickets } from "../src/queue";
import { statusDocument } from "../src/status";
import { makeBundle } from "./engine-helpers";
import { bundleFixture, DIGEST_A, runChild, tempRoot } from "./lock-helpers";

let work: { root: string; cleanup: () => Promise<void> };
let runner: string;

beforeAll(async () => {
  work = await tempRoot("axiom-conc-apply-bundle-");
  runner = await bundleFixture("apply-runner", work.root);
});
afterAll(() => work.cleanup());

async function writeBundle(dir: string, name: string, bundle: unknown): Promise<string> {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(bundle));
  return file;
}

type Result = { status: string; manifestDigest: string; error?: { code: string; details?: Record<string, unknown> } };

describe("multi-process applies", () => {
  it("6 processes apply disjoint manifests to one root at once → all applied, FIFO order of the tickets respected, chain contiguous", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-apply-");
    const bundles = await tempRoot("axiom-conc-apply-b-");
    try {
      const made = Array.from({ length: 6 }, (_, i) =>
        makeBundle(
          [
            { path: `p${i}/file.txt`, content: `content ${i}\n` },
            { path: `shared-dir/f${i}`, content: `${i}` },
          ],
          { name: `plan-${i}`, preImageFrom: root },
        ),
      );
      const files = await Promise.all(made.map((b, i) => writeBundle(bundles.root, `b${i}`, b)));
      // Hold the lock so every child registers its intent and queues before any can commit.
      const gate = await acquireLock(root, DIGEST_A, 1000);
      const children = files.map((f) => runChild(runner, [root, "60000", "-", f]));
      const t0 = Date.now();
      while ((await listTickets(root, false)).length < 6) {
        if (Date.now() - t0 > 30_000) throw new Error("children did not queue");
        await new Promise((r) => setTimeout(r, 20));
      }
      const queuedPids = (await listTickets(root, false)).map((t) => t.pid);
      await gate.release();
      const results = await Promise.all(
        children.map(async (c) => (await c.waitFor("result", 60_000)).result as Result),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill("applied"));
      // Tree: every file of every manifest is there.
      for (let i = 0; i < 6; i++) {
        expect(await readFile(path.join(root, `p${i}`, "file.txt"), "utf8")).toBe(`content ${i}\n`);
        expect(await readFile(path.join(root, "shared-dir", `f${i}`), "utf8")).toBe(`${i}`);
      }
      // Chain: 6 contiguous committed entries, in the order the tickets were queued.
      const v = await verifyChain(root);
      expect(v).toMatchObject({ ok: true, entries: 6, missing: [] });
      const walk = await readChain(root);
      const digestByPid = new Map(children.map((c, i) => [c.proc.pid, made[i].manifestDigest as string]));
      expect(walk.entries.map((e) => e.manifestDigest)).toEqual(queuedPids.map((p) => digestByPid.get(p)));
      expect(walk.entries.every((e) => e.state === "committed")).toBe(true);
      // No ticket, intent or lock left behind.
      expect(await readdir(path.join(root, ".axiom", "queue"))).toEqual([]);
      expect((await readdir(path.join(root, ".axiom", "intents"))).filter((n) => n !== ".mutex")).toEqual([]);
      expect(await readdir(path.join(root, ".axiom"))).not.toContain("lock");
    } finally {
      await cleanup();
      await bundles.cleanup();
    }
  });

  it("overlapping manifests → exactly one applies, the other gets ERR_CONFLICT or ERR_PREIMAGE_CHANGED; nothing is lost", async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { root, cleanup } = await tempRoot("axiom-conc-overlap-");
      const bundles = await tempRoot("axiom-conc-overlap-b-");
      try {
        await writeFile(path.join(root, "shared.txt"), "original\n");
        const a = makeBundle(
          [
            { path: "shared.txt", op: "overwrite", content: "from A\n" },
            { path: "only-a.txt", content: "a" },
          ],
          { name: "plan-a", preImageFrom: root },
        );
        const b = makeBundle(
          [
            { path: "shared.txt", op: "overwrite", content: "from B\n" },
            { path: "only-b.txt", content: "b" },
          ],
          { name: "plan-b", preImageFrom: root },
        );
        const fa = await writeBundle(bundles.root, "a", a);
        const fb = await writeBundle(bundles.root, "b", b);
        const ca = runChild(runner, [root, "30000", "-", fa]);
        const cb = runChild(runner, [root, "30000", "-", fb]);
        const [ra, rb] = await Promise.all([ca.waitFor("result", 60_000), cb.waitFor("result", 60_000)]).then((ls) =>
          ls.map((l) => l.result as Result),
        );
        const statuses = [ra?.status, rb?.status].sort();
        expect(statuses).toEqual(["applied", "failed"]);
        const [winner, loser] = ra?.status === "applied" ? (["a", rb] as const) : (["b", ra] as const);
        expect(["ERR_CONFLICT", "ERR_PREIMAGE_CHANGED"]).toContain(loser?.error?.code);
        if (loser?.error?.code === "ERR_CONFLICT") {
          expect(loser.error.details).toEqual({
            otherDigest: winner === "a" ? a.manifestDigest : b.manifestDigest,
            paths: ["shared.txt"],
          });
        }
        // Nothing lost: the tree is exactly the winner's post-state; the loser wrote nothing.
        expect(await readFile(path.join(root, "shared.txt"), "utf8")).toBe(winner === "a" ? "from A\n" : "from B\n");
        const names = (await readdir(root)).filter((n) => n !== ".axiom").sort();
        expect(names).toEqual([`only-${winner}.txt`, "shared.txt"]);
        const walk = await readChain(root);
        expect(walk.entries.map((e) => [e.state, e.manifestDigest])).toEqual([
          ["committed", winner === "a" ? a.manifestDigest : b.manifestDigest],
        ]);
        // The loser's bytes are not anywhere in the tree, and the original is kept as the winner's backup.
        const backup = path.join(
          root,
          ".axiom",
          "backup",
          (winner === "a" ? a : b).manifestDigest.slice(7),
          "shared.txt",
        );
        expect(readFileSync(backup, "utf8")).toBe("original\n");
      } finally {
        await cleanup();
        await bundles.cleanup();
      }
    }
  });

  it("Same digest applied twice concurrently → no ERR_CONFLICT; the second is `noop`", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-same-");
    const bundles = await tempRoot("axiom-conc-same-b-");
    try {
      const b = makeBundle([{ path: "x/y.txt", content: "y" }], { preImageFrom: root });
      const f = await writeBundle(bundles.root, "b", b);
      const gate = await acquireLock(root, DIGEST_A, 1000);
      const children = [runChild(runner, [root, "30000", "-", f]), runChild(runner, [root, "30000", "-", f])];
      while ((await listTickets(root, false)).length < 2) await new Promise((r) => setTimeout(r, 20));
      await gate.release();
      const results = await Promise.all(
        children.map(async (c) => (await c.waitFor("result", 60_000)).result as Result),
      );
      expect(results.map((r) => r.status).sort()).toEqual(["applied", "noop"]);
    } finally {
      await cleanup();
      await bundles.cleanup();
    }
  });

  it("F21/I13 two processes with hostnames A and B on one root, 10 disjoint applies each → every apply applied; chain entries = 20, ok", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-hosts-");
    const bundles = await tempRoot("axiom-conc-hosts-b-");
    try {
      const filesFor = async (host: string) =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            writeBundle(
              bundles.root,
              `${host}${i}`,
              makeBundle([{ path: `${host}/${i}.txt`, content: `${host}${i}` }], {
                name: `h-${host.toLowerCase()}-${i}`,
              }),
            ),
          ),
        );
      const ca = runChild(runner, [root, "60000", "A", ...(await filesFor("A"))]);
      const cb = runChild(runner, [root, "60000", "B", ...(await filesFor("B"))]);
      await Promise.all([ca.waitFor("done", 120_000), cb.waitFor("done", 120_000)]);
      const results = [...ca.lines, ...cb.lines]
        .filter((l) => l.event === "result")
        .map((l) => (l.result as Result).status);
      expect(results).toEqual(Array(20).fill("applied"));
      expect(await verifyChain(root)).toMatchObject({ ok: true, entries: 20 });
    } finally {
      await cleanup();
      await bundles.cleanup();
    }
  }, 120_000);
});

describe("the engine and the registry, in-process", () => {
  it("Dry-run while a conflicting intent is live → no ERR_CONFLICT", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-dry-");
    try {
      const intent = await registerIntent(root, DIGEST_A, ["src"]);
      const b = makeBundle([{ path: "src/a.ts", content: "a" }]);
      const r = await apply({ bundle: b, root, mode: "dry-run" });
      expect(r.status).toBe("applied");
      expect(r.mode).toBe("dry-run");
      const fs = await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest });
      expect(fs.status).toBe("failed");
      expect(fs.error).toMatchObject({ code: "ERR_CONFLICT", details: { otherDigest: DIGEST_A, paths: ["src/a.ts"] } });
      await intent.release();
    } finally {
      await cleanup();
    }
  });

  it("Intent file and ticket are gone after apply returns (success and failure)", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-gone-");
    try {
      const ok = makeBundle([{ path: "a.txt", content: "a" }]);
      expect((await apply({ bundle: ok, root, mode: "fs", confirmDigest: ok.manifestDigest })).status).toBe("applied");
      const bad = makeBundle([{ path: "a.txt", content: "again" }]); // create over an existing file → ERR_EXISTS
      const r = await apply({ bundle: bad, root, mode: "fs", confirmDigest: bad.manifestDigest });
      expect(r.status).toBe("failed");
      expect(await readdir(path.join(root, ".axiom", "queue"))).toEqual([]);
      expect((await readdir(path.join(root, ".axiom", "intents"))).filter((n) => n !== ".mutex")).toEqual([]);
      expect(await readdir(path.join(root, ".axiom"))).not.toContain("lock");
    } finally {
      await cleanup();
    }
  });

  it("Broken chain, then apply → `applied`, no line appended (chain.jsonl byte-equal), status `chain.ok: false`", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-broken-");
    try {
      const first = makeBundle([{ path: "one.txt", content: "1" }]);
      await apply({ bundle: first, root, mode: "fs", confirmDigest: first.manifestDigest });
      const chainFile = path.join(root, ".axiom", "journal", "chain.jsonl");
      await writeFile(chainFile, (await readFile(chainFile, "utf8")).slice(0, -1)); // torn tail
      const before = await readFile(chainFile);
      const second = makeBundle([{ path: "two.txt", content: "2" }], { name: "second" });
      expect((await apply({ bundle: second, root, mode: "fs", confirmDigest: second.manifestDigest })).status).toBe(
        "applied",
      );
      expect(await readFile(chainFile)).toEqual(before);
      expect((await statusDocument(root)).chain).toMatchObject({ ok: false, firstBad: { seq: 1, reason: "parse" } });
    } finally {
      await cleanup();
    }
  });

  it("fs apply of a new 3-file manifest → chain has 1 `committed` entry with `files: 3`; status lastApplied names it", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-three-");
    try {
      const b = makeBundle([
        { path: "a", content: "1" },
        { path: "b", content: "2" },
        { path: "c/d", content: "3" },
      ]);
      expect((await apply({ bundle: b, root, mode: "fs", confirmDigest: b.manifestDigest })).status).toBe("applied");
      const walk = await readChain(root);
      expect(walk.entries).toHaveLength(1);
      expect(walk.entries[0]).toMatchObject({ seq: 1, state: "committed", files: 3, manifestDigest: b.manifestDigest });
      const doc = await statusDocument(root);
      expect(doc.lastApplied?.manifestDigest).toBe(b.manifestDigest);
      expect(doc).toMatchObject({ interrupted: [], corrupt: [], lock: { held: false, queue: [], intents: [] } });
    } finally {
      await cleanup();
    }
  });

  it("F22/T16.5 digest 1 held inside its commit; digest 2 with an overlapping path → ERR_CONFLICT {otherDigest, paths} before queueing, nothing written; digest 1 then applied", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-f22-");
    try {
      const d1 = makeBundle([{ path: "src/a.ts", content: "one" }], { name: "one" });
      const d2 = makeBundle(
        [
          { path: "src", op: "delete" },
          { path: "zz.txt", content: "two" },
        ],
        { name: "two" },
      );
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let entered!: () => void;
      const inCommit = new Promise<void>((r) => {
        entered = r;
      });
      const realRename = fsx.rename;
      const restore = installFs({
        rename: async (from, to) => {
          if (to === path.join(root, "src", "a.ts")) {
            entered();
            await held; // digest 1 waits here, inside its commit, holding the lock and its intent
          }
          return realRename(from, to);
        },
      });
      try {
        const first = apply({ bundle: d1, root, mode: "fs", confirmDigest: d1.manifestDigest });
        await inCommit;
        const t0 = Date.now();
        const second = await apply({
          bundle: d2,
          root,
          mode: "fs",
          confirmDigest: d2.manifestDigest,
          lockTimeoutMs: 30_000,
        });
        expect(Date.now() - t0).toBeLessThan(5_000); // refused before queueing: it never waited for the lock
        expect(second.status).toBe("failed");
        expect(second.error).toMatchObject({
          code: "ERR_CONFLICT",
          details: { otherDigest: d1.manifestDigest, paths: ["src"] },
        });
        expect(await readdir(root)).not.toContain("zz.txt");
        release();
        expect((await first).status).toBe("applied");
      } finally {
        restore();
      }
      expect(await readFile(path.join(root, "src", "a.ts"), "utf8")).toBe("one");
    } finally {
      await cleanup();
    }
  });

  it("F19 a lock from host B dated now − 61 min, plus B's `committing` journal → reclaimed; B's journal rolled back; then the apply proceeds", async () => {
    const { root, cleanup } = await tempRoot("axiom-conc-f19-");
    try {
      const hexB = "b".repeat(64);
      const ax = path.join(root, ".axiom");
      // B crashed in K3: its overwrite of orig.txt was renamed into place, the backup is durable.
      await writeFile(path.join(root, "orig.txt"), "from B\n");
      await mkdir(path.join(ax, "backup", hexB), { recursive: true });
      await writeFile(path.join(ax, "backup", hexB, "orig.txt"), "original\n");
      await mkdir(path.join(ax, "journal"), { recursive: true });
      const journal = {
        manifestDigest: `sha256:${hexB}`,
        phase: "committing",
        steps: [{ path: "orig.txt", op: "overwrite", backup: `.axiom/backup/${hexB}/orig.txt`, done: true }],
        startedAt: new Date(Date.now() - 61 * 60_000).toISOString(),
        pid: 4242,
      };
      await writeFile(path.join(ax, "journal", `${hexB}.json`), JSON.stringify(journal));
      await writeFile(
        path.join(ax, "lock"),
        JSON.stringify({
          pid: 4242,
          hostname: `${os.hostname()}-B`,
          startedAt: journal.startedAt,
          manifestDigest: journal.manifestDigest,
        }),
      );
      const before = await statusDocument(root);
      expect(before.lock.holder).toMatchObject({ host: `${os.hostname()}-B`, stale: true });
      expect(before.interrupted).toMatchObject([{ phase: "committing", files: 1, done: 1 }]);
      const c = makeBundle([{ path: "c.txt", content: "c" }], { name: "c" });
      const r = await apply({ bundle: c, root, mode: "fs", confirmDigest: c.manifestDigest, lockTimeoutMs: 2_000 });
      expect(r.status).toBe("applied");
      expect(await readFile(path.join(root, "orig.txt"), "utf8")).toBe("original\n"); // B's pre-state
      expect(await readFile(path.join(root, "c.txt"), "utf8")).toBe("c");
      const walk = await readChain(root);
      expect(walk.entries.map((e) => [e.state, e.manifestDigest])).toEqual([
        ["rolled-back", `sha256:${hexB}`],
        ["committed", c.manifestDigest],
      ]);
      const after = await statusDocument(root);
      expect(after).toMatchObject({ interrupted: [], lock: { held: false }, chain: { ok: true, entries: 2 } });
    } finally {
      await cleanup();
    }
  });
});

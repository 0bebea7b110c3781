// apply.md §13 status document and its text form (cli.md §9.1), "Status" acceptance lines.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendChainEntry } from "../src/chain";
import { GENESIS } from "../src/chain-walk";
import { registerIntent } from "../src/intents";
import { acquireLock } from "../src/lock";
import { lockOverview, type StatusDocument, statusDocument, statusSummary } from "../src/status";
import { formatStatusText } from "../src/status-text";
import { DIGEST_A, DIGEST_B, deadPid, tempRoot } from "./lock-helpers";

/** Every SGR colour sequence `ESC[…m` (built from the char code: no control character in a regex literal). */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-status-"));
});
afterEach(() => cleanup());

const jdir = () => path.join(root, ".axiom", "journal");

async function journal(
  digest: string,
  phase: string,
  steps: { path: string; op: string; done: boolean }[],
  startedAt: string,
  pid = 777,
): Promise<string> {
  await mkdir(jdir(), { recursive: true });
  const file = path.join(jdir(), `${digest.slice(7)}.json`);
  await writeFile(file, JSON.stringify({ manifestDigest: digest, phase, steps, startedAt, pid }));
  return file;
}

/** Every file under .axiom with its bytes and mtime: "status wrote nothing" compares these. */
async function axiomState(): Promise<string> {
  const dir = path.join(root, ".axiom");
  const names = (await readdir(dir, { recursive: true })).sort();
  const parts: string[] = [];
  for (const n of names) {
    const st = await stat(path.join(dir, n));
    const body = st.isFile()
      ? createHash("sha256")
          .update(await readFile(path.join(dir, n)))
          .digest("hex")
      : "dir";
    parts.push(`${n} ${body} ${st.mtimeMs}`);
  }
  return parts.join("\n");
}

describe("status document (§13)", () => {
  it("Fresh root → `lock free`, `queue 0`, `intents 0`, `interrupted journals 0`, `last applied: none`, `chain ok (0 entries, head sha256:000…)`", async () => {
    const doc = await statusDocument(root);
    expect(doc).toEqual({
      root,
      lock: { held: false, queue: [], intents: [] },
      interrupted: [],
      corrupt: [],
      chain: { ok: true, entries: 0, head: GENESIS, missingJournals: 0 },
    });
    expect(formatStatusText(doc)).toBe(
      `root ${root}\nlock free\nqueue 0\nintents 0\ninterrupted journals 0\nlast applied: none\nchain ok (0 entries, head ${GENESIS})\n`,
    );
    await expect(stat(path.join(root, ".axiom"))).rejects.toMatchObject({ code: "ENOENT" }); // status wrote nothing
  });

  it("During a held lock with one waiter and one intent → JSON `lock.held: true`, `queue` length 1, `intents` length 1; text lines match §13", async () => {
    const h = await acquireLock(root, DIGEST_A, 1000);
    const intent = await registerIntent(root, DIGEST_B, ["src/a.ts", "src/b.ts"]);
    const waiting = acquireLock(root, DIGEST_B, 5000);
    await new Promise((r) => setTimeout(r, 100));
    const doc = await statusDocument(root);
    expect(doc.lock.held).toBe(true);
    expect(doc.lock.holder).toEqual({
      pid: process.pid,
      host: os.hostname(),
      digest: DIGEST_A,
      since: h.record.startedAt,
      stale: false,
    });
    expect(doc.lock.queue).toHaveLength(1);
    expect(doc.lock.queue[0]?.pid).toBe(process.pid);
    expect(doc.lock.intents).toEqual([
      { digest: DIGEST_B, paths: ["src/a.ts", "src/b.ts"], pid: process.pid, since: intent.record.since },
    ]);
    const lines = formatStatusText(doc).split("\n");
    expect(lines[1]).toBe(
      `lock held by pid ${process.pid}@${os.hostname()} for ${DIGEST_A} since ${h.record.startedAt}`,
    );
    expect(lines[2]).toBe("queue 1");
    expect(lines[3]).toBe(`  pid ${process.pid} since ${doc.lock.queue[0]?.since}`);
    expect(lines[4]).toBe("intents 1");
    expect(lines[5]).toBe(`  ${DIGEST_B} pid ${process.pid} (2 paths) since ${intent.record.since}`);
    await h.release();
    await (await waiting).release();
    await intent.release();
  });

  it("Root with a `committing` journal → `interrupted` has {phase: committing, files, done}; status wrote nothing (snapshot of `.axiom/` unchanged)", async () => {
    await journal(DIGEST_B, "staged", [{ path: "x", op: "create", done: false }], "2026-01-02T00:00:00.000Z");
    await journal(
      DIGEST_A,
      "committing",
      [
        { path: "a", op: "create", done: true },
        { path: "b", op: "overwrite", done: false },
        { path: "c", op: "delete", done: false },
      ],
      "2026-01-01T00:00:00.000Z",
    );
    const before = await axiomState();
    const doc = await statusDocument(root);
    expect(doc.interrupted).toEqual([
      {
        manifestDigest: DIGEST_A,
        phase: "committing",
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 777,
        files: 3,
        done: 1,
      },
      { manifestDigest: DIGEST_B, phase: "staged", startedAt: "2026-01-02T00:00:00.000Z", pid: 777, files: 1, done: 0 },
    ]);
    expect(formatStatusText(doc)).toContain(
      `interrupted journals 2\n  ${DIGEST_A} committing 1/3 pid 777\n  ${DIGEST_B} staged 0/1 pid 777\n`,
    );
    expect(await axiomState()).toBe(before);
  });

  it("Holder with a dead pid → `(STALE)` in text, `stale: true` in JSON", async () => {
    await mkdir(path.join(root, ".axiom"), { recursive: true });
    const pid = await deadPid();
    await writeFile(
      path.join(root, ".axiom", "lock"),
      JSON.stringify({ pid, hostname: os.hostname(), startedAt: "2026-01-01T00:00:00.000Z", manifestDigest: DIGEST_A }),
    );
    const doc = await statusDocument(root);
    expect(doc.lock.holder).toEqual({
      pid,
      host: os.hostname(),
      digest: DIGEST_A,
      since: "2026-01-01T00:00:00.000Z",
      stale: true,
    });
    expect(formatStatusText(doc).split("\n")[1]).toBe(
      `lock held by pid ${pid}@${os.hostname()} for ${DIGEST_A} since 2026-01-01T00:00:00.000Z (STALE)`,
    );
    expect(await readFile(path.join(root, ".axiom", "lock"), "utf8")).toContain(String(pid)); // never reclaimed by status
  });

  it("an unreadable holder → `lock held (holder unreadable)`", async () => {
    await mkdir(path.join(root, ".axiom"), { recursive: true });
    await writeFile(path.join(root, ".axiom", "lock"), "");
    const doc = await statusDocument(root);
    expect(doc.lock).toEqual({ held: true, queue: [], intents: [] });
    expect(formatStatusText(doc).split("\n")[1]).toBe("lock held (holder unreadable)");
  });

  it("Corrupt `journal/x.json` → status lists it in `corrupt` (chain.jsonl does not match)", async () => {
    await mkdir(jdir(), { recursive: true });
    const bad = path.join(jdir(), `${"c".repeat(64)}.json`);
    await writeFile(bad, "{nope");
    const odd = path.join(jdir(), "x.json");
    await writeFile(odd, "{}");
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 1 });
    const doc = await statusDocument(root);
    expect(doc.corrupt.sort()).toEqual([bad, odd].sort());
    expect(formatStatusText(doc)).toContain(`corrupt journals ${doc.corrupt.join(", ")}\n`);
  });

  it("lastApplied = newest good committed entry; Delete a journal file → status `missingJournals: 1`; broken chain → `chain BROKEN at #<seq> (<reason>)`", async () => {
    await journal(DIGEST_A, "committed", [{ path: "a", op: "create", done: true }], "2026-01-01T00:00:00.000Z");
    await journal(DIGEST_B, "rolled-back", [{ path: "b", op: "create", done: true }], "2026-01-01T00:00:00.000Z");
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 1 });
    await appendChainEntry(root, { manifestDigest: DIGEST_B, state: "committed", files: 1 });
    const third = await appendChainEntry(root, { manifestDigest: DIGEST_B, state: "rolled-back", files: 1 });
    let doc = await statusDocument(root);
    expect(doc.lastApplied?.seq).toBe(2);
    expect(Object.keys(doc)).toEqual(["root", "lock", "interrupted", "corrupt", "lastApplied", "chain"]);
    expect(doc.chain).toMatchObject({ ok: true, entries: 3, missingJournals: 0 });
    expect(third.seq).toBe(3);
    await rm(path.join(jdir(), `${"a".repeat(64)}.json`));
    doc = await statusDocument(root);
    expect(doc.chain.missingJournals).toBe(1);
    const text = await readFile(path.join(jdir(), "chain.jsonl"), "utf8");
    await writeFile(path.join(jdir(), "chain.jsonl"), text.replace(`"files":1`, `"files":2`));
    doc = await statusDocument(root);
    expect(doc.chain).toMatchObject({ ok: false, entries: 0, firstBad: { seq: 1, reason: "prev-mismatch" } });
    // An edit to line 1 shows at line 2, and names line 1: no entry is vouched for, none is last applied.
    expect(doc.lastApplied).toBeUndefined();
    expect(formatStatusText(doc).split("\n").at(-2)).toBe("chain BROKEN at #1 (prev-mismatch)");
  });
});

describe("text form (cli.md §9.1, §9.2)", () => {
  const fixture: StatusDocument = {
    root: "/home/ana/shop",
    lock: {
      held: true,
      holder: {
        pid: 48121,
        host: "build-7",
        digest: "sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
        since: "2026-11-30T17:34:26.000Z",
        stale: false,
      },
      queue: [{ pid: 48190, since: "2026-11-30T17:34:27.120Z" }],
      intents: [
        {
          digest: "sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
          paths: ["a", "b", "c"],
          pid: 48121,
          since: "2026-11-30T17:34:25.870Z",
        },
        {
          digest: "sha256:3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d",
          paths: ["d", "e"],
          pid: 48190,
          since: "2026-11-30T17:34:27.101Z",
        },
      ],
    },
    interrupted: [],
    corrupt: [],
    lastApplied: {
      seq: 12,
      manifestDigest: "sha256:2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6",
      state: "committed",
      at: "2026-11-30T16:02:11.540Z",
      prev: GENESIS,
      files: 3,
    },
    chain: {
      ok: true,
      entries: 14,
      head: "sha256:18ac3e7343f016890c510e93f935261169d9e3f565436429830faf0934f4f8e4",
      missingJournals: 0,
    },
  };
  const example = `root /home/ana/shop
lock held by pid 48121@build-7 for sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb since 2026-11-30T17:34:26.000Z
queue 1
  pid 48190 since 2026-11-30T17:34:27.120Z
intents 2
  sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb pid 48121 (3 paths) since 2026-11-30T17:34:25.870Z
  sha256:3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d pid 48190 (2 paths) since 2026-11-30T17:34:27.101Z
interrupted journals 0
last applied #12 sha256:2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6 at 2026-11-30T16:02:11.540Z
chain ok (14 entries, head sha256:18ac3e7343f016890c510e93f935261169d9e3f565436429830faf0934f4f8e4)
`;

  it("`status` text of the fixture in §9.1 → byte-equal to the example block", () => {
    expect(formatStatusText(fixture)).toBe(example);
  });

  it("Coloured output with every ESC[…m removed equals the non-TTY output byte for byte; `lock free`/`chain ok` green, `(STALE)` yellow, `BROKEN` red", () => {
    const variants: StatusDocument[] = [
      fixture,
      { ...fixture, lock: { held: false, queue: [], intents: [] } },
      {
        ...fixture,
        lock: { ...fixture.lock, holder: { pid: 1, stale: true } },
        chain: { ok: false, entries: 2, head: GENESIS, firstBad: { seq: 3, reason: "seq-gap" }, missingJournals: 0 },
      },
    ];
    for (const v of variants) {
      expect(formatStatusText(v, true).replace(SGR, "")).toBe(formatStatusText(v));
    }
    expect(formatStatusText(variants[1] as StatusDocument, true)).toContain("\u001b[32mlock free\u001b[0m");
    expect(formatStatusText(fixture, true)).toContain("\u001b[32mchain ok\u001b[0m (14 entries");
    const broken = formatStatusText(variants[2] as StatusDocument, true);
    expect(broken).toContain("\u001b[33m(STALE)\u001b[0m");
    expect(broken).toContain("chain \u001b[31mBROKEN\u001b[0m at #3 (seq-gap)");
    expect(formatStatusText(fixture)).not.toContain("\u001b");
  });
});

describe("MCP shapes built here (§13)", () => {
  it("`axiom://lock` → one entry per allowlisted root, sorted; read-only", async () => {
    const other = await tempRoot("axiom-status-b-");
    try {
      const h = await acquireLock(other.root, DIGEST_A, 1000);
      const ov = await lockOverview([other.root, root].reverse());
      expect(ov.roots.map((r) => r.root)).toEqual([root, other.root].sort());
      const held = ov.roots.find((r) => r.root === other.root);
      expect(held).toMatchObject({
        held: true,
        holder: { pid: process.pid, digest: DIGEST_A, stale: false },
        queue: [],
        intents: [],
      });
      expect(ov.roots.find((r) => r.root === root)).toEqual({ root, held: false, queue: [], intents: [] });
      await h.release();
    } finally {
      await other.cleanup();
    }
  });

  it("the `axiom_status` text summary is {root, held, holder, queue (count), intents (count), interrupted (count), lastApplied (digest), chainOk}", async () => {
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 1 });
    const summary = statusSummary(await statusDocument(root));
    expect(summary).toEqual({
      root,
      held: false,
      holder: null,
      queue: 0,
      intents: 0,
      interrupted: 0,
      lastApplied: DIGEST_A,
      chainOk: true,
    });
  });
});

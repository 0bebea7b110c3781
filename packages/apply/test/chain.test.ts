// apply.md §12 (journal hash chain) and its "Journal chain and history" acceptance lines;
// threats.md T18, I22 (tamper evidence), F06 (a failed append is truncated back).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendChainEntry, assertChain, GENESIS, verifyChain } from "../src/chain";
import { formatChainLine, walkChain } from "../src/chain-walk";
import { formatLogText, logDocument, RESOURCE_HISTORY_LIMIT, readHistory } from "../src/history";
import { DIGEST_A, DIGEST_B, DIGEST_C, tempRoot } from "./lock-helpers";

/** Every SGR colour sequence `ESC[…m` (built from the char code: no control character in a regex literal). */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-chain-"));
});
afterEach(() => cleanup());

const chainFile = () => path.join(root, ".axiom", "journal", "chain.jsonl");
const lines = async () => (await readFile(chainFile(), "utf8")).split("\n").slice(0, -1);
const sha = (s: string) => `sha256:${createHash("sha256").update(s).digest("hex")}`;

async function writeJournal(digest: string, steps: { path: string; op: string }[]): Promise<void> {
  const dir = path.join(root, ".axiom", "journal");
  await mkdir(dir, { recursive: true });
  const j = {
    manifestDigest: digest,
    phase: "committed",
    steps: steps.map((s) => ({ ...s, done: true })),
    startedAt: new Date().toISOString(),
    pid: 1,
  };
  await writeFile(path.join(dir, `${digest.slice(7)}.json`), JSON.stringify(j));
}

async function threeEntries(): Promise<void> {
  await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 3 });
  await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "rolled-back", files: 3 });
  await appendChainEntry(root, { manifestDigest: DIGEST_B, state: "committed", files: 1 });
}

async function rewrite(ls: string[], tail = "\n"): Promise<void> {
  await writeFile(chainFile(), ls.join("\n") + (ls.length ? tail : ""));
}

describe("appends and the line format (§12.1, §12.2)", () => {
  it("After apply, rollback, apply → chain seq 1..3, states committed, rolled-back, committed; verifyChain ok, head = sha256 of line 3", async () => {
    await threeEntries();
    const ls = await lines();
    const parsed = ls.map((l) => JSON.parse(l));
    expect(parsed.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(parsed.map((e) => e.state)).toEqual(["committed", "rolled-back", "committed"]);
    expect(Object.keys(parsed[0])).toEqual(["seq", "manifestDigest", "state", "at", "prev", "files"]);
    expect(parsed[0].prev).toBe(GENESIS);
    expect(parsed[1].prev).toBe(sha(ls[0] as string));
    expect(parsed[2].prev).toBe(sha(ls[1] as string));
    const v = await verifyChain(root);
    expect(v).toMatchObject({ ok: true, entries: 3, head: sha(ls[2] as string) });
    expect(v.firstBad).toBeUndefined();
  });

  it("a `failed` entry carries `code` last: {state: failed, code: ERR_ROLLBACK}", async () => {
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "failed", files: 2, code: "ERR_ROLLBACK" });
    const [line] = await lines();
    expect(Object.keys(JSON.parse(line as string))).toEqual([
      "seq",
      "manifestDigest",
      "state",
      "at",
      "prev",
      "files",
      "code",
    ]);
    expect(JSON.parse(line as string)).toMatchObject({ state: "failed", code: "ERR_ROLLBACK", files: 2 });
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it('Missing chain file → {ok: true, entries: 0, head: "sha256:000…", missing: []}', async () => {
    expect(await verifyChain(root)).toEqual({ ok: true, entries: 0, head: GENESIS, missing: [] });
    expect(GENESIS).toBe(`sha256:${"0".repeat(64)}`);
  });

  it("Broken chain, then append → refused with ERR_JOURNAL_CHAIN {seq, reason, file}, nothing appended", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[0] as string, ls[2] as string]);
    const before = await readFile(chainFile());
    const err = await appendChainEntry(root, { manifestDigest: DIGEST_C, state: "committed", files: 1 }).catch(
      (e) => e,
    );
    expect(err.code).toBe("ERR_JOURNAL_CHAIN");
    expect(err.details).toEqual({ seq: 2, reason: "seq-gap", file: chainFile() });
    expect(await readFile(chainFile())).toEqual(before);
  });

  it("a torn tail refuses the append too", async () => {
    await threeEntries();
    await writeFile(chainFile(), (await readFile(chainFile(), "utf8")).slice(0, -5));
    const err = await appendChainEntry(root, { manifestDigest: DIGEST_C, state: "committed", files: 1 }).catch(
      (e) => e,
    );
    expect(err.details).toMatchObject({ seq: 3, reason: "parse" });
  });

  it("F06 ENOSPC on the chain append → chain.jsonl back to its old length, chain ok", async () => {
    await threeEntries();
    const before = await readFile(chainFile());
    const realWrite = fsx.write;
    const restore = installFs({
      write: async (fd, data) => {
        await realWrite(fd, data.subarray(0, 10)); // a partial write, then the disk is full
        throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      },
    });
    let err: { code?: string } | undefined;
    try {
      err = await appendChainEntry(root, { manifestDigest: DIGEST_C, state: "committed", files: 1 }).catch((e) => e);
    } finally {
      restore();
    }
    expect(err?.code).toBe("ENOSPC");
    expect(await readFile(chainFile())).toEqual(before);
    expect((await verifyChain(root)).ok).toBe(true);
  });

  it("assertChain throws ERR_JOURNAL_CHAIN {seq, reason, entries, file}", async () => {
    await threeEntries();
    await assertChain(root);
    const ls = await lines();
    await rewrite([ls[0] as string, "", ls[2] as string]);
    const err = await assertChain(root).catch((e) => e);
    expect(err.code).toBe("ERR_JOURNAL_CHAIN");
    expect(err.details).toEqual({ seq: 2, reason: "parse", entries: 1, file: chainFile() });
  });
});

describe("tamper evidence (§12.3, T18, I22)", () => {
  it("Edit line 2 → firstBad {seq: 2, reason: prev-mismatch}: the edited entry, not the next one (issue 21)", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[0] as string, (ls[1] as string).replace('"files":3', '"files":4'), ls[2] as string]);
    expect(await verifyChain(root)).toMatchObject({ entries: 1, firstBad: { seq: 2, reason: "prev-mismatch" } });
  });

  it("delete line 2 → seq-gap", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[0] as string, ls[2] as string]);
    const v = await verifyChain(root);
    expect(v).toMatchObject({
      ok: false,
      entries: 1,
      head: sha(ls[0] as string),
      firstBad: { seq: 2, reason: "seq-gap" },
    });
  });

  it("swap lines → detected", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[1] as string, ls[0] as string, ls[2] as string]);
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 1, reason: "seq-gap" });
  });

  it("swap lines keeping their seq numbers → prev-mismatch", async () => {
    await threeEntries();
    const ls = (await lines()).map((l) => JSON.parse(l));
    const [a, b, c] = ls;
    const swapped = [{ ...b, seq: 1 }, { ...a, seq: 2 }, c].map((e) => JSON.stringify(e));
    await rewrite(swapped);
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 1, reason: "prev-mismatch" });
  });

  it("empty line → parse", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[0] as string, "", ls[1] as string, ls[2] as string]);
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 2, reason: "parse" });
  });

  it("unknown key → parse", async () => {
    await threeEntries();
    const ls = await lines();
    const extra = JSON.stringify({ ...JSON.parse(ls[1] as string), note: "x" });
    await rewrite([ls[0] as string, extra, ls[2] as string]);
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 2, reason: "parse" });
  });

  it("torn tail → parse", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite(ls, "");
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 3, reason: "parse" });
  });

  it("truncate a line (cut mid-line, newline kept) → parse", async () => {
    await threeEntries();
    const ls = await lines();
    await rewrite([ls[0] as string, (ls[1] as string).slice(0, 30), ls[2] as string]);
    expect((await verifyChain(root)).firstBad).toEqual({ seq: 2, reason: "parse" });
  });

  it("each field's parse rule: bad digest, bad state, bad time, negative files, unknown code, seq 0 → parse", async () => {
    const good = {
      seq: 1,
      manifestDigest: DIGEST_A,
      state: "committed",
      at: "2026-01-01T00:00:00.000Z",
      prev: GENESIS,
      files: 1,
    };
    const bad = [
      { ...good, manifestDigest: "sha256:ABC" },
      { ...good, prev: "sha256:zz" },
      { ...good, state: "applied" },
      { ...good, at: "yesterday" },
      { ...good, files: -1 },
      { ...good, files: 1.5 },
      { ...good, code: "ERR_NOPE" },
      { ...good, seq: 0 },
      [good],
    ];
    for (const b of bad) {
      expect(walkChain(Buffer.from(`${JSON.stringify(b)}\n`)).firstBad).toEqual({ seq: 1, reason: "parse" });
    }
    expect(walkChain(Buffer.from(`${JSON.stringify(good)}\n`)).firstBad).toBeUndefined();
    expect(walkChain(Buffer.from([0xff, 0x0a])).firstBad).toEqual({ seq: 1, reason: "parse" });
  });

  it("I22 random deletions, reorders, insertions and middle-line edits → detected with the exact firstBad", async () => {
    const entries: string[] = [];
    let head = GENESIS;
    for (let i = 1; i <= 8; i++) {
      const line = JSON.stringify({
        seq: i,
        manifestDigest: `sha256:${String(i % 10).repeat(64)}`,
        state: "committed",
        at: new Date(1_700_000_000_000 + i).toISOString(),
        prev: head,
        files: i,
      });
      entries.push(line);
      head = sha(line);
    }
    const walk = (ls: string[]) => walkChain(Buffer.from(`${ls.join("\n")}\n`)).firstBad;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.constantFrom("delete", "swap", "duplicate", "edit"), (k, kind) => {
        const ls = [...entries];
        if (kind === "delete") {
          ls.splice(k, 1);
          expect(walk(ls)).toEqual({ seq: k + 1, reason: "seq-gap" });
        } else if (kind === "swap") {
          [ls[k], ls[k + 1]] = [ls[k + 1] as string, ls[k] as string];
          expect(walk(ls)).toEqual({ seq: k + 1, reason: "seq-gap" });
        } else if (kind === "duplicate") {
          ls.splice(k + 1, 0, ls[k] as string);
          expect(walk(ls)).toEqual({ seq: k + 2, reason: "seq-gap" });
        } else {
          ls[k] = (ls[k] as string).replace(/"files":\d+/, '"files":999');
          // Line k+1 edited: line k+2 no longer vouches for it, and the edited entry is the one named.
          expect(walk(ls)).toEqual({ seq: k + 1, reason: "prev-mismatch" });
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("missing journals and history (§12.3, §12.4)", () => {
  it("Delete a journal file → verifyChain.missing lists it", async () => {
    await writeJournal(DIGEST_A, [{ path: "a", op: "create" }]);
    await writeJournal(DIGEST_B, [{ path: "b", op: "create" }]);
    await threeEntries();
    expect((await verifyChain(root)).missing).toEqual([]);
    await rm(path.join(root, ".axiom", "journal", `${"a".repeat(64)}.json`));
    expect((await verifyChain(root)).missing).toEqual([DIGEST_A]);
  });

  it("readHistory: newest first, limited, joined with fileList, journalPresent, name and the applied code", async () => {
    await writeJournal(DIGEST_A, [
      { path: "src/a.ts", op: "create" },
      { path: "old.txt", op: "delete" },
    ]);
    await mkdir(path.join(root, ".axiom", "manifests"), { recursive: true });
    await writeFile(
      path.join(root, ".axiom", "manifests", `${"a".repeat(64)}.json`),
      JSON.stringify({ manifest: { name: "api-health" } }),
    );
    await mkdir(path.join(root, ".axiom", "applied"), { recursive: true });
    await writeFile(
      path.join(root, ".axiom", "applied", `${"b".repeat(64)}.json`),
      JSON.stringify({ error: { code: "ERR_INTERNAL" } }),
    );
    await threeEntries();
    const h = await readHistory(root, { limit: 2 });
    expect(h.map((e) => e.seq)).toEqual([3, 2]);
    expect(h[0]).toMatchObject({ manifestDigest: DIGEST_B, code: "ERR_INTERNAL", journalPresent: false });
    expect(h[0]?.fileList).toBeUndefined();
    expect(h[1]).toMatchObject({
      name: "api-health",
      journalPresent: true,
      fileList: [
        { path: "src/a.ts", op: "create" },
        { path: "old.txt", op: "delete" },
      ],
    });
    expect(Object.keys(h[1] as object)).toEqual([
      "seq",
      "manifestDigest",
      "state",
      "at",
      "prev",
      "files",
      "name",
      "fileList",
      "journalPresent",
    ]);
  });

  it("history stops at the first bad line (line 3 of 5 corrupted → entries 2, 1)", async () => {
    await threeEntries();
    await appendChainEntry(root, { manifestDigest: DIGEST_C, state: "committed", files: 1 });
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 1 });
    const ls = await lines();
    ls[2] = "garbage";
    await rewrite(ls);
    expect((await readHistory(root, { limit: 20 })).map((e) => e.seq)).toEqual([2, 1]);
  });

  it("log text: `#<seq> <at> <state padded to 11> <digest>[ <name>] (<n> files)[ <code>]`; empty → `no entries`", async () => {
    expect(formatLogText([])).toBe("no entries\n");
    const base = { prev: GENESIS, journalPresent: true };
    const text = formatLogText([
      {
        ...base,
        seq: 14,
        at: "2026-11-30T17:10:02.331Z",
        state: "failed",
        manifestDigest: DIGEST_A,
        name: "bump-version",
        files: 2,
        code: "ERR_ROLLBACK",
      },
      {
        ...base,
        seq: 13,
        at: "2026-11-30T16:40:45.002Z",
        state: "rolled-back",
        manifestDigest: DIGEST_B,
        name: "api-health",
        files: 3,
      },
      { ...base, seq: 12, at: "2026-11-30T16:02:11.540Z", state: "committed", manifestDigest: DIGEST_B, files: 3 },
    ]);
    expect(text).toBe(
      `#14 2026-11-30T17:10:02.331Z failed      ${DIGEST_A} bump-version (2 files) ERR_ROLLBACK\n` +
        `#13 2026-11-30T16:40:45.002Z rolled-back ${DIGEST_B} api-health (3 files)\n` +
        `#12 2026-11-30T16:02:11.540Z committed   ${DIGEST_B} (3 files)\n`,
    );
    const coloured = formatLogText(
      [{ ...base, seq: 1, at: "x", state: "committed", manifestDigest: DIGEST_A, files: 1 }],
      true,
    );
    expect(coloured).toContain("\u001b[32mcommitted\u001b[0m   ");
    expect(coloured.replace(SGR, "")).toBe(
      formatLogText([{ ...base, seq: 1, at: "x", state: "committed", manifestDigest: DIGEST_A, files: 1 }]),
    );
  });

  it("the journal directory is created on the first append", async () => {
    expect(existsSync(path.join(root, ".axiom"))).toBe(false);
    await appendChainEntry(root, { manifestDigest: DIGEST_A, state: "committed", files: 0 });
    expect((await verifyChain(root)).entries).toBe(1);
  });
});

describe("the journal resource content (D17)", () => {
  it("`axiom://journal/<root-id>` → ≤ 100 entries newest first, in the `axiom log --json` shape", async () => {
    const dir = path.join(root, ".axiom", "journal");
    await mkdir(dir, { recursive: true });
    let head = GENESIS;
    const out: string[] = [];
    for (let i = 1; i <= 105; i++) {
      const line = formatChainLine({
        seq: i,
        manifestDigest: DIGEST_A,
        state: "committed",
        at: new Date(1_700_000_000_000 + i).toISOString(),
        prev: head,
        files: 1,
      });
      out.push(line);
      head = sha(line);
    }
    await writeFile(chainFile(), `${out.join("\n")}\n`);
    const doc = await logDocument(root, RESOURCE_HISTORY_LIMIT);
    expect(doc.root).toBe(root);
    expect(doc.entries).toHaveLength(100);
    expect(doc.entries[0]?.seq).toBe(105);
    expect(doc.entries[99]?.seq).toBe(6);
  });
});

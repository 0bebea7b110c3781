// verifyChain's report (apply.md §12.3) beyond the walk: the `missing` journals and the result's
// shape. One readdir of `journal/` answers for every journal it lists; a journal it does not list
// (or every one, when the listing fails) is looked at with lstat, and only an lstat that says
// ENOENT makes it missing — one that cannot tell (EACCES) does not accuse a journal. A chain file
// that cannot be read is that error, never an empty chain. Issue 25 survivors of chain.ts.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fsx, layout } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendChainEntry, readChain, verifyChain } from "../src/chain";
import { errnoError } from "./fault-harness";
import { DIGEST_A, DIGEST_B, DIGEST_C, tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-chain-missing-"));
});
afterEach(() => cleanup());

const journalFile = (digest: string) => layout.journal(root, digest.slice(7));

/** Chain A, B, A (rolled back), C; journals of A and B on disk, C's deleted by hand. */
async function history(): Promise<void> {
  for (const [digest, state] of [
    [DIGEST_A, "committed"],
    [DIGEST_B, "committed"],
    [DIGEST_A, "rolled-back"],
    [DIGEST_C, "committed"],
  ] as const) {
    await appendChainEntry(root, { manifestDigest: digest, state, files: 1 });
  }
  for (const d of [DIGEST_A, DIGEST_B]) await writeFile(journalFile(d), "{}");
}

/** Runs `fn` with `journal/`'s readdir failing (EMFILE) and lstat recorded; `lstatFault` fails chosen lstats. */
async function withoutListing<T>(fn: () => Promise<T>, lstatFault?: (p: string) => string | undefined) {
  const { readdir, lstat } = fsx;
  const lstats: string[] = [];
  const restore = installFs({
    readdir: async (p) => {
      if (p === layout.journalDir(root)) throw errnoError("EMFILE", "readdir", p);
      return readdir(p);
    },
    lstat: async (p) => {
      lstats.push(p);
      const errno = lstatFault?.(p);
      if (errno) throw errnoError(errno, "lstat", p);
      return lstat(p);
    },
  });
  try {
    return { result: await fn(), lstats };
  } finally {
    restore();
  }
}

describe("verifyChain: missing journals", () => {
  it("the listing answers for every journal it names: no lstat; a deleted journal is missing once", async () => {
    await history();
    const { lstat } = fsx;
    const lstats: string[] = [];
    const restore = installFs({
      lstat: async (p) => {
        lstats.push(p);
        return lstat(p);
      },
    });
    let v: Awaited<ReturnType<typeof verifyChain>>;
    try {
      v = await verifyChain(root);
    } finally {
      restore();
    }
    expect(v.missing).toEqual([DIGEST_C]);
    // only C, which the listing lacks, is looked at
    expect(lstats).toEqual([journalFile(DIGEST_C)]);
  });

  it("journal/ cannot be listed → each journal is looked at with lstat: present ones are not missing", async () => {
    await history();
    const { result, lstats } = await withoutListing(() => verifyChain(root));
    expect(result).toStrictEqual({ ok: true, entries: 4, head: (await readChain(root)).head, missing: [DIGEST_C] });
    // once per distinct digest, at its journal file
    expect([...lstats].sort()).toEqual([DIGEST_A, DIGEST_B, DIGEST_C].map(journalFile).sort());
  });

  it("an lstat that cannot tell (EACCES) does not make the journal missing; ENOENT does", async () => {
    await history();
    await rm(journalFile(DIGEST_B));
    const { result } = await withoutListing(
      () => verifyChain(root),
      (p) => (p === journalFile(DIGEST_B) ? "EACCES" : undefined),
    );
    expect(result.missing).toEqual([DIGEST_C]);
  });
});

describe("verifyChain: the result's shape and an unreadable chain", () => {
  it("an intact chain has no firstBad key at all; a broken one has it", async () => {
    await history();
    expect(Object.keys(await verifyChain(root))).toEqual(["ok", "entries", "head", "missing"]);
    await writeFile(layout.chain(root), "garbage\n", { flag: "a" });
    const broken = await verifyChain(root);
    expect(Object.keys(broken)).toEqual(["ok", "entries", "head", "missing", "firstBad"]);
    expect(broken).toMatchObject({ ok: false, entries: 4, firstBad: { seq: 5, reason: "parse" } });
  });

  it("chain.jsonl that cannot be read (a directory: EISDIR) → verifyChain and readChain reject with that error", async () => {
    await mkdir(layout.chain(root), { recursive: true });
    await expect(verifyChain(root)).rejects.toMatchObject({ code: "EISDIR" });
    await expect(readChain(root)).rejects.toMatchObject({ code: "EISDIR" });
  });
});

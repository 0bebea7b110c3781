// A journal removed between listJournals' lstat of it and its read (apply.md §5.6, issue 25
// survivor journal.ts:115): the read's ENOENT means "no such journal", so it is left out of the
// listing — not parsed from nothing and reported corrupt (which would block the root, D28).
import * as fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { listJournals } from "../src/journal";
import { appliedOverwrite, axiomPath, cleanupRoots, exists } from "./engine-helpers";
import { harness } from "./fault-harness";

afterEach(cleanupRoots);

describe("listJournals: a journal gone between its lstat and its read", () => {
  it("is left out; the other journals are still listed", async () => {
    const { root, hex, journal } = await appliedOverwrite();
    const ghost = axiomPath(root, "journal", `${"0".repeat(64)}.json`);
    fs.writeFileSync(ghost, fs.readFileSync(journal));
    const h = harness([{ op: "readFile", pathMatch: (p) => p === ghost, before: () => fs.unlinkSync(ghost) }]);
    let list: Awaited<ReturnType<typeof listJournals>>;
    try {
      list = await listJournals(root);
    } finally {
      h.restore();
    }
    // the lstat saw the file, the read came after it and found it gone
    const seen = h.calls.filter((c) => c.path === ghost).map((c) => c.op);
    expect(seen).toEqual(["lstat", "readFile"]);
    expect(exists(ghost)).toBe(false);
    expect(list.map((e) => [e.hex, e.file, e.corrupt === true, e.journal?.phase])).toEqual([
      [hex, journal, false, "committed"],
    ]);
  });
});

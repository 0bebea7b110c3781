// Journal reads (apply.md §5.6, threats.md T18): a corrupt journal is ERR_JOURNAL_CORRUPT naming its
// file, with the schema issues when the schema is what failed (issue 25: the `issues` details were
// never asserted), and listJournals reports it instead of acting on it.
import * as fs from "node:fs";
import { rollback } from "@codai/axiom-apply";
import { afterEach, describe, expect, it } from "vitest";
import { listJournals, parseJournal, readJournal } from "../src/journal";
import { appliedOverwrite, axiomPath, cleanupRoots, type Json, readJson, tmpRoot } from "./engine-helpers";

afterEach(cleanupRoots);

/** A root with one committed apply (an overwrite, so its journal records a backup). */
async function applied() {
  const { root, b, hex, journal: file } = await appliedOverwrite();
  return { root, b, hex, file, journal: readJson(file) as Json };
}

function corruptOf(fn: () => unknown): { code: string; details: Record<string, unknown> } {
  try {
    fn();
  } catch (err) {
    return err as { code: string; details: Record<string, unknown> };
  }
  throw new Error("no error");
}

describe("parseJournal", () => {
  it("a valid journal parses to its JSON value", async () => {
    const { hex, file, journal } = await applied();
    expect(journal.steps[0].backup).toBe(`.axiom/backup/${hex}/a.txt`);
    expect(parseJournal(JSON.stringify(journal), file, hex)).toEqual(journal);
  });

  it("schema failure → ERR_JOURNAL_CORRUPT {file, issues} with the failing field's path", async () => {
    const { hex, file, journal } = await applied();
    const e = corruptOf(() => parseJournal(JSON.stringify({ ...journal, phase: "bogus" }), file, hex));
    expect(e.code).toBe("ERR_JOURNAL_CORRUPT");
    expect(Object.keys(e.details).sort()).toEqual(["file", "issues"]);
    expect(e.details.file).toBe(file);
    expect(e.details.issues).toEqual([expect.objectContaining({ path: "phase", message: expect.any(String) })]);
    const extra = corruptOf(() => parseJournal(JSON.stringify({ ...journal, extra: 1 }), file, hex));
    expect(extra.details.issues).toEqual([expect.objectContaining({ message: expect.any(String) })]);
  });

  it("not JSON, a digest other than the file name, a foreign backup path → ERR_JOURNAL_CORRUPT {file} only", async () => {
    const { hex, file, journal } = await applied();
    const cases = [
      () => parseJournal("{not json", file, hex),
      () => parseJournal(JSON.stringify(journal), file, "0".repeat(64)),
      () =>
        parseJournal(
          JSON.stringify({
            ...journal,
            steps: [{ ...journal.steps[0], backup: `.axiom/backup/${"0".repeat(64)}/a.txt` }],
          }),
          file,
          hex,
        ),
    ];
    for (const c of cases) {
      const e = corruptOf(c);
      expect(e.code).toBe("ERR_JOURNAL_CORRUPT");
      expect(e.details).toStrictEqual({ file });
    }
  });

  it("a step without a backup is fine (only a recorded backup must be the deterministic one)", async () => {
    const { hex, file, journal } = await applied();
    const { backup: _b, ...step } = journal.steps[0];
    const j = { ...journal, steps: [step] };
    expect(parseJournal(JSON.stringify(j), file, hex)).toEqual(j);
  });
});

describe("readJournal and listJournals", () => {
  it("readJournal: absent → undefined; present → the journal; corrupt → the error a rollback reports with its issues", async () => {
    const { root, b, hex, file, journal } = await applied();
    expect(await readJournal(root, "1".repeat(64))).toBeUndefined();
    expect(await readJournal(root, hex)).toEqual(journal);
    fs.writeFileSync(file, JSON.stringify({ ...journal, pid: -1 }));
    await expect(rollback(root, b.manifestDigest, { lockTimeoutMs: 0 })).rejects.toMatchObject({
      code: "ERR_JOURNAL_CORRUPT",
      details: { file, issues: [expect.objectContaining({ path: "pid" })] },
    });
    // nothing was rolled back
    expect(fs.readFileSync(`${root}/a.txt`, "utf8")).toBe("new\n");
  });

  it("listJournals: by file name, a bad name or a bad journal reported corrupt, other files skipped", async () => {
    const { root, hex, file, journal } = await applied();
    const dir = axiomPath(root, "journal");
    fs.writeFileSync(`${dir}/XYZ.json`, "{}");
    const other = "0".repeat(64);
    fs.writeFileSync(`${dir}/${other}.json`, "{not json");
    fs.writeFileSync(`${dir}/notes.txt`, "x");
    const list = await listJournals(root);
    const expected: [string, boolean, string | undefined][] = [
      [other, true, undefined],
      ["XYZ", true, undefined],
      [hex, false, "committed"],
    ];
    // file-name order (code units: digits < upper case < lower case)
    expected.sort((x, y) => (x[0] < y[0] ? -1 : 1));
    expect(list.map((e) => [e.hex, e.corrupt === true, e.journal?.phase])).toEqual(expected);
    expect(list.find((e) => e.hex === hex)).toEqual({ hex, file, journal });
    expect(list.find((e) => e.hex === "XYZ")).toEqual({ hex: "XYZ", file: `${dir}/XYZ.json`, corrupt: true });
  });

  it("listJournals: a journal rewritten since the last listing is read again (the per-process cache never serves old bytes)", async () => {
    const { root, file, journal } = await applied();
    expect((await listJournals(root))[0]?.journal?.phase).toBe("committed");
    // in place (same inode): size, mtime and ctime change
    fs.writeFileSync(file, JSON.stringify({ ...journal, phase: "rolled-back" }));
    expect((await listJournals(root))[0]?.journal?.phase).toBe("rolled-back");
    fs.writeFileSync(file, "{not json");
    expect((await listJournals(root))[0]?.corrupt).toBe(true);
  });

  it("listJournals of a root without a journal directory is empty", async () => {
    const { root } = tmpRoot();
    expect(await listJournals(root)).toEqual([]);
  });
});

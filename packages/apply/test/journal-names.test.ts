// Which files listJournals takes for journals, and which fs errors it and deleteJournal swallow
// (apply.md §5.6, issue 25 survivors): only a whole `<64 hex>.json` name is a journal (JOURNAL_NAME's
// `^`/`$` anchors); any other `.json` is reported corrupt under its own name even when its bytes are
// a valid journal. A missing journal directory or journal file is "none"; every other errno is thrown.
import * as fs from "node:fs";
import { type FsPort, fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, describe, expect, it } from "vitest";
import { deleteJournal, JOURNAL_NAME, listJournals } from "../src/journal";
import { appliedOverwrite, axiomPath, cleanupRoots, exists, tmpRoot } from "./engine-helpers";

afterEach(cleanupRoots);

/** A root with one committed apply; returns its journal file and bytes. */
async function applied() {
  const { root, hex, journal: file } = await appliedOverwrite();
  return { root, hex, dir: axiomPath(root, "journal"), file, bytes: fs.readFileSync(file) };
}

const errno = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

/** Runs `fn` with `op` failing with `code` on `target` only (every other call goes through). */
async function failing<T>(op: "readdir" | "lstat" | "unlink", target: string, code: string, fn: () => Promise<T>) {
  const real = fsx[op] as (p: string) => Promise<unknown>;
  const calls: string[] = [];
  const restore = installFs({
    [op]: async (p: string) => {
      calls.push(p);
      if (p === target) throw errno(code);
      return real(p);
    },
  } as Partial<FsPort>);
  try {
    return { out: await fn(), calls };
  } finally {
    restore();
  }
}

describe("JOURNAL_NAME: the whole file name is the digest", () => {
  it("a prefix, a 65th hex digit or a second `.json` is no journal name", () => {
    const hex = "a".repeat(64);
    expect(JOURNAL_NAME.exec(`${hex}.json`)?.[1]).toBe(hex);
    for (const name of [`x${hex}.json`, `0${hex}.json`, `${hex}.json.json`, `${hex}xjson`, `${"a".repeat(63)}.json`]) {
      expect(JOURNAL_NAME.exec(name)).toBeNull();
    }
  });

  it("attack: a valid journal's bytes under `x<hex>.json`, `0<hex>.json` or `<hex>.json.json` are listed corrupt under that name, never as the journal <hex>", async () => {
    const { root, hex, dir, file, bytes } = await applied();
    const names = [`x${hex}.json`, `0${hex}.json`, `${hex}.json.json`];
    for (const n of names) fs.writeFileSync(`${dir}/${n}`, bytes);
    const list = await listJournals(root);
    const expected = [
      { hex, file, journal: JSON.parse(bytes.toString("utf8")) },
      ...names.map((n) => ({ hex: n.slice(0, -5), file: `${dir}/${n}`, corrupt: true })),
    ].sort((x, y) => (x.file < y.file ? -1 : 1));
    expect(list).toEqual(expected);
    // exactly one entry carries the digest, and it is the real file's
    expect(list.filter((e) => e.hex === hex).map((e) => e.file)).toEqual([file]);
  });
});

describe("listJournals order", () => {
  it("journals come in file-name order whatever order readdir gives (readdir reversed through the seam)", async () => {
    const { root, hex, dir, bytes } = await applied();
    const names = [`0${hex}.json`, `x${hex}.json`, "b.json", "A.json"];
    for (const n of names) fs.writeFileSync(`${dir}/${n}`, bytes);
    const readdir = fsx.readdir;
    const restore = installFs({ readdir: async (p) => (await readdir(p)).sort().reverse() });
    try {
      const got = (await listJournals(root)).map((e) => e.hex);
      // code-unit order of the file names (digits < upper case < lower case)
      expect(got).toEqual([...names, `${hex}.json`].sort().map((n) => n.slice(0, -5)));
    } finally {
      restore();
    }
  });
});

describe("listJournals: which errors mean 'no journal'", () => {
  it("a root whose .axiom has no journal directory lists nothing (ENOENT on readdir)", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(axiomPath(root), { recursive: true });
    expect(await listJournals(root)).toEqual([]);
  });

  it.each(["EACCES", "EIO", "ENOTDIR"])(
    "%s on the journal directory's readdir is thrown, not read as empty",
    async (code) => {
      const { root, dir } = await applied();
      await expect(failing("readdir", dir, code, () => listJournals(root))).rejects.toMatchObject({ code });
    },
  );

  it("a journal directory that is a file (real ENOTDIR) is thrown", async () => {
    const { root } = tmpRoot();
    fs.mkdirSync(axiomPath(root), { recursive: true });
    fs.writeFileSync(axiomPath(root, "journal"), "not a dir");
    await expect(listJournals(root)).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("a journal gone between the readdir and its lstat (ENOENT) is left out; the others are still listed", async () => {
    const { root, hex, dir, file } = await applied();
    const other = "0".repeat(64);
    const ghost = `${dir}/${other}.json`;
    fs.writeFileSync(ghost, "{not json");
    const { out, calls } = await failing("lstat", ghost, "ENOENT", () => listJournals(root));
    expect(calls).toContain(ghost);
    expect(out.map((e) => [e.hex, e.file, e.corrupt === true])).toEqual([[hex, file, false]]);
  });

  it.each(["EACCES", "EIO"])(
    "%s on a journal's lstat is thrown, not read as a missing or corrupt journal",
    async (code) => {
      const { root, file } = await applied();
      await expect(failing("lstat", file, code, () => listJournals(root))).rejects.toMatchObject({ code });
    },
  );
});

describe("deleteJournal", () => {
  it("removes the journal file; a second delete (ENOENT) is fine", async () => {
    const { root, hex, file } = await applied();
    await deleteJournal(root, hex);
    expect(exists(file)).toBe(false);
    await expect(deleteJournal(root, hex)).resolves.toBeUndefined();
    expect(await listJournals(root)).toEqual([]);
  });

  it.each(["EACCES", "EPERM", "EIO"])("%s on the unlink is thrown and the journal stays", async (code) => {
    const { root, hex, file, bytes } = await applied();
    await expect(failing("unlink", file, code, () => deleteJournal(root, hex))).rejects.toMatchObject({ code });
    expect(fs.readFileSync(file)).toEqual(bytes);
  });
});

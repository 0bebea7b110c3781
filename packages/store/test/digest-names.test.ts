// hexJsonNames / HEX_JSON_NAME (digest-names.ts): the one rule that reads back the `<64 hex>.json`
// names of manifests/, journal/, applied/ and reports/ — whole names only, sorted, an absent
// directory empty, an unreadable one an error (never "nothing there").
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { HEX_JSON_NAME, hexJsonNames, readdirIfExists } from "../src/index";
import { withFs } from "./seam";

const hex = (c: string) => c.repeat(64);

describe("hexJsonNames", () => {
  it("only whole lowercase `<64 hex>.json` names count, returned sorted", async () => {
    const repo = await tempRepo();
    const dir = join(repo.root, "d");
    await mkdir(dir);
    const names = [
      `${hex("b")}.json`,
      `${hex("a")}.json`,
      `x${hex("c")}.json`,
      `${hex("d")}.json.json`,
      `${hex("E")}.json`,
      `${"f".repeat(63)}.json`,
      `${hex("1")}.json.tmp`,
      `${hex("2")}.JSON`,
    ];
    for (const n of names) await writeFile(join(dir, n), "{}");
    expect(await hexJsonNames(dir)).toEqual([hex("a"), hex("b")]);
    expect(HEX_JSON_NAME.exec(`${hex("a")}.json`)?.[1]).toBe(hex("a"));
  });

  it("an absent directory has no names; a path that is not a directory is an error (ENOTDIR), not an empty list", async () => {
    const repo = await tempRepo({ file: "x" });
    expect(await hexJsonNames(join(repo.root, "absent"))).toEqual([]);
    await expect(hexJsonNames(join(repo.root, "file"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("sorted whatever order the directory lists them in (readdir reversed through the fs seam)", async () => {
    const repo = await tempRepo();
    const dir = join(repo.root, "d");
    await mkdir(dir);
    for (const c of ["1", "5", "9", "c", "f"]) await writeFile(join(dir, `${hex(c)}.json`), "{}");
    const reversed = async (p: string) => (await readdir(p)).sort().reverse();
    expect(await withFs({ readdir: reversed }, () => hexJsonNames(dir))).toEqual(["1", "5", "9", "c", "f"].map(hex));
  });
});

describe("readdirIfExists", () => {
  it("an absent directory lists nothing; a present one lists every entry; a file is ENOTDIR", async () => {
    const repo = await tempRepo({ "d/a": "1", "d/.b": "2", f: "x" });
    expect(await readdirIfExists(join(repo.root, "absent"))).toEqual([]);
    expect((await readdirIfExists(join(repo.root, "d"))).sort()).toEqual([".b", "a"]);
    await expect(readdirIfExists(join(repo.root, "f"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });
});

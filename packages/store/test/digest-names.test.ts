// hexJsonNames / HEX_JSON_NAME (digest-names.ts): the one rule that reads back the `<64 hex>.json`
// names of manifests/, journal/, applied/ and reports/ — whole names only, sorted, an absent
// directory empty, an unreadable one an error (never "nothing there").
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { HEX_JSON_NAME, hexJsonNames } from "../src/index";

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
});

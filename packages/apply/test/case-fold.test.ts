// threats.md T06.5 / T06.7 / T06.8 (ci-fs rows) and apply.md acceptance "Case-insensitive FS":
// the engine runs unchanged on a real temp dir seen through a case-folding (or NFC-folding) view
// of its fs seam (fold-view.ts), and finds the folding with its own probe. Assertions read the
// real directory, not the view.
import * as fs from "node:fs";
import * as path from "node:path";
import { checkRelPaths, rollback } from "@codai/axiom-apply";
import { sha256Hex } from "@codai/axiom-canon";
import type { ApplyResult } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupRoots, type Json, makeBundle, runApply, snapshot, tmpRoot, writeTree } from "./engine-helpers";
import { apfsFold, caseFold, type Fold, installFoldView, nfcFold } from "./fold-view";

afterEach(cleanupRoots);

async function throughView<T>(root: string, fold: Fold, run: () => Promise<T>): Promise<T> {
  const restore = installFoldView(root, fold);
  try {
    return await run();
  } finally {
    restore();
  }
}

const viewApply = (root: string, fold: Fold, b: Json): Promise<ApplyResult> =>
  throughView(root, fold, () => runApply(b, root));

/** The real directory's entries whose folded name equals `fold(name)`. */
const entriesLike = (dir: string, name: string, fold: Fold) =>
  fs.readdirSync(dir).filter((n) => fold(n) === fold(name));

describe("T06 on a case-insensitive filesystem (folding view of the fs seam)", () => {
  it("T06.5 disk holds README.md; overwrite Readme.md → applied, the directory holds exactly one entry of that name with the new bytes; delete readme.md → deleted, no entry left", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "README.md": "old readme\n", "other.txt": "x" });
    const over = makeBundle([{ path: "Readme.md", op: "overwrite", content: "new readme\n" }]);
    const r = await viewApply(root, caseFold, over);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe("applied");
    const same = entriesLike(root, "readme.md", caseFold);
    expect(same).toHaveLength(1);
    expect(fs.readFileSync(path.join(root, same[0]!), "utf8")).toBe("new readme\n");
    expect(fs.statSync(path.join(root, same[0]!)).nlink).toBe(1);

    const del = makeBundle([{ path: "readme.md", op: "delete" }]);
    const d = await viewApply(root, caseFold, del);
    expect(d.status).toBe("applied");
    expect(d.files).toMatchObject([{ path: "readme.md", status: "deleted" }]);
    expect(entriesLike(root, "readme.md", caseFold)).toEqual([]);
    expect(snapshot(root)).toEqual({ "other.txt": expect.any(String) });
  });

  it("T06.5 rollback through the view restores README.md's original bytes under one entry", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "README.md": "old readme\n" });
    const over = makeBundle([{ path: "Readme.md", op: "overwrite", content: "new readme\n" }]);
    expect((await viewApply(root, caseFold, over)).status).toBe("applied");
    await throughView(root, caseFold, () => rollback(root, over.manifestDigest));
    const same = entriesLike(root, "readme.md", caseFold);
    expect(same).toHaveLength(1);
    expect(fs.readFileSync(path.join(root, same[0]!), "utf8")).toBe("old readme\n");
  });

  it("T06.7 create readme.md while README.md exists → ERR_EXISTS (lstat resolves the other spelling); nothing written", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "README.md": "keep\n" });
    const before = snapshot(root);
    const r = await viewApply(root, caseFold, makeBundle([{ path: "readme.md", content: "clobber\n" }]));
    expect(r.status).toBe("failed");
    expect(r.error).toMatchObject({ code: "ERR_EXISTS", path: "readme.md" });
    expect(snapshot(root)).toEqual(before);
  });

  it("T06.7 (nested) create docs/Guide.md while DOCS/guide.md exists → ERR_EXISTS through the folded ancestor; nothing written", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "DOCS/guide.md": "keep\n" });
    const before = snapshot(root);
    const r = await viewApply(root, caseFold, makeBundle([{ path: "docs/Guide.md", content: "x" }]));
    expect(r.error?.code).toBe("ERR_EXISTS");
    expect(snapshot(root)).toEqual(before);
  });

  it("T06.5 a create in an existing directory spelled differently (src/ on disk as SRC/) → applied into SRC/, no second directory", async () => {
    const { root } = tmpRoot();
    writeTree(root, { "SRC/a.ts": "a\n" });
    const r = await viewApply(root, caseFold, makeBundle([{ path: "src/b.ts", content: "b\n" }]));
    expect(r.status).toBe("applied");
    expect(fs.readdirSync(root).filter((n) => n !== ".axiom")).toEqual(["SRC"]);
    expect(fs.readFileSync(path.join(root, "SRC", "b.ts"), "utf8")).toBe("b\n");
  });
});

describe("T06.8 NFC / NFD spellings", () => {
  const NFC = "\u00e9.txt";
  const NFD = "e\u0301.txt";

  it("T06.8 path e\\u0301.txt (NFD) → ERR_PATH_NOT_NFC (engine re-validation, §2 step 2); an apply stops at the bundle schema with that issue code; nothing written", async () => {
    let code: string | undefined;
    try {
      checkRelPaths([NFD]);
    } catch (err) {
      code = (err as { code?: string }).code;
    }
    expect(code).toBe("ERR_PATH_NOT_NFC");
    const { root } = tmpRoot();
    const r = await runApply(makeBundle([{ path: NFD, content: "x" }]), root);
    expect(r.error?.code).toBe("ERR_INVALID_MANIFEST");
    expect(r.error?.details?.issues).toEqual([expect.objectContaining({ code: "ERR_PATH_NOT_NFC" })]);
    expect(snapshot(root)).toEqual({});
  });

  for (const [label, fold] of [
    ["normalisation-insensitive", nfcFold],
    ["APFS default (case- and normalisation-insensitive)", apfsFold],
  ] as const) {
    it(`T06.8 (${label}) overwrite of \\u00e9.txt (NFC) while the disk entry is stored in NFD → applied; one file exists afterwards`, async () => {
      const { root } = tmpRoot();
      fs.writeFileSync(path.join(root, NFD), "stored as NFD\n");
      expect(fs.readdirSync(root)).toEqual([NFD]);
      const b = makeBundle([{ path: NFC, op: "overwrite", content: "written as NFC\n" }]);
      const r = await viewApply(root, fold, b);
      expect(r.error).toBeUndefined();
      expect(r.status).toBe("applied");
      const names = fs.readdirSync(root).filter((n) => n !== ".axiom");
      expect(names).toHaveLength(1);
      expect(names[0]!.normalize("NFC")).toBe(NFC);
      expect(sha256Hex(fs.readFileSync(path.join(root, names[0]!)))).toBe(sha256Hex(Buffer.from("written as NFC\n")));
    });
  }
});

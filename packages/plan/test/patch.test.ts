// sources.md §1 (patch sources) and formats.md "Patch Plan vs its inline twin".
import { sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, expectCode, tempRepo, writeTree } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { applyPatch, compilePlan, parsePatch } from "../src/index";

/** A real temp root holding `tree`, removed when the test finishes (testkit's tempRepo). */
async function rootWith(tree: Record<string, string | Uint8Array>): Promise<string> {
  return (await tempRepo(tree)).root;
}
const ref = (s: string | Uint8Array) => `sha256:${sha256Hex(s)}`;
const apply = (format: "unified" | "v4a" | "search-replace", text: string, body: string) =>
  applyPatch(text, parsePatch(format, body));
function patchPlan(path: string, format: string, preImage: string, body: string, op = "overwrite") {
  const plan = EXAMPLE_1();
  plan.artifacts = [{ path, op, source: { type: "patch", format, preImage, body } }];
  return plan;
}

const ORIGINAL = "line 1\nline 2\nline 3\nline 4\nline 5\n";

describe("unified (sources.md §1.6)", () => {
  it("applies a hunk after a diff/index/---/+++ preamble", () => {
    const body =
      "diff --git a/f b/f\nindex 1..2\n--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@ ctx\n line 2\n-line 3\n+LINE 3\n line 4\n";
    expect(apply("unified", ORIGINAL, body)).toBe("line 1\nline 2\nLINE 3\nline 4\nline 5\n");
  });

  it("folds context between changes into one block and applies several hunks in order", () => {
    const body = "@@ -1,3 +1,3 @@\n-line 1\n+ONE\n line 2\n-line 3\n+THREE\n\n@@ -5 +5 @@\n-line 5\n+FIVE\n";
    expect(apply("unified", ORIGINAL, body)).toBe("ONE\nline 2\nTHREE\nline 4\nFIVE\n");
  });

  it("no hunk header → ERR_PATCH_FORMAT {format}; a stray line → details.line; a second `diff ` → rejected", async () => {
    const e1 = await expectCode(() => apply("unified", ORIGINAL, "just text\n"), "ERR_PATCH_FORMAT");
    expect(e1.details).toEqual({ format: "unified" });
    const e2 = await expectCode(
      () => apply("unified", ORIGINAL, "@@ -1 +1 @@\n-line 1\n+x\ngarbage\n"),
      "ERR_PATCH_FORMAT",
    );
    expect(e2.details).toEqual({ format: "unified", line: 4 });
    await expectCode(
      () => apply("unified", ORIGINAL, "@@ -1 +1 @@\n-line 1\n+x\ndiff --git a/g b/g\n"),
      "ERR_PATCH_FORMAT",
    );
  });

  it("count check → ERR_PATCH_FORMAT {header, oldSeen, oldCount, newSeen, newCount}", async () => {
    const err = await expectCode(
      () => apply("unified", ORIGINAL, "@@ -1,2 +1,2 @@\n-line 1\n+x\n"),
      "ERR_PATCH_FORMAT",
    );
    expect(err.details).toEqual({
      format: "unified",
      header: "@@ -1,2 +1,2 @@",
      oldSeen: 1,
      oldCount: 2,
      newSeen: 1,
      newCount: 2,
    });
  });

  it("`\\ No newline at end of file` is ignored and the pre-image's final-newline state is kept", () => {
    const noLf = "a\nb";
    expect(
      apply("unified", noLf, "@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n"),
    ).toBe("a\nB");
    expect(apply("unified", "a\nb\n", "@@ -2 +2 @@\n-b\n+B\n")).toBe("a\nB\n");
  });

  it("CR stays part of its line: a CRLF file needs CR in the patch lines", async () => {
    const crlf = "a\r\nb\r\n";
    expect(apply("unified", crlf, "@@ -2 +2 @@\n-b\r\n+B\r\n")).toBe("a\r\nB\r\n");
    await expectCode(() => apply("unified", crlf, "@@ -2 +2 @@\n-b\n+B\n"), "ERR_PATCH_NO_MATCH");
  });

  it("ambiguous context is resolved by the header's new start; equal distances stay ambiguous", async () => {
    const text = "x\nsame\nx\nsame\nx\n";
    expect(apply("unified", text, "@@ -4 +4 @@\n-same\n+SECOND\n")).toBe("x\nsame\nx\nSECOND\nx\n");
    expect(apply("unified", text, "@@ -2 +2 @@\n-same\n+FIRST\n")).toBe("x\nFIRST\nx\nsame\nx\n");
    const err = await expectCode(() => apply("unified", text, "@@ -3 +3 @@\n-same\n+Q\n"), "ERR_PATCH_NO_MATCH");
    expect(err.details).toEqual({ hunk: 1, matches: 2, searchedFromLine: 1, block: ["same"] });
  });

  it("a pure insertion into an empty file; a hunk that does not match → ERR_PATCH_NO_MATCH", async () => {
    expect(apply("unified", "", "@@ -0,0 +1,2 @@\n+a\n+b\n")).toBe("a\nb\n");
    await expectCode(() => apply("unified", "x\n", "@@ -0,0 +1 @@\n+a\n"), "ERR_PATCH_NO_MATCH");
    await expectCode(() => apply("unified", ORIGINAL, "@@ -1 +1 @@\n-nope\n+x\n"), "ERR_PATCH_NO_MATCH");
  });
});

describe("v4a (sources.md §1.7)", () => {
  it("Update File with an anchor and context", () => {
    const body = "*** Begin Patch\n*** Update File: f.txt\n@@ line 2\n line 3\n-line 4\n+FOUR\n*** End Patch\n";
    expect(apply("v4a", ORIGINAL, body)).toBe("line 1\nline 2\nline 3\nFOUR\nline 5\n");
  });

  it("*** End of File keeps only a match at the end; a pure insertion at EOF appends", () => {
    const text = "x\nend\nx\nend\n";
    expect(apply("v4a", text, "*** Begin Patch\n*** Update File: f\n-end\n+END\n*** End of File\n*** End Patch")).toBe(
      "x\nend\nx\nEND\n",
    );
    expect(apply("v4a", "a\n", "*** Begin Patch\n*** Update File: f\n+b\n*** End of File\n*** End Patch")).toBe(
      "a\nb\n",
    );
  });

  it("Add File needs an empty pre-image, else ERR_PATCH_NO_MATCH {existingBytes}", async () => {
    expect(apply("v4a", "", "*** Begin Patch\n*** Add File: new.txt\n+hello\n+world\n*** End Patch\n")).toBe(
      "hello\nworld\n",
    );
    const err = await expectCode(
      () => apply("v4a", "abc", "*** Begin Patch\n*** Add File: n\n+x\n*** End Patch"),
      "ERR_PATCH_NO_MATCH",
    );
    expect(err.details).toEqual({ existingBytes: 3 });
  });

  it("Delete File parses but does not apply (use op: delete); Move to / a second file / no End Patch / no hunk / context-only hunk → ERR_PATCH_FORMAT", async () => {
    await expectCode(
      () => apply("v4a", "x\n", "*** Begin Patch\n*** Delete File: f\n*** End Patch\n"),
      "ERR_PATCH_NO_MATCH",
    );
    const bad = [
      "*** Begin Patch\n*** Update File: f\n*** Move to: g\n@@\n-a\n+b\n*** End Patch",
      "*** Begin Patch\n*** Update File: f\n-a\n+b\n*** Update File: g\n*** End Patch",
      "*** Begin Patch\n*** Update File: f\n-a\n+b\n",
      "*** Begin Patch\n*** Update File: f\n*** End Patch",
      "*** Begin Patch\n*** Update File: f\n@@\n a\n*** End Patch",
      "*** Update File: f\n-a\n+b\n*** End Patch",
      "*** Begin Patch\n*** Update File: f\n*** End of File\n*** End Patch",
      "*** Begin Patch\n*** Update File: f\n?weird\n*** End Patch",
    ];
    for (const body of bad) {
      const err = await expectCode(() => apply("v4a", "a\n", body), "ERR_PATCH_FORMAT");
      expect(err.details?.format).toBe("v4a");
    }
  });

  it("an anchor that is not found exactly once → ERR_PATCH_NO_MATCH {hunk, anchor, matches, searchedFromLine}", async () => {
    const err = await expectCode(
      () => apply("v4a", "a\na\n", "*** Begin Patch\n*** Update File: f\n@@ a\n+b\n*** End Patch"),
      "ERR_PATCH_NO_MATCH",
    );
    expect(err.details).toEqual({ hunk: 1, anchor: "a", matches: 2, searchedFromLine: 1 });
  });
});

describe("search-replace (sources.md §1.8)", () => {
  it("applies blocks in order; fences and blank lines between blocks are skipped", () => {
    const body =
      "```\n<<<<<<< SEARCH\nline 2\n=======\nLINE 2\n>>>>>>> REPLACE\n```\n\n<<<<< SEARCH\nline 5\n=====\n>>>>> REPLACE\n";
    expect(apply("search-replace", ORIGINAL, body)).toBe("line 1\nLINE 2\nline 3\nline 4\n");
  });

  it("no block, a missing divider or REPLACE, or a stray line → ERR_PATCH_FORMAT", async () => {
    for (const body of ["", "text\n", "<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n", "<<<<<<< SEARCH\na\n=======\nb\n"]) {
      const err = await expectCode(() => apply("search-replace", "a\n", body), "ERR_PATCH_FORMAT");
      expect(err.details?.format).toBe("search-replace");
    }
  });
});

describe("patch sources at compile (sources.md §1.2)", () => {
  it("Patch Plan vs its inline twin → same planDigest, different manifestDigest (origin patch vs inline)", async () => {
    const root = await rootWith({ "notes.txt": ORIGINAL });
    const body = "@@ -3 +3 @@\n-line 3\n+LINE 3\n";
    const patched = await compilePlan(patchPlan("notes.txt", "unified", ref(ORIGINAL), body), { root });
    const twin = EXAMPLE_1();
    twin.artifacts = [
      { path: "notes.txt", op: "overwrite", source: { type: "inline", content: ORIGINAL.replace("line 3", "LINE 3") } },
    ];
    const inline = await compilePlan(twin, { root });
    expect(patched.bundle.manifest.planDigest).toBe(inline.bundle.manifest.planDigest);
    expect(patched.bundle.manifestDigest).not.toBe(inline.bundle.manifestDigest);
    expect(patched.bundle.manifest.artifacts[0]?.origin).toBe("patch");
    expect(patched.bundle.manifest.artifacts[0]?.digest).toEqual(inline.bundle.manifest.artifacts[0]?.digest);
    // the manifest's pre-image entry equals the patch's preImage, as bare hex
    expect(patched.bundle.manifest.preImage).toEqual([{ path: "notes.txt", sha256: sha256Hex(ORIGINAL) }]);
  });

  it("no root and no reader → ERR_PATCH_PREIMAGE {preImage}, path = artifact path", async () => {
    const err = await expectCode(
      () => compilePlan(patchPlan("n.txt", "unified", "absent", "@@ -0,0 +1 @@\n+a\n")),
      "ERR_PATCH_PREIMAGE",
    );
    expect(err.details).toEqual({ preImage: "absent" });
    expect(err.path).toBe("n.txt");
  });

  it('current file does not hash to preImage (or exists when "absent") → ERR_PATCH_PREIMAGE {expected, actual}', async () => {
    const root = await rootWith({ "n.txt": "changed\n" });
    const e1 = await expectCode(
      () => compilePlan(patchPlan("n.txt", "unified", ref(ORIGINAL), "@@ -1 +1 @@\n-a\n+b\n"), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(e1.details).toEqual({ expected: ref(ORIGINAL), actual: ref("changed\n") });
    const e2 = await expectCode(
      () => compilePlan(patchPlan("n.txt", "unified", "absent", "@@ -0,0 +1 @@\n+a\n"), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(e2.details).toEqual({ expected: "absent", actual: ref("changed\n") });
    const e3 = await expectCode(
      () => compilePlan(patchPlan("gone.txt", "unified", ref(ORIGINAL), "@@ -1 +1 @@\n-a\n+b\n"), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(e3.details).toEqual({ expected: ref(ORIGINAL), actual: "absent" });
  });

  it("a symlink at the path reads as absent, so a digest-pinned patch fails ERR_PATCH_PREIMAGE", async () => {
    const root = await rootWith({ "real.txt": ORIGINAL });
    await writeTree(root, { "link.txt": { symlink: "real.txt" } });
    await expectCode(
      () => compilePlan(patchPlan("link.txt", "unified", ref(ORIGINAL), "@@ -1 +1 @@\n-line 1\n+x\n"), { root }),
      "ERR_PATCH_PREIMAGE",
    );
  });

  it('a pre-image that is not UTF-8 → ERR_PATCH_PREIMAGE {preImage, reason: "not-utf8"}', async () => {
    const bytes = new Uint8Array([0xc3, 0x28, 0x0a]);
    const root = await rootWith({ "bin.txt": bytes });
    const err = await expectCode(
      () => compilePlan(patchPlan("bin.txt", "unified", ref(bytes), "@@ -1 +1 @@\n-x\n+y\n"), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(err.details).toEqual({ preImage: ref(bytes), reason: "not-utf8" });
  });

  it("a leading BOM is kept aside while matching and restored in the result", async () => {
    const bom = "\uFEFFfirst\nsecond\n";
    const root = await rootWith({ "b.txt": bom });
    const { bundle } = await compilePlan(patchPlan("b.txt", "unified", ref(bom), "@@ -1 +1 @@\n-first\n+FIRST\n"), {
      root,
    });
    const blob = Object.values(bundle.blobs)[0];
    expect(blob).toEqual({ encoding: "utf8", data: "\uFEFFFIRST\nsecond\n" });
  });

  it('a create from "absent" via the injected reader; a result over 256 KiB → ERR_BLOB_TOO_LARGE {bytes, max}', async () => {
    const { bundle } = await compilePlan(
      patchPlan("new.txt", "v4a", "absent", "*** Begin Patch\n*** Add File: new.txt\n+hi\n*** End Patch", "create"),
      {
        readPreImage: () => undefined,
      },
    );
    expect(bundle.manifest.artifacts[0]).toMatchObject({ origin: "patch", bytes: 3 });
    const big = "é".repeat(140_000); // 140 000 chars of body, 280 000 bytes of result
    const body = `*** Begin Patch\n*** Add File: n\n+${big}\n*** End Patch`;
    const err = await expectCode(
      () => compilePlan(patchPlan("n.txt", "v4a", "absent", body, "create"), { readPreImage: () => undefined }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(err.details).toEqual({ bytes: 280_001, max: 262_144 });
    expect(err.path).toBe("n.txt");
  });

  it("format and no-match errors carry the artifact path", async () => {
    const root = await rootWith({ "n.txt": ORIGINAL });
    const e1 = await expectCode(
      () => compilePlan(patchPlan("n.txt", "unified", ref(ORIGINAL), "nothing"), { root }),
      "ERR_PATCH_FORMAT",
    );
    expect(e1.path).toBe("n.txt");
    const e2 = await expectCode(
      () =>
        compilePlan(
          patchPlan("n.txt", "search-replace", ref(ORIGINAL), "<<<<<<< SEARCH\nnope\n=======\nx\n>>>>>>> REPLACE\n"),
          { root },
        ),
      "ERR_PATCH_NO_MATCH",
    );
    expect(e2.path).toBe("n.txt");
  });
});

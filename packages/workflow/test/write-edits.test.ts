// axiom_write `edits` and `patch` files (issue 19 item 6) through the real use cases on temp repos:
// checkWriteFiles' one-of rule, compileWrite's targets (op create for a new file, patch sources
// bound to the pre-image), previewWrite's diff, the confirm and its TOCTOU guard.
import { chmod, readFile, stat, writeFile } from "node:fs/promises";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { checkWriteFiles, confirmWrite, prepareConfirm, previewWrite, type WriteFile } from "../src/index";
import { compiled, ready, treeNames, WRITE_CHECKS } from "./helpers";

const checks = WRITE_CHECKS;

/** Preview, then confirm with the preview's digest: the full two-call path minus the server. */
async function writeThrough(root: string, files: WriteFile[]) {
  const first = await compiled(root, files);
  const preview = await previewWrite(first, checks);
  const out = await confirmWrite(
    ready(await prepareConfirm(await compiled(root, files), first.bundle.manifestDigest)),
    checks,
  );
  return { first, preview, out };
}

const source = (c: { plan: { artifacts: unknown[] } }, i = 0) =>
  (c.plan.artifacts[i] as { source?: { type: string; format?: string; preImage?: string } }).source;

describe("checkWriteFiles: per file exactly one of content, edits, patch (ERR_INVALID_PLAN {index})", () => {
  test("content+edits, edits+patch, none, a delete with edits, encoding with edits → ERR_INVALID_PLAN; each alone passes", async () => {
    const edits = [{ oldText: "a", newText: "b" }];
    const patch = { format: "unified" as const, text: "@@ -1 +1 @@\n-a\n+b\n" };
    for (const bad of [
      { path: "a", content: "x", edits },
      { path: "a", edits, patch },
      { path: "a", content: "x", patch },
      { path: "a" },
      { path: "a", op: "delete" as const, edits },
      { path: "a", edits, encoding: "base64" as const },
    ]) {
      const err = await expectCode(() => checkWriteFiles([{ path: "ok", content: "" }, bad]), "ERR_INVALID_PLAN", {
        index: 1,
      });
      expect(err.path).toBe("a");
    }
    expect(() =>
      checkWriteFiles([
        { path: "a", content: "x" },
        { path: "b", edits },
        { path: "c", patch },
      ]),
    ).not.toThrow();
  });
});

describe("edits", () => {
  test("a one-line edit of a 2,000-line file: a unified patch source bound to the pre-image, the dry-run diff shows the line, the confirm writes exactly that change", async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `const line${i} = ${i};`);
    const before = `${lines.join("\n")}\n`;
    const repo = await tempRepo({ "big.ts": before });
    const files = [
      { path: "big.ts", edits: [{ oldText: "const line1234 = 1234;", newText: "const line1234 = 4321;" }] },
    ];
    const { first, preview, out } = await writeThrough(repo.root, files);
    expect(source(first)).toMatchObject({ type: "patch", format: "unified" });
    expect(source(first)?.preImage).toBe(`sha256:${first.bundle.manifest.preImage?.[0]?.sha256}`);
    expect(first.bundle.manifest.artifacts[0]).toMatchObject({ path: "big.ts", op: "overwrite", origin: "patch" });
    expect(preview.status).toBe("preview");
    expect(preview.diff).toContain("-const line1234 = 1234;\n+const line1234 = 4321;\n");
    expect(out.write.status).toBe("applied");
    expect(await repo.read("big.ts")).toBe(before.replace("= 1234;", "= 4321;"));
  });

  test("the same edits twice on one tree → one manifestDigest; the planDigest equals the content twin's (a patch hashes as its inline result)", async () => {
    const repo = await tempRepo({ "a.txt": "one\ntwo\n" });
    const edits = [{ oldText: "two", newText: "2" }];
    const a = await compiled(repo.root, [{ path: "a.txt", edits }]);
    const b = await compiled(repo.root, [{ path: "a.txt", edits }]);
    expect(a.bundle.manifestDigest).toBe(b.bundle.manifestDigest);
    const twin = await compiled(repo.root, [{ path: "a.txt", content: "one\n2\n" }]);
    expect(a.bundle.manifest.planDigest).toBe(twin.bundle.manifest.planDigest);
  });

  test("a non-unique oldText → ERR_PATCH_NO_MATCH {path, index, matches: 2}; absent → matches: 0; nothing written", async () => {
    const repo = await tempRepo({ "a.txt": "x = 1\ny = 1\n" });
    const dup = await expectCode(
      compiled(repo.root, [
        {
          path: "a.txt",
          edits: [
            { oldText: "y", newText: "z" },
            { oldText: "= 1", newText: "= 2" },
          ],
        },
      ]),
      "ERR_PATCH_NO_MATCH",
      { path: "a.txt", index: 1, matches: 2 },
    );
    expect(dup.path).toBe("a.txt");
    await expectCode(
      compiled(repo.root, [{ path: "a.txt", edits: [{ oldText: "nope", newText: "" }] }]),
      "ERR_PATCH_NO_MATCH",
      {
        path: "a.txt",
        index: 0,
        matches: 0,
      },
    );
    expect(await repo.read("a.txt")).toBe("x = 1\ny = 1\n");
  });

  test("replaceAll replaces every occurrence (and still needs one); edits apply in order, each against the previous result", async () => {
    const repo = await tempRepo({ "a.txt": "x = 1\ny = 1\n", "b.txt": "x=1\ny=1\n" });
    await writeThrough(repo.root, [
      { path: "a.txt", edits: [{ oldText: "= 1", newText: "= 9", replaceAll: true }] },
      // Against the original "=1" occurs twice; after the first edit only y's is left.
      {
        path: "b.txt",
        edits: [
          { oldText: "x=1", newText: "x=2" },
          { oldText: "=1", newText: "=3" },
        ],
      },
    ]);
    expect(await repo.read("a.txt")).toBe("x = 9\ny = 9\n");
    expect(await repo.read("b.txt")).toBe("x=2\ny=3\n");
    await expectCode(
      compiled(repo.root, [{ path: "a.txt", edits: [{ oldText: "= 1", newText: "", replaceAll: true }] }]),
      "ERR_PATCH_NO_MATCH",
      { matches: 0 },
    );
  });

  test("an edit whose oldText overlaps what an earlier edit wrote → ERR_PATCH_NO_MATCH {index, overlaps}; one that only touches it applies", async () => {
    const repo = await tempRepo({ "a.txt": "alpha beta\n" });
    await expectCode(
      compiled(repo.root, [
        {
          path: "a.txt",
          edits: [
            { oldText: "alpha", newText: "gamma delta" },
            { oldText: "delta beta", newText: "x" },
          ],
        },
      ]),
      "ERR_PATCH_NO_MATCH",
      { path: "a.txt", index: 1, matches: 1, overlaps: 0 },
    );
    await writeThrough(repo.root, [
      {
        path: "a.txt",
        edits: [
          { oldText: "alpha", newText: "gamma" },
          { oldText: " beta", newText: " omega" },
        ],
      },
    ]);
    expect(await repo.read("a.txt")).toBe("gamma omega\n");
  });

  test("edits of a missing file → ERR_NOT_FOUND {path, index}, never a create; of a non-UTF-8 file → ERR_PATCH_PREIMAGE not-utf8", async () => {
    const repo = await tempRepo({ "bin.dat": Buffer.from([0xff, 0xfe, 0x41]) });
    await expectCode(
      compiled(repo.root, [{ path: "new.txt", edits: [{ oldText: "a", newText: "b" }] }]),
      "ERR_NOT_FOUND",
      {
        path: "new.txt",
        index: 0,
      },
    );
    await expectCode(
      compiled(repo.root, [{ path: "bin.dat", edits: [{ oldText: "A", newText: "B" }] }]),
      "ERR_PATCH_PREIMAGE",
      {
        reason: "not-utf8",
      },
    );
    expect(await treeNames(repo.root)).toEqual(["bin.dat"]);
  });

  test("a leading BOM stays and is never matched; an edit that drops the final newline applies exactly (inline source)", async () => {
    const repo = await tempRepo({ "bom.txt": Buffer.from("\uFEFFhead\nbody\n"), "nl.txt": "last\n" });
    const { first } = await writeThrough(repo.root, [
      { path: "bom.txt", edits: [{ oldText: "head", newText: "HEAD" }] },
      { path: "nl.txt", edits: [{ oldText: "last\n", newText: "last" }] },
    ]);
    expect([...(await readFile(repo.path("bom.txt")))].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(await repo.read("bom.txt")).toBe("\uFEFFHEAD\nbody\n");
    expect(await repo.read("nl.txt")).toBe("last");
    expect(source(first, 1)).toMatchObject({ type: "inline" });
  });

  test("an edit or a patch of a 0755 file keeps 0755 without `mode`; an explicit mode wins; content keeps the 0644 default", async () => {
    const repo = await tempRepo({ "run.sh": "echo 1\n", "p.sh": "echo p\n", "c.sh": "echo c\n", "m.sh": "echo m\n" });
    for (const f of ["run.sh", "p.sh", "c.sh", "m.sh"]) await chmod(repo.path(f), 0o755);
    await writeThrough(repo.root, [
      { path: "run.sh", edits: [{ oldText: "1", newText: "2" }] },
      { path: "p.sh", patch: { format: "unified", text: "@@ -1 +1 @@\n-echo p\n+echo P\n" } },
      { path: "c.sh", content: "echo C\n" },
      { path: "m.sh", edits: [{ oldText: "m", newText: "M" }], mode: "0644" },
    ]);
    const perm = async (f: string) => ((await stat(repo.path(f))).mode & 0o777).toString(8);
    expect([await perm("run.sh"), await perm("p.sh"), await perm("c.sh"), await perm("m.sh")]).toEqual([
      "755",
      "755",
      "644",
      "644",
    ]);
    expect(await repo.read("run.sh")).toBe("echo 2\n");
  });

  test("TOCTOU: the file changes between the preview and the confirm → ERR_CONFIRM_DIGEST_MISMATCH, the later bytes stay", async () => {
    const repo = await tempRepo({ "a.txt": "keep\nold\n" });
    const files = [{ path: "a.txt", edits: [{ oldText: "old", newText: "new" }] }];
    const previewed = (await compiled(repo.root, files)).bundle.manifestDigest;
    await writeFile(repo.path("a.txt"), "edited\nold\n");
    await expectCode(prepareConfirm(await compiled(repo.root, files), previewed), "ERR_CONFIRM_DIGEST_MISMATCH", {
      confirmDigest: previewed,
    });
    expect(await repo.read("a.txt")).toBe("edited\nold\n");
  });
});

describe("patch", () => {
  test("unified and v4a patches apply, each a patch source bound to the current bytes", async () => {
    const repo = await tempRepo({ "u.txt": "a\nb\nc\n", "v.txt": "one\ntwo\nthree\n" });
    const { first } = await writeThrough(repo.root, [
      {
        path: "u.txt",
        patch: { format: "unified", text: "--- a/u.txt\n+++ b/u.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" },
      },
      {
        path: "v.txt",
        patch: {
          format: "v4a",
          text: "*** Begin Patch\n*** Update File: v.txt\n@@\n one\n-two\n+TWO\n*** End Patch\n",
        },
      },
    ]);
    expect(source(first, 0)).toMatchObject({ type: "patch", format: "unified" });
    expect(source(first, 1)).toMatchObject({ type: "patch", format: "v4a" });
    expect(await repo.read("u.txt")).toBe("a\nB\nc\n");
    expect(await repo.read("v.txt")).toBe("one\nTWO\nthree\n");
  });

  test("a patch that does not apply → ERR_PATCH_NO_MATCH; one that does not parse → ERR_PATCH_FORMAT; nothing written", async () => {
    const repo = await tempRepo({ "u.txt": "a\nb\n" });
    await expectCode(
      compiled(repo.root, [{ path: "u.txt", patch: { format: "unified", text: "@@ -1,2 +1,2 @@\n a\n-x\n+y\n" } }]),
      "ERR_PATCH_NO_MATCH",
      { matches: 0 },
    );
    await expectCode(
      compiled(repo.root, [{ path: "u.txt", patch: { format: "v4a", text: "not a patch" } }]),
      "ERR_PATCH_FORMAT",
      { format: "v4a" },
    );
    expect(await repo.read("u.txt")).toBe("a\nb\n");
  });

  test("a v4a Add File onto an absent path creates it with op create; onto an existing file → ERR_PATCH_NO_MATCH", async () => {
    const repo = await tempRepo({ "old.txt": "here\n" });
    const add = (p: string) => ({
      format: "v4a" as const,
      text: `*** Begin Patch\n*** Add File: ${p}\n+hello\n*** End Patch\n`,
    });
    const { first } = await writeThrough(repo.root, [{ path: "n.txt", patch: add("n.txt") }]);
    expect(first.bundle.manifest.artifacts[0]).toMatchObject({ op: "create" });
    expect(source(first)?.preImage).toBe("absent");
    expect(await repo.read("n.txt")).toBe("hello\n");
    await expectCode(compiled(repo.root, [{ path: "old.txt", patch: add("old.txt") }]), "ERR_PATCH_NO_MATCH");
  });
});

describe("op create for a new file (issue 19 item 6)", () => {
  test("content onto an absent path → op create in the manifest and the result; onto an existing one → overwrite", async () => {
    const repo = await tempRepo({ "old.txt": "o\n" });
    const { first, out } = await writeThrough(repo.root, [
      { path: "new.txt", content: "n\n" },
      { path: "old.txt", content: "O\n" },
    ]);
    expect(first.bundle.manifest.artifacts.map((a) => [a.path, a.op])).toEqual([
      ["new.txt", "create"],
      ["old.txt", "overwrite"],
    ]);
    expect(out.write.files.map((f) => [f.path, f.op])).toEqual([
      ["new.txt", "create"],
      ["old.txt", "overwrite"],
    ]);
  });
});

// Unit tests of the gate's patch parsers (gate/patch/) and the route message bounds (gate/route/),
// in-process. The V4A cases follow Codex's own parser tests (codex-rs/apply-patch/src/parser.rs).
import { describe, expect, it } from "vitest";
import { parsePatch, patchFileTargets } from "../src/harness/gate/patch";
import { GateProfileSchema } from "../src/harness/gate/profile";
import { routeMessage } from "../src/harness/gate/route/message";
import { routeArgs } from "./gate-helpers";

const files = (text: string) => {
  const p = parsePatch(text);
  if (!p.ok) throw new Error(p.why);
  return p.files.map((f) => ({
    paths: f.paths,
    op: f.op,
    ...(f.moveTo ? { moveTo: f.moveTo } : {}),
    ...(f.judgeOnly ? { judgeOnly: true } : {}),
  }));
};
const why = (text: string) => {
  const p = parsePatch(text);
  return p.ok ? "ok" : p.why;
};

describe("V4A (a mirror of Codex's lenient parser)", () => {
  it("Add, Delete, Update with Move, several chunks, End of File; + lines are the content", () => {
    const text = [
      "*** Begin Patch",
      "*** Add File: docs/notes.md",
      "+# Notes",
      "+",
      "*** Update File: src/config.rs",
      "@@ impl Config",
      "-    a: bool,",
      "+    b: bool,",
      "     c: bool,",
      "@@ fn d()",
      "-    500",
      "+    250",
      "*** End of File",
      "*** Delete File: src/legacy.rs",
      "*** Update File: crates/main.rs",
      "*** Move to: crates/bin/codex.rs",
      "@@ fn run()",
      "-x",
      "+y",
      "*** End Patch",
    ].join("\n");
    expect(files(text)).toEqual([
      { paths: ["docs/notes.md"], op: "create" },
      { paths: ["src/config.rs"], op: "overwrite" },
      { paths: ["src/legacy.rs"], op: "delete" },
      { paths: ["crates/main.rs"], op: "move", moveTo: ["crates/bin/codex.rs"] },
    ]);
    const parsed = parsePatch(text);
    expect(parsed.ok && patchFileTargets(parsed.files)).toEqual([
      { raw: "docs/notes.md", op: "write", content: "# Notes\n" },
      { raw: "src/config.rs", op: "write", content: "    b: bool,\n    250" },
      { raw: "src/legacy.rs", op: "delete" },
      { raw: "crates/main.rs", op: "delete" },
      { raw: "crates/bin/codex.rs", op: "write", content: "y" },
    ]);
  });

  it("a first chunk without @@ parses; whitespace around the markers and a heredoc wrapper are accepted; Begin+End alone has no file", () => {
    expect(files("*** Begin Patch\n*** Update File: f.py\n import foo\n+bar\n*** End Patch")).toEqual([
      { paths: ["f.py"], op: "overwrite" },
    ]);
    expect(files("  *** Begin Patch \n*** Add File: foo\n+hi\n *** End Patch\n\n")).toEqual([
      { paths: ["foo"], op: "create" },
    ]);
    expect(files("<<EOF\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nEOF")).toEqual([
      { paths: ["x"], op: "delete" },
    ]);
    expect(files("*** Begin Patch\n*** End Patch")).toEqual([]);
  });

  it("each trim's reading of a header path is kept (Rust, JavaScript), and Move keeps its untrimmed text", () => {
    expect(files("*** Begin Patch\n*** Add File: a\u0085\n+x\n*** End Patch")[0]?.paths).toEqual(["a", "a\u0085"]);
    expect(files("*** Begin Patch\n*** Add File: a\ufeff\n+x\n*** End Patch")[0]?.paths).toEqual(["a", "a\ufeff"]);
    expect(files("*** Begin Patch\n*** Update File: a\n*** Move to: b \n@@\n-x\n+y\n*** End Patch")[0]?.moveTo).toEqual(
      ["b", "b "],
    );
  });

  it("Codex's errors are the gate's errors", () => {
    expect(why("bad")).toMatch(/malformed unified diff/);
    expect(why("*** Begin Patch\nbad")).toBe("malformed V4A patch: the last line must be '*** End Patch'");
    expect(why("*** Begin Patch\n*** Update File: test.py\n*** End Patch")).toMatch(
      /the update hunk for 'test.py' is empty/,
    );
    expect(why("*** Begin Patch\n*** Frob: x\n*** End Patch")).toMatch(/is not a valid hunk header/);
    expect(why("*** Begin Patch\n*** Update File: a\n@@\n@@\n-x\n*** End Patch")).toMatch(
      /unexpected line in an update hunk/,
    );
    expect(why("*** Begin Patch\n*** Update File: a\n@@\n-x\nfoo\n*** End Patch")).toMatch(
      /expected an '@@' context marker/,
    );
    expect(why("*** Begin Patch\n*** Update File: a\n@@\n*** End of File\n*** End Patch")).toMatch(/has no lines/);
    // A long line is quoted bounded.
    expect(why(`*** Begin Patch\n*** ${"x".repeat(5000)}\n*** End Patch`).length).toBeLessThan(300);
  });

  it("a header-like line the structure does not read is judged only (never routed)", () => {
    expect(files("*** Begin Patch\n*** Update File: a\n@@\n *** Delete File: .env\n-x\n+y\n*** End Patch")).toEqual([
      { paths: ["a"], op: "overwrite" },
      { paths: [".env"], op: "overwrite", judgeOnly: true },
    ]);
  });
});

describe("unified diffs", () => {
  it("modify (a/ b/ read as -p1 first, then as written), create, delete, rename, copy, a mode-only git section, a quoted path", () => {
    const text = [
      "From: x", // a preamble line is skipped
      "diff --git a/src/a.ts b/src/a.ts",
      "index 1..2 100644",
      "--- a/src/a.ts",
      "+++ b/src/a.ts",
      "@@ -1,2 +1,2 @@",
      " keep",
      "-old",
      "+new",
      "\\ No newline at end of file",
      "--- /dev/null",
      "+++ b/n.ts",
      "@@ -0,0 +1 @@",
      "+n",
      "--- a/gone.ts",
      "+++ /dev/null",
      "@@ -1 +0,0 @@",
      "-g",
      "diff --git a/p.ts b/q.ts",
      "rename from p.ts",
      "rename to q.ts",
      "diff --git a/c.ts b/d.ts",
      "copy from c.ts",
      "copy to d.ts",
      "diff --git a/run.sh b/run.sh",
      "old mode 100644",
      "new mode 100755",
      'diff --git "a/\\303\\251.txt" "b/\\303\\251.txt"',
      "deleted file mode 100644",
    ].join("\n");
    const got = files(text).filter((f) => !f.judgeOnly);
    expect(got).toEqual([
      { paths: ["src/a.ts", "a/src/a.ts", "b/src/a.ts"], op: "overwrite" },
      { paths: ["n.ts", "b/n.ts"], op: "create" },
      { paths: ["gone.ts", "a/gone.ts"], op: "delete" },
      { paths: ["p.ts"], op: "move", moveTo: ["q.ts"] },
      { paths: ["d.ts"], op: "create" },
      { paths: ["run.sh", "a/run.sh", "b/run.sh"], op: "overwrite" },
      { paths: ["é.txt", "a/é.txt", "b/é.txt"], op: "delete" },
    ]);
  });

  it("a path without a/ b/ is read as written first, then with its first component stripped", () => {
    expect(files("--- .claude/settings.json\n+++ .claude/settings.json\n@@ -1 +1 @@\n-a\n+b\n")[0]?.paths).toEqual([
      ".claude/settings.json",
      "settings.json",
    ]);
  });

  it("malformed: no file header, a hunk before any header, counts past the end, too many lines for the counts, a bad hunk header", () => {
    expect(why("@@ -1 +1 @@\n-a\n+b\n")).toMatch(/a hunk before any file header/);
    expect(why("just text\n")).toMatch(/no ---\/\+\+\+ file header/);
    expect(why("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n")).toMatch(/runs past the end/);
    expect(why("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nstray\n")).toBe("ok");
    expect(why("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n-b\n+c\n")).toMatch(/do not match|not a hunk line|runs past/);
    expect(why("--- a/x\n+++ b/x\n@@ bad @@\n-a\n")).toMatch(/bad hunk header/);
  });
});

describe("route message bounds (decisions HOOK-21)", () => {
  const rel = (r: string) => r;
  it("strings past 600 chars are cut with a marker, a long content becomes <your full content>, and the JSON still parses", () => {
    const long = "x".repeat(2000);
    const msg = routeMessage(
      "T",
      [
        { raw: "a", kind: "edits", edits: [{ oldText: long, newText: "y" }] },
        { raw: "b", kind: "content", content: long },
      ],
      rel,
    );
    const args = routeArgs(msg);
    expect(args.files[0]).toEqual({
      path: "a",
      edits: [{ oldText: `${"x".repeat(600)}…[1400 more chars]`, newText: "y" }],
    });
    expect(args.files[1]).toEqual({ path: "b", content: "<your full content>" });
    expect(msg).toContain("are shortened here: send them in full");
    expect(msg).toContain("stands for the file's whole new content");
    expect(msg).not.toContain("\n");
  });

  it("past 6 files and 8 edits the rest is named by count; a surrogate pair is never split", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ raw: `f${i}`, kind: "delete" as const }));
    const edits = Array.from({ length: 11 }, (_, i) => ({ oldText: `${i}`, newText: `${i + 1}` }));
    const msg = routeMessage("T", [{ raw: "e", kind: "edits", edits }, ...many], rel);
    expect(routeArgs(msg).files).toHaveLength(6);
    expect(msg).toContain("4 more file(s) of this call are left out here");
    expect(msg).toContain("3 more edit(s) are left out here");
    const emoji = `${"x".repeat(599)}😀tail`;
    const cut = routeArgs(
      routeMessage("T", [{ raw: "a", kind: "edits", edits: [{ oldText: emoji, newText: "" }] }], rel),
    );
    const oldText = (cut.files[0] as { edits: Array<{ oldText: string }> }).edits[0]?.oldText ?? "";
    expect(oldText.startsWith(`${"x".repeat(599)}…[`)).toBe(true);
  });
});

describe("GateProfileSchema: route and native (decisions HOOK-20)", () => {
  it("accepts route all|protected and native globs; refuses other values", () => {
    expect(GateProfileSchema.safeParse({ route: "all", native: ["scratch/**"] })).toEqual({
      success: true,
      data: { deny: [], noSecrets: true, pii: false, route: "all", native: ["scratch/**"] },
    });
    expect(GateProfileSchema.safeParse({ route: "protected" }).success).toBe(true);
    for (const bad of [{ route: "ALL" }, { route: true }, { native: [""] }, { native: [1] }, { native: "x" }]) {
      expect(GateProfileSchema.safeParse(bad).success).toBe(false);
    }
  });
});

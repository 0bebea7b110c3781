// Issue 19 item 1 (route mode) and item 7 (every harness's payloads), through the real
// `axiom gate --stdin` binary with the recorded payload shapes of harness-facts.md: per harness an
// allowed write passes (exit 0) and a denied one does not run (the deny output blocks by that
// harness's own rule, expectBlocks); route mode restates the call as exact axiom_write arguments.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claude,
  codex,
  copilot,
  expectBlocks,
  type GateRepo,
  type GateRun,
  gateRepo,
  gemini,
  routeArgs,
} from "./gate-helpers";

let repo: GateRepo;
let routed: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
  // A second repo whose gate profile selects route mode, with scratch/ and build outputs native.
  routed = await gateRepo();
  await mkdir(join(routed.root, ".axiom"), { recursive: true });
  await writeFile(
    join(routed.root, ".axiom/gate-profile.json"),
    JSON.stringify({
      deny: [".env", ".mcp.json", ".claude/settings.json", ".git/**"],
      route: "all",
      native: ["scratch/**", "**/dist/**"],
    }),
  );
});
afterAll(async () => {
  await repo.cleanup();
  await routed.cleanup();
});

const ALL = ["--route", "all"];
const reasonOf = (r: GateRun) => String(r.deny?.reason);
const filesOf = (r: GateRun) => routeArgs(reasonOf(r)).files;

function expectRouted(r: GateRun, harness: Parameters<typeof expectBlocks>[1], tool: string) {
  expectBlocks(r, harness);
  expect(r.deny?.axiom).toMatchObject({ code: "ERR_UNSUPPORTED_OP", toolClass: "write", route: tool });
  const reason = reasonOf(r);
  expect(reason).toContain(`write through AXIOM's MCP tool ${tool}`);
  expect(reason).toContain('"confirmDigest"');
  expect(reason).toContain("one change set, one confirmation, one rollback");
}

const UPDATE =
  "*** Begin Patch\n*** Update File: src/a.ts\n@@ export const a\n-export const a = 1;\n+export const a = 2;\n*** End Patch\n";

describe("Claude Code 2.1.197 (PreToolUse)", () => {
  const T = "mcp__axiom__axiom_write";
  it("protected mode (the default): a benign Write passes; --route all: Write → {path, content}", async () => {
    const p = claude("Write", { file_path: "src/a.ts", content: "export const a = 1;\n" }, repo.root);
    expect((await repo.gate(p)).code).toBe(0);
    expect((await repo.gate(p, ["--route", "protected"])).code).toBe(0);
    const r = await repo.gate(p, ALL);
    expectRouted(r, "claude", T);
    expect(filesOf(r)).toEqual([{ path: "src/a.ts", content: "export const a = 1;\n" }]);
  });

  it("Edit → edits with its own strings (replace_all kept); MultiEdit → several edits; NotebookEdit → the whole notebook", async () => {
    const edit = await repo.gate(
      claude(
        "Edit",
        { file_path: `${repo.root}/src/a.ts`, old_string: "a = 1", new_string: "a = 2", replace_all: true },
        repo.root,
      ),
      ALL,
    );
    expectRouted(edit, "claude", T);
    expect(filesOf(edit)).toEqual([
      { path: "src/a.ts", edits: [{ oldText: "a = 1", newText: "a = 2", replaceAll: true }] },
    ]);
    const multi = await repo.gate(
      claude(
        "MultiEdit",
        {
          file_path: "src/b.ts",
          edits: [
            { old_string: "x", new_string: "y" },
            { old_string: "p", new_string: "q" },
          ],
        },
        repo.root,
      ),
      ALL,
    );
    expect(filesOf(multi)).toEqual([
      {
        path: "src/b.ts",
        edits: [
          { oldText: "x", newText: "y" },
          { oldText: "p", newText: "q" },
        ],
      },
    ]);
    const nb = await repo.gate(
      claude(
        "NotebookEdit",
        { notebook_path: "nb/a.ipynb", new_source: "print(1)", cell_id: "c1", edit_mode: "replace" },
        repo.root,
      ),
      ALL,
    );
    expectRouted(nb, "claude", T);
    expect(filesOf(nb)).toEqual([{ path: "nb/a.ipynb", content: "<your full content>" }]);
    expect(reasonOf(nb)).toContain("stands for the file's whole new content");
  });

  it("a protected target is denied as today in both modes; outside the root keeps ERR_CONTAINMENT; --route protected keeps today's allow", async () => {
    for (const args of [[], ALL]) {
      const r = await repo.gate(
        claude("Write", { file_path: ".claude/settings.json", content: "{}" }, repo.root),
        args,
      );
      expectBlocks(r, "claude");
      expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".claude/settings.json" });
      const out = await repo.gate(claude("Write", { file_path: "/tmp/elsewhere.txt", content: "x" }, repo.root), args);
      expect(out.deny?.axiom.code).toBe("ERR_CONTAINMENT");
    }
  });

  it("the profile's route: all applies without the flag, `native` globs stay native, and --route protected wins over the profile", async () => {
    const w = (p: string) => claude("Write", { file_path: p, content: "x" }, routed.root);
    expectRouted(await routed.gate(w("src/a.ts")), "claude", T);
    expect((await routed.gate(w("scratch/notes.md"))).code).toBe(0);
    expect((await routed.gate(w("packages/x/dist/out.js"))).code).toBe(0);
    expect((await routed.gate(w("src/a.ts"), ["--route", "protected"])).code).toBe(0);
    // A native glob never exempts a protected path.
    expect((await routed.gate(w(".env"))).deny?.axiom.code).toBe("path.deny");
  });
});

describe("Codex 0.171 (PreToolUse; apply_patch under tool_input.command)", () => {
  const T = "mcp__axiom__axiom_write";
  it("a benign apply_patch passes in protected mode (it was ERR_UNSUPPORTED_OP) and is routed with {path, patch: v4a} per file", async () => {
    expect((await repo.gate(codex("apply_patch", { command: UPDATE }, repo.root))).code).toBe(0);
    const patch =
      "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: src/new.ts\n+export {};\n*** Delete File: src/old.ts\n*** Update File: src/m.ts\n*** Move to: src/n.ts\n@@\n-x\n+y\n*** End Patch";
    const r = await repo.gate(codex("apply_patch", { command: patch }, repo.root), ALL);
    expectRouted(r, "codex", T);
    expect(filesOf(r)).toEqual([
      {
        path: "src/a.ts",
        patch: { format: "v4a", text: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch\n" },
      },
      { path: "src/new.ts", content: "export {};\n" },
      { path: "src/old.ts", op: "delete" },
      { path: "src/m.ts", op: "delete" },
      { path: "src/n.ts", content: "<your full content>" },
    ]);
  });

  it("a multi-file patch with one protected file is denied path.deny in both modes; a malformed patch is denied ERR_PATCH_FORMAT", async () => {
    const patch = "*** Begin Patch\n*** Add File: src/ok.ts\n+ok\n*** Add File: .mcp.json\n+{}\n*** End Patch";
    for (const args of [[], ALL]) {
      const r = await repo.gate(codex("apply_patch", { command: patch }, repo.root), args);
      expectBlocks(r, "codex");
      expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".mcp.json" });
      const bad = await repo.gate(
        codex("apply_patch", { command: "*** Begin Patch\n*** Add File: a\n+x\n" }, repo.root),
        args,
      );
      expectBlocks(bad, "codex");
      expect(bad.deny?.axiom.code).toBe("ERR_PATCH_FORMAT");
      expect(bad.stderr).toContain("the last line must be '*** End Patch'");
    }
  });

  it("Bash keeps the protected-path judgement in route mode (ordinary shell writes are not routed); MCP tools pass", async () => {
    expect((await repo.gate(codex("Bash", { command: "echo ok > out.txt" }, repo.root), ALL)).code).toBe(0);
    const env = await repo.gate(codex("Bash", { command: "echo SECRET=1 > .env" }, repo.root), ALL);
    expectBlocks(env, "codex");
    expect(env.deny?.axiom.code).toBe("path.deny");
    expect((await repo.gate(codex("mcp__axiom__axiom_status", {}, repo.root), ALL)).code).toBe(0);
  });
});

describe("Copilot CLI 1.0.102 (preToolUse; toolArgs an object, the raw patch string, or a JSON string)", () => {
  const T = "axiom-axiom_write";
  it("apply_patch with the raw patch string: passes in protected mode, routed under Copilot's tool name", async () => {
    expect((await repo.gate(copilot("apply_patch", UPDATE, repo.root))).code).toBe(0);
    const r = await repo.gate(copilot("apply_patch", UPDATE, repo.root), ALL);
    expectRouted(r, "copilot", T);
    expect(filesOf(r)[0]).toMatchObject({ path: "src/a.ts", patch: { format: "v4a" } });
    // The same patch as a JSON-encoded string, and under an object's `input`.
    expect((await repo.gate(copilot("apply_patch", JSON.stringify(UPDATE), repo.root), ALL)).deny?.axiom.route).toBe(T);
    expect((await repo.gate(copilot("apply_patch", { input: UPDATE }, repo.root), ALL)).deny?.axiom.route).toBe(T);
  });

  it("a patch onto .github/hooks is denied; bash with an object toolArgs is judged (`> .env` denied, benign allowed); create/edit are routed", async () => {
    const hook = await repo.gate(
      copilot("apply_patch", "*** Begin Patch\n*** Add File: .github/hooks/x.json\n+{}\n*** End Patch", repo.root),
    );
    expectBlocks(hook, "copilot");
    expect(hook.deny?.axiom).toMatchObject({ code: "path.deny", path: ".github/hooks/x.json" });
    const args = { command: "echo x > .env", description: "d", mode: "sync", initial_wait: 10 };
    expectBlocks(await repo.gate(copilot("bash", args, repo.root), ALL), "copilot");
    expect((await repo.gate(copilot("bash", { ...args, command: "ls -la" }, repo.root), ALL)).code).toBe(0);
    const edit = await repo.gate(
      copilot("edit", JSON.stringify({ path: "src/a.ts", old_str: "1", new_str: "2" }), repo.root),
      ALL,
    );
    expect(filesOf(edit)).toEqual([{ path: "src/a.ts", edits: [{ oldText: "1", newText: "2" }] }]);
    const create = await repo.gate(copilot("create", { path: "src/c.ts", file_text: "c\n" }, repo.root), ALL);
    expect(filesOf(create)).toEqual([{ path: "src/c.ts", content: "c\n" }]);
  });
});

describe("Gemini CLI 0.61 (BeforeTool; absolute file_path)", () => {
  const T = "mcp_axiom_axiom_write";
  it("write_file: benign passes in protected mode, routed with {path, content}; .mcp.json denied in both modes", async () => {
    const w = (p: string) => gemini("write_file", { file_path: join(repo.root, p), content: "x\n" }, repo.root);
    expect((await repo.gate(w("src/g.ts"))).code).toBe(0);
    const r = await repo.gate(w("src/g.ts"), ALL);
    expectRouted(r, "gemini", T);
    expect(filesOf(r)).toEqual([{ path: "src/g.ts", content: "x\n" }]);
    for (const args of [[], ALL]) {
      const d = await repo.gate(w(".mcp.json"), args);
      expectBlocks(d, "gemini");
      expect(d.deny?.axiom).toMatchObject({ code: "path.deny", path: ".mcp.json" });
    }
  });

  it("replace → edits (expected_replacements > 1 is replaceAll); run_shell_command judged; mcp_axiom_* tools pass", async () => {
    const r = await repo.gate(
      gemini(
        "replace",
        { file_path: join(repo.root, "src/a.ts"), old_string: "a", new_string: "b", expected_replacements: 2 },
        repo.root,
      ),
      ALL,
    );
    expectRouted(r, "gemini", T);
    expect(filesOf(r)).toEqual([{ path: "src/a.ts", edits: [{ oldText: "a", newText: "b", replaceAll: true }] }]);
    expect(
      (
        await repo.gate(
          gemini("replace", { file_path: join(repo.root, "src/a.ts"), old_string: "a", new_string: "b" }, repo.root),
        )
      ).code,
    ).toBe(0);
    const sh = await repo.gate(
      gemini("run_shell_command", { command: "echo SECRET=1 > .env", description: "d" }, repo.root),
      ALL,
    );
    expectBlocks(sh, "gemini");
    expect(
      (await repo.gate(gemini("mcp_axiom_axiom_write", { files: [{ path: ".env", content: "x" }] }, repo.root), ALL))
        .code,
    ).toBe(0);
    expect((await repo.gate(gemini("write_todos", { todos: [] }, repo.root), ALL)).code).toBe(0);
  });
});

describe("VS Code agent tools, --harness and detection", () => {
  it("create_file / replace_string_in_file / multi_replace_string_in_file are routed (tool axiom_write under --harness vscode)", async () => {
    const v = (tool: string, input: Record<string, unknown>) => ({
      tool_name: tool,
      tool_input: input,
      cwd: repo.root,
    });
    const h = ["--harness", "vscode", ...ALL];
    const multi = await repo.gate(
      v("multi_replace_string_in_file", {
        replacements: [
          { filePath: "a.ts", oldString: "1", newString: "2" },
          { filePath: "b.ts", oldString: "3", newString: "4" },
          { filePath: "a.ts", oldString: "5", newString: "6" },
        ],
      }),
      h,
    );
    expectRouted(multi, "vscode", "axiom_write");
    expect(filesOf(multi)).toEqual([
      {
        path: "a.ts",
        edits: [
          { oldText: "1", newText: "2" },
          { oldText: "5", newText: "6" },
        ],
      },
      { path: "b.ts", edits: [{ oldText: "3", newText: "4" }] },
    ]);
    const rep = await repo.gate(v("replace_string_in_file", { filePath: "a.ts", oldString: "1", newString: "2" }), h);
    expect(filesOf(rep)).toEqual([{ path: "a.ts", edits: [{ oldText: "1", newText: "2" }] }]);
    expect(filesOf(await repo.gate(v("create_file", { filePath: "n.ts", content: "n" }), h))).toEqual([
      { path: "n.ts", content: "n" },
    ]);
  });

  it("--harness names the tool whatever the payload's shape; a bad --harness or --route value is a usage error (exit 2)", async () => {
    const p = claude("Write", { file_path: "src/a.ts", content: "x" }, repo.root);
    expect((await repo.gate(p, ["--harness", "copilot", ...ALL])).deny?.axiom.route).toBe("axiom-axiom_write");
    expect((await repo.gate(p, ["--harness", "gemini", ...ALL])).deny?.axiom.route).toBe("mcp_axiom_axiom_write");
    for (const bad of [
      ["--harness", "emacs"],
      ["--route", "some"],
    ]) {
      const r = await repo.gate(p, bad);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^AXIOM GATE ERROR: /);
    }
  });
});

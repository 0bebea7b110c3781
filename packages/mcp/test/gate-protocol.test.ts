// hooks-doctor.md §2.1–§2.4, §2.11–§2.12: arguments, stdin limits, normalisation per harness,
// tool classes and the exact output contract of `axiom gate --stdin` (real child processes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claude, type GateRepo, gateRepo, runGateProcess } from "./gate-helpers";

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
});
afterAll(() => repo.cleanup());

const benign = () => claude("Write", { file_path: "src/a.ts", content: "export const a = 1;\n" }, repo.root);

describe("gate arguments (§2.1)", () => {
  it("1. `axiom gate` without `--stdin` → exit 2, stdout empty, stderr starts `AXIOM GATE ERROR: --stdin is required` and contains the usage line", async () => {
    const r = await runGateProcess([], "{}", { HOME: repo.home }, repo.root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.startsWith("AXIOM GATE ERROR: --stdin is required")).toBe(true);
    expect(r.stderr).toContain("usage: axiom gate --stdin");
  });

  it("2. `axiom gate --stdin extra` (positional) and `--bogus` → exit 2, stdout empty", async () => {
    for (const args of [
      ["--stdin", "extra"],
      ["--stdin", "--bogus"],
    ]) {
      const r = await runGateProcess(args, JSON.stringify(benign()), { HOME: repo.home }, repo.root);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^AXIOM GATE ERROR: /);
    }
  });

  it("3. `axiom gate --stdin --strict` with a benign payload → exit 0 (flag ignored)", async () => {
    const r = await repo.gate(benign(), ["--strict"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("--log-level with an unknown value falls back to warn; debug logs the root, profile source, class and target count", async () => {
    expect((await repo.gate(benign(), ["--log-level", "loud"])).code).toBe(0);
    const r = await repo.gate(benign(), ["--log-level", "debug"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`AXIOM GATE DEBUG: root ${repo.root}`);
    expect(r.stderr).toContain("AXIOM GATE DEBUG: profile built-in");
    expect(r.stderr).toContain("class write");
    expect(r.stderr).toContain("target count 1");
  });
});

describe("stdin (§2.2) and fail-closed cases (§2.11)", () => {
  it('4. stdin never closed → after 2 s exit 2, deny JSON with `axiom.code: "ERR_INTERNAL"`; with `--fail-open` → exit 0 and a WARN line', async () => {
    const t0 = Date.now();
    const r = await repo.gate(undefined, [], { keepOpen: 8000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - t0).toBeLessThan(7000);
    expect(r.code).toBe(2);
    expect(r.deny?.axiom.code).toBe("ERR_INTERNAL");
    expect(r.stderr).toContain("(fail-closed; pass --fail-open to allow)");
    const open = await repo.gate(undefined, ["--fail-open"], { keepOpen: 8000 });
    expect(open.code).toBe(0);
    expect(open.stdout).toBe("");
    expect(open.stderr).toMatch(/^AXIOM GATE WARN: .* — failing open \(--fail-open\)\n$/);
  });

  it("5. stdin of 5 MiB → exit 2, stderr first line `AXIOM GATE WARN: stdin exceeded 4194304 bytes`, then the DENY line", async () => {
    const r = await repo.gate(undefined, [], { raw: Buffer.alloc(5 * 1024 * 1024, 0x20) });
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("AXIOM GATE WARN: stdin exceeded 4194304 bytes");
    expect(lines[1]).toMatch(/^AXIOM GATE DENY ERR_INTERNAL: /);
    expect(r.deny?.axiom.code).toBe("ERR_INTERNAL");
  });

  it('6. Empty stdin → `ERR_INTERNAL` deny; `[1,2]` → `ERR_INTERNAL` deny; `"x"` → `ERR_INTERNAL` deny', async () => {
    for (const raw of ["", "[1,2]", '"x"', "{not json"]) {
      const r = await repo.gate(undefined, [], { raw });
      expect(r.code).toBe(2);
      expect(r.deny?.axiom.code).toBe("ERR_INTERNAL");
      expect(r.deny?.axiom.verdict).toBe("deny");
      expect(r.stderr).toMatch(/^AXIOM GATE DENY ERR_INTERNAL: .*\(fail-closed; pass --fail-open to allow\)\n$/);
    }
    const open = await repo.gate(undefined, ["--fail-open"], { raw: "[1,2]" });
    expect(open.code).toBe(0);
    expect(open.stdout).toBe("");
  });

  it('7. `{"foo":1}` (no tool name) → exit 0, no stdout', async () => {
    const r = await repo.gate({ foo: 1 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("");
    const info = await repo.gate({ foo: 1 }, ["--log-level", "info"]);
    expect(info.stderr).toContain("AXIOM GATE INFO: payload carries no tool name");
  });

  it('15. Tool `Write` with `{"foo": "bar"}` → deny `ERR_UNSUPPORTED_OP`; with `--fail-open` → exit 0 + WARN', async () => {
    const r = await repo.gate(claude("Write", { foo: "bar" }, repo.root));
    expect(r.code).toBe(2);
    expect(r.deny?.axiom.code).toBe("ERR_UNSUPPORTED_OP");
    expect(r.stderr).toContain("file_path");
    const open = await repo.gate(claude("Write", { foo: "bar" }, repo.root), ["--fail-open"]);
    expect(open.code).toBe(0);
    expect(open.stdout).toBe("");
    expect(open.stderr).toMatch(/^AXIOM GATE WARN: .*failing open/);
  });

  it("root realpath failure (payload cwd does not exist) on a write → ERR_INTERNAL; path denials ignore --fail-open", async () => {
    const r = await repo.gate(claude("Write", { file_path: "a.ts", content: "x" }, `${repo.root}/missing-dir`));
    expect(r.deny?.axiom.code).toBe("ERR_INTERNAL");
    const p = await repo.gate(claude("Write", { file_path: ".env", content: "x" }, repo.root), ["--fail-open"]);
    expect(p.code).toBe(2);
    expect(p.deny?.axiom.code).toBe("path.deny");
  });
});

describe("normalisation per harness (§2.3) and the output contract (§2.12)", () => {
  it('8. Claude payload Write `.env` content `x` with cwd = repo root → exit 2, `axiom.code: "path.deny"`, `axiom.path: ".env"`, both permissionDecision keys, the top-level decision/reason Gemini reads (decisions HOOK-23), stderr DENY line', async () => {
    const r = await repo.gate(claude("Write", { file_path: ".env", content: "x" }, repo.root));
    expect(r.code).toBe(2);
    const reason = "AXIOM GATE DENY path.deny: path matches a denied glob (.env)";
    expect(r.deny).toEqual({
      decision: "block",
      reason,
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
      permissionDecision: "deny",
      permissionDecisionReason: reason,
      axiom: { verdict: "deny", code: "path.deny", path: ".env", toolClass: "write", standard: "owasp-acs/0.1" },
    });
    expect(r.stderr).toBe(`${reason}\n`);
  });

  it("9. Copilot payload `{toolName: create_file, toolArgs: JSON string}` → exit 0", async () => {
    const r = await repo.gate({
      timestamp: 1764520000000,
      cwd: repo.root,
      toolName: "create_file",
      toolArgs: JSON.stringify({ filePath: "src/a.ts", content: "ok" }),
      sessionId: "x",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it('10. Copilot payload with `toolArgs` = `"{\\"path\\":\\".git/config\\"}"` and tool `edit` → deny `path.deny`', async () => {
    const r = await repo.gate({
      timestamp: 1,
      cwd: repo.root,
      toolName: "edit",
      toolArgs: JSON.stringify({ path: ".git/config" }),
    });
    expect(r.code).toBe(2);
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".git/config" });
  });

  it("11. VS Code payload replace_string_in_file with newString AKIA… → deny `content.noSecrets.awsKey`", async () => {
    const r = await repo.gate({
      tool_name: "replace_string_in_file",
      tool_input: { filePath: "a.ts", newString: "AKIAABCDEFGHIJKLMNOP" },
      cwd: repo.root,
    });
    expect(r.code).toBe(2);
    expect(r.deny?.axiom).toMatchObject({ code: "content.noSecrets.awsKey", path: "a.ts" });
  });

  it("46. Deny output is a single JSON line; allow output is empty; default-level allow prints nothing on stderr", async () => {
    const d = await repo.gate(claude("Write", { file_path: ".env", content: "x" }, repo.root));
    expect(d.stdout.endsWith("\n")).toBe(true);
    expect(d.stdout.trimEnd().includes("\n")).toBe(false);
    const a = await repo.gate(benign());
    expect(a.code).toBe(0);
    expect(a.stdout).toBe("");
    expect(a.stderr).toBe("");
  });
});

describe("tool classes (§2.4)", () => {
  it("12. Tool `Read` → exit 0 without touching the filesystem (cwd pointing at a nonexistent dir still allows)", async () => {
    const r = await repo.gate(claude("Read", { file_path: ".env" }, "/nonexistent/axiom/dir"));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("13. Tool `mcp__axiom__axiom_write` with `{root, files}` → exit 0 (class other)", async () => {
    const r = await repo.gate(
      claude("mcp__axiom__axiom_write", { root: repo.root, files: [{ path: ".env", content: "x" }] }, repo.root),
    );
    expect(r.code).toBe(0);
  });

  it('14. Tool `create_directory` → other, allow; tool `write_dir_file` with `{path: ".env"}` → write class, deny `path.deny`', async () => {
    expect((await repo.gate(claude("create_directory", { path: ".git/x" }, repo.root))).code).toBe(0);
    const r = await repo.gate(claude("write_dir_file", { path: ".env" }, repo.root));
    expect(r.code).toBe(2);
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", toolClass: "write" });
  });

  it("§2.4 examples: write tools are gated, read tools allowed, shell tools scanned", async () => {
    for (const tool of [
      "Write",
      "Edit",
      "NotebookEdit",
      "create_file",
      "insert_edit_into_file",
      "edit_notebook_file",
    ]) {
      const r = await repo.gate(claude(tool, { file_path: ".env", content: "x" }, repo.root));
      expect([tool, r.deny?.axiom.toolClass]).toEqual([tool, "write"]);
    }
    for (const tool of ["Read", "Grep", "Glob", "read_file", "list_dir", "mcp__axiom__axiom_apply"]) {
      expect([tool, (await repo.gate(claude(tool, { file_path: ".env" }, repo.root))).code]).toEqual([tool, 0]);
    }
    for (const tool of ["run_in_terminal", "shell", "powershell"]) {
      const r = await repo.gate(claude(tool, { command: "rm -rf .git" }, repo.root));
      expect([tool, r.deny?.axiom.toolClass]).toEqual([tool, "shell"]);
    }
  });
});

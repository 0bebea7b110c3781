// In-process units of the gate (hooks-doctor.md §2.3–§2.6): normalisation, classes, target
// extraction and the shell-scan corpus, without spawning; the CLI tests prove the wiring.
import { describe, expect, it } from "vitest";
import { classifyTool } from "../src/harness/gate/classify";
import { normalisePayload } from "../src/harness/gate/normalize";
import { GateProfileSchema } from "../src/harness/gate/profile";
import { scanShell } from "../src/harness/gate/shell-scan";
import { extractWriteTargets } from "../src/harness/gate/targets";

const raws = (cmd: string) => scanShell(cmd).map((t) => `${t.op}:${t.raw}`);

describe("normalisation (§2.3)", () => {
  it("tool name, input and cwd from each harness's keys; a JSON-string input is parsed, another string is kept as the raw input (an object still wins)", () => {
    expect(normalisePayload('{"toolName":"edit","toolArgs":"{\\"path\\":\\"a\\"}","cwd":"/r"}')).toEqual({
      toolName: "edit",
      input: { path: "a" },
      cwd: "/r",
      shape: "copilot",
    });
    expect(
      normalisePayload(
        '{"tool":"","name":"Write","args":"not json","input":{"file_path":"x"},"workingDirectory":"/w"}',
      ),
    ).toEqual({
      toolName: "Write",
      input: { file_path: "x" },
      rawInput: "not json",
      cwd: "/w",
      shape: "claude",
    });
    expect(normalisePayload('{"tool_name":"Write","tool_input":[1]}')).toEqual({
      toolName: "Write",
      input: {},
      cwd: undefined,
      shape: "claude",
    });
    expect(normalisePayload("[1]")).toBeUndefined();
    expect(normalisePayload("")).toBeUndefined();
  });
});

describe("classes (§2.4)", () => {
  it("every example of §2.4", () => {
    for (const t of [
      "Write",
      "Edit",
      "MultiEdit",
      "NotebookEdit",
      "create_file",
      "replace_string_in_file",
      "multi_replace_string_in_file",
      "insert_edit_into_file",
      "apply_patch",
      "edit_notebook_file",
      "write_dir_file",
    ]) {
      expect([t, classifyTool(t)]).toEqual([t, "write"]);
    }
    for (const t of ["Bash", "run_in_terminal", "shell", "powershell"])
      expect([t, classifyTool(t)]).toEqual([t, "shell"]);
    for (const t of [
      "Read",
      "Grep",
      "Glob",
      "read_file",
      "list_dir",
      "create_directory",
      "mcp__axiom__axiom_apply",
      "mcp__axiom__axiom_write",
    ]) {
      expect([t, classifyTool(t)]).toEqual([t, "other"]);
    }
  });
});

describe("write targets (§2.5)", () => {
  it("path keys in priority order; MultiEdit joins top-level content and each edit; file:// URIs become paths", () => {
    expect(extractWriteTargets("Write", { path: "b", file_path: "a", text: "t", content: "c" })).toEqual([
      { raw: "a", op: "write", content: "c" },
    ]);
    expect(
      extractWriteTargets("MultiEdit", { file_path: "a", edits: [{ new_string: "1" }, "x", { newString: "2" }] }),
    ).toEqual([{ raw: "a", op: "write", content: "1\n2" }]);
    expect(extractWriteTargets("edit", { uri: "file:///tmp/x.ts" })).toEqual([{ raw: "/tmp/x.ts", op: "write" }]);
    expect(extractWriteTargets("Write", { foo: "bar" })).toEqual([]);
  });
});

describe("shell scan corpus (§2.6)", () => {
  it("redirections", () => {
    expect(raws("echo x > .env")).toEqual(["write:.env"]);
    expect(raws("echo x>>a")).toEqual([]);
    expect(raws('printf x 1> "my file" 2>&1 >/dev/null')).toEqual(["write:my file"]);
    expect(raws("cat a &>log.txt | tee -a b.txt")).toEqual(["write:log.txt", "write:b.txt"]);
    expect(raws("echo > $OUT")).toEqual([]);
  });

  it("commands, prefixes and operand filtering", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template.
    expect(raws("A=1 B=2 sudo nohup time rm -rf -- a ./b ../c $X ${Y} `z` $(w)")).toEqual([
      "delete:a",
      "delete:./b",
      "delete:../c",
    ]);
    expect(raws("/bin/CP -r src dst")).toEqual(["write:dst"]);
    expect(raws("ln -s a b; install -m 644 x y")).toEqual(["write:b", "write:y"]);
    expect(raws("mkdir -p d1 d2 && chmod 600 k")).toEqual(["write:d1", "write:d2", "write:600", "write:k"]);
    expect(raws("dd if=a of=b of=$C")).toEqual(["write:b"]);
    expect(raws("rm a a")).toEqual(["delete:a"]);
  });

  it("sed only in place; -e/-f/--expression/--file make every non-flag word a file", () => {
    expect(raws("sed -i s/a/b/ f1 f2")).toEqual(["write:f1", "write:f2"]);
    expect(raws("sed -i -e s/a/b/ -f script.sed f1")).toEqual(["write:f1"]);
    expect(raws("sed --expression=s/a/b/ --in-place f1")).toEqual(["write:f1"]);
    expect(raws("sed -n p f1")).toEqual([]);
  });

  it("Windows and PowerShell forms", () => {
    expect(raws("del /Q /F:x a.txt")).toEqual(["delete:a.txt"]);
    expect(raws("copy /Y a b")).toEqual(["write:a", "write:b"]);
    expect(raws("Copy-Item -Path a -Destination b -Filter *.x -Force")).toEqual(["write:a", "write:b"]);
    expect(raws("New-Item -ItemType Directory -Name n -Path p")).toEqual(["write:p"]);
    expect(raws("remove-item -LiteralPath x")).toEqual(["delete:x"]);
  });

  it("git subcommands", () => {
    expect(raws("git checkout -- a b")).toEqual(["write:a", "write:b"]);
    expect(raws("git --no-pager restore --staged f")).toEqual(["write:f"]);
    expect(raws("git clean -fd")).toEqual(["delete:."]);
    expect(raws("git reset --hard HEAD")).toEqual(["write:HEAD", "write:."]);
    expect(raws("git stash")).toEqual([]);
    expect(raws("git log -- a")).toEqual([]);
    expect(raws("cd /tmp && ls")).toEqual([]);
  });
});

describe("GateProfileSchema (§2.9)", () => {
  it("strict: defaults, unknown keys, empty deny entries, non-positive maxBytes", () => {
    expect(GateProfileSchema.safeParse({})).toEqual({ success: true, data: { deny: [], noSecrets: true, pii: false } });
    expect(GateProfileSchema.safeParse({ allow: [], maxBytes: 1 })).toEqual({
      success: true,
      data: { deny: [], noSecrets: true, pii: false, allow: [], maxBytes: 1 },
    });
    for (const bad of [
      { x: 1 },
      { deny: [""] },
      { deny: "a" },
      { maxBytes: 0 },
      { maxBytes: 1.5 },
      { pii: "yes" },
      { noSecrets: null },
      [],
      null,
    ]) {
      expect(GateProfileSchema.safeParse(bad).success).toBe(false);
    }
  });
});

// issue 19 items 5, 7, 8: `axiom init --harness <h>` writes each harness's server entry and gate
// hook in the file that harness reads (../shared/harness-facts.md), merges into existing files
// (never clobbers: backup, JSONC/TOML it cannot rewrite is left alone with a snippet), is idempotent,
// and runs this install. Built CLI, real temp dirs, isolated HOME, controlled PATH.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorLine } from "./cli-run";
import {
  actions,
  binDirWithOtherAxiom,
  binDirWithThisAxiom,
  fixture,
  init,
  NODE_ARGV,
  PLAIN_PATH,
  readJson,
  WF,
} from "./wiring-helpers";

const [NODE, ENTRY] = NODE_ARGV as [string, string];
const line = (h: string) => `${NODE} ${ENTRY} gate --stdin --harness ${h}`;
const serverArgs = (root: string, extra: string[] = ["--require-human"]) => [
  ENTRY,
  "mcp",
  "--root",
  root,
  "--profile",
  "shop",
  ...extra,
];

describe("init per harness: the exact files", () => {
  it("codex: .codex/config.toml [mcp_servers.axiom] (project layer) and .codex/hooks.json PreToolUse; no .vscode/mcp.json", async () => {
    const f = await fixture();
    const { json } = await init(f, ["--harness", "codex"]);
    expect(actions(json)).toEqual([
      [".codex/config.toml", "created", undefined],
      [".codex/hooks.json", "created", undefined],
      [".axiom/profiles/shop.json", "created", undefined],
      [".axiom/gate-profile.json", "created", undefined],
      [".gitignore", "created", undefined],
    ]);
    expect(await readFile(join(f.root, ".codex/config.toml"), "utf8")).toBe(
      [
        "[mcp_servers.axiom]",
        `command = ${JSON.stringify(NODE)}`,
        `args = [${serverArgs(f.root)
          .map((a) => JSON.stringify(a))
          .join(", ")}]`,
        "",
        "[mcp_servers.axiom.tools.axiom_apply]",
        'approval_mode = "prompt"',
        "",
        "[mcp_servers.axiom.tools.axiom_write]",
        'approval_mode = "prompt"',
        "",
        "[mcp_servers.axiom.tools.axiom_rollback]",
        'approval_mode = "prompt"',
        "",
      ].join("\n"),
    );
    expect(await readJson(join(f.root, ".codex/hooks.json"))).toEqual({
      hooks: {
        PreToolUse: [{ matcher: "Bash|apply_patch", hooks: [{ type: "command", command: line("codex"), timeout: 5 }] }],
      },
    });
    expect(json.steps.map((s) => s.step.split(":")[0])).toEqual(["trust the project", "trust the hook"]);
  });

  it("copilot: .github/mcp.json {type: local, command, args, tools: [*]} and .github/hooks/axiom-gate.json exec/args; trust-folder step", async () => {
    const f = await fixture();
    const { json } = await init(f, ["--harness", "copilot"]);
    expect(json.files.map((x) => x.path).slice(0, 2)).toEqual([".github/mcp.json", ".github/hooks/axiom-gate.json"]);
    expect(await readJson(join(f.root, ".github/mcp.json"))).toEqual({
      mcpServers: { axiom: { type: "local", command: NODE, args: serverArgs(f.root), tools: ["*"] } },
    });
    expect((await readJson(join(f.root, ".github/hooks/axiom-gate.json"))).hooks.preToolUse).toEqual([
      { type: "command", exec: NODE, args: [ENTRY, "gate", "--stdin", "--harness", "copilot"], timeoutSec: 5 },
    ]);
    expect(json.steps).toEqual([
      { harness: "copilot", step: expect.stringMatching(/^trust the folder: start copilot in /) },
    ]);
  });

  it("gemini: .gemini/settings.json mcpServers.axiom (no --require-human) + hooks.BeforeTool (timeout in ms); the no-elicitation note and trusted-folder step", async () => {
    const f = await fixture();
    const { json } = await init(f, ["--harness", "gemini"]);
    expect(await readJson(join(f.root, ".gemini/settings.json"))).toEqual({
      mcpServers: { axiom: { command: NODE, args: serverArgs(f.root, []) } },
      hooks: {
        BeforeTool: [
          {
            matcher: "write_file|replace|run_shell_command",
            hooks: [{ name: "axiom-gate", type: "command", command: line("gemini"), timeout: 5000 }],
          },
        ],
      },
    });
    expect(json.notes.find((n) => n.startsWith("gemini:"))).toBe(
      "gemini: no form elicitation (its MCP client cannot ask a person): a write applies once the agent echoes the digest; axiom init --require-human would refuse every write instead",
    );
    expect(json.steps[0]?.step).toMatch(/"TRUST_FOLDER" to ~\/\.gemini\/trustedFolders\.json/);
  });

  it("gemini with --require-human: the entry carries it and the note says every write is refused", async () => {
    const f = await fixture();
    const { json } = await init(f, ["--harness", "gemini", "--require-human"]);
    expect((await readJson(join(f.root, ".gemini/settings.json"))).mcpServers.axiom.args).toEqual(serverArgs(f.root));
    expect(json.notes.find((n) => n.startsWith("gemini:"))).toContain(
      "with --require-human every write is refused (ERR_CONFIRM_DIGEST_MISMATCH, reason elicitation-unsupported)",
    );
  });

  it("vscode alone: .vscode/mcp.json with workspaceFolder and the shared hook file with --harness vscode", async () => {
    const f = await fixture();
    await init(f, ["--harness", "vscode"]);
    expect((await readJson(join(f.root, ".vscode/mcp.json"))).servers.axiom).toEqual({
      type: "stdio",
      command: NODE,
      args: serverArgs(WF),
    });
    expect((await readJson(join(f.root, ".github/hooks/axiom-gate.json"))).hooks.preToolUse[0].args).toEqual([
      ENTRY,
      "gate",
      "--stdin",
      "--harness",
      "vscode",
    ]);
  });

  it("--no-require-human: no entry carries --require-human; --route protected: the gate profile says so; both human flags → usage error", async () => {
    const f = await fixture();
    const { json } = await init(f, ["--harness", "claude", "--no-require-human", "--route", "protected"]);
    expect((await readJson(join(f.root, ".mcp.json"))).mcpServers.axiom.args).toEqual(serverArgs(f.root, []));
    const gp = await readJson(join(f.root, ".axiom/gate-profile.json"));
    expect(gp.route).toBe("protected");
    expect(gp.native).toEqual(["tmp/**", ".tmp/**", "scratch/**", "coverage/**", ".cache/**", "**/*.log"]);
    expect(json.notes.some((n) => n.includes("--require-human is wired"))).toBe(false);
    const both = await init(f, ["--require-human", "--no-require-human"]);
    expect(both.run.code).toBe(2);
    const bad = await init(f, ["--route", "some"]);
    expect(bad.run.code).toBe(2);
    expect(bad.run.stderr).toContain("--route expects all | protected");
  });

  it("every harness at once is idempotent: a second run skips every file", async () => {
    const f = await fixture();
    for (const h of ["claude", "codex", "copilot", "gemini", "vscode", "cursor"]) await init(f, ["--harness", h]);
    for (const h of ["claude", "codex", "copilot", "gemini", "vscode", "cursor"]) {
      const { json } = await init(f, ["--harness", h]);
      for (const file of json.files) expect([file.path, file.action]).toEqual([file.path, "skipped"]);
    }
  });
});

describe("init merges into existing files", () => {
  it("gemini: other settings and hooks kept, backup written; re-run skipped; --force updated", async () => {
    const f = await fixture();
    const mine = { name: "lint", type: "command", command: "lint-hook" };
    await f.put(
      ".gemini/settings.json",
      JSON.stringify({
        theme: "dark",
        mcpServers: { other: { command: "x" } },
        hooks: { BeforeTool: [{ hooks: [mine] }] },
      }),
    );
    const first = await init(f, ["--harness", "gemini"]);
    expect(first.json.files[0]).toMatchObject({ path: ".gemini/settings.json", action: "merged" });
    const doc = await readJson(join(f.root, ".gemini/settings.json"));
    expect(doc.theme).toBe("dark");
    expect(Object.keys(doc.mcpServers)).toEqual(["other", "axiom"]);
    expect(doc.hooks.BeforeTool).toHaveLength(2);
    expect(doc.hooks.BeforeTool[0]).toEqual({ hooks: [mine] });
    expect(await readJson(join(f.root, first.json.files[0]?.backup as string))).toMatchObject({ theme: "dark" });
    expect((await init(f, ["--harness", "gemini"])).json.files[0]).toEqual({
      path: ".gemini/settings.json",
      action: "skipped",
      reason: "already configured",
    });
    expect((await init(f, ["--harness", "gemini", "--force"])).json.files[0]?.action).toBe("updated");
    expect((await readJson(join(f.root, ".gemini/settings.json"))).hooks.BeforeTool).toHaveLength(2);
  });

  it("codex config.toml: appended after other tables (CRLF kept); present → skipped; --force replaces only our tables", async () => {
    const f = await fixture();
    const theirs =
      'model = "gpt-5.5"\r\n\r\n[mcp_servers.docs]\r\ncommand = "docs"\r\nargs = [\r\n  "serve", # inline comment\r\n]\r\n';
    await f.put(".codex/config.toml", theirs);
    expect((await init(f, ["--harness", "codex"])).json.files[0]).toMatchObject({ action: "merged" });
    const merged = await readFile(join(f.root, ".codex/config.toml"), "utf8");
    expect(merged.startsWith(theirs)).toBe(true);
    expect(merged).toContain("\r\n[mcp_servers.axiom]\r\ncommand = ");
    expect((await init(f, ["--harness", "codex"])).json.files[0]).toMatchObject({
      action: "skipped",
      reason: "already configured",
    });
    // An edited entry is replaced under --force; the person's tables stay byte for byte.
    await f.put(
      ".codex/config.toml",
      `${merged.replace('approval_mode = "prompt"', 'approval_mode = "approve"')}[tail]\r\nx = 1\r\n`,
    );
    const forced = await init(f, ["--harness", "codex", "--force"]);
    expect(forced.json.files[0]).toMatchObject({ action: "updated" });
    const after = await readFile(join(f.root, ".codex/config.toml"), "utf8");
    expect(after.startsWith(theirs)).toBe(true);
    expect(after).toContain("[tail]\r\nx = 1\r\n");
    expect(after).not.toContain('"approve"');
    expect(after.match(/\[mcp_servers\.axiom\]/g)).toHaveLength(1);
  });

  it("codex config.toml with mcp_servers as an inline table, or unreadable TOML → skipped, file unchanged, the tables printed as a snippet", async () => {
    for (const text of ['mcp_servers = { docs = { command = "d" } }\n', "[broken\n"]) {
      const f = await fixture();
      await f.put(".codex/config.toml", text);
      const { json } = await init(f, ["--harness", "codex"]);
      expect(json.files[0]).toMatchObject({ path: ".codex/config.toml", action: "skipped" });
      expect(await readFile(join(f.root, ".codex/config.toml"), "utf8")).toBe(text);
      expect(json.snippets).toEqual([
        { harness: "codex", path: ".codex/config.toml", text: expect.stringContaining("[mcp_servers.axiom]\n") },
      ]);
    }
  });

  it("codex hooks.json: other PreToolUse groups kept; an old `axiom gate --stdin` entry counts as present until --force", async () => {
    const f = await fixture();
    const other = { matcher: "Bash", hooks: [{ type: "command", command: "audit" }] };
    const old = { hooks: [{ type: "command", command: "axiom gate --stdin" }] };
    await f.put(".codex/hooks.json", JSON.stringify({ hooks: { PreToolUse: [other, old], Stop: [other] } }));
    expect((await init(f, ["--harness", "codex"])).json.files[1]).toMatchObject({
      path: ".codex/hooks.json",
      action: "skipped",
      reason: "already configured",
    });
    await init(f, ["--harness", "codex", "--force"]);
    const doc = await readJson(join(f.root, ".codex/hooks.json"));
    expect(doc.hooks.Stop).toEqual([other]);
    expect(doc.hooks.PreToolUse).toEqual([
      other,
      { matcher: "Bash|apply_patch", hooks: [{ type: "command", command: line("codex"), timeout: 5 }] },
    ]);
  });

  it("an npx entry written by an older init is replaced under --force by the resolved command", async () => {
    const f = await fixture();
    await f.put(
      ".mcp.json",
      JSON.stringify({
        mcpServers: { axiom: { command: "npx", args: ["-y", "@codai/axiom-mcp@2", "mcp", "--root", f.root] } },
      }),
    );
    await init(f, ["--harness", "claude", "--force"]);
    expect((await readJson(join(f.root, ".mcp.json"))).mcpServers.axiom).toEqual({
      command: NODE,
      args: serverArgs(f.root),
    });
  });
});

describe("the command init resolves (issue 19 item 8)", () => {
  it("a global `axiom` that is this install → entries run `axiom`; one that is another program → the absolute node entry", async () => {
    const f = await fixture();
    const mine = await binDirWithThisAxiom(f.base);
    const { json } = await init(f, ["--harness", "claude"], { path: `${mine}:${PLAIN_PATH}` });
    expect(json.command).toEqual({ argv: ["axiom"], how: "global-bin" });
    expect((await readJson(join(f.root, ".mcp.json"))).mcpServers.axiom).toEqual({
      command: "axiom",
      args: ["mcp", "--root", f.root, "--profile", "shop", "--require-human"],
    });
    expect((await readJson(join(f.root, ".claude/settings.json"))).hooks.PreToolUse[0].hooks[0].command).toBe(
      "axiom gate --stdin --harness claude",
    );
    expect(json.notes).toContain(
      "entries run the global axiom bin (this install); keep it installed, or re-run axiom init --force after moving it",
    );
    const g = await fixture();
    const other = await binDirWithOtherAxiom(g.base);
    const second = await init(g, ["--harness", "claude"], { path: `${other}:${PLAIN_PATH}` });
    expect(second.json.command).toEqual({ argv: NODE_ARGV, how: "node-entry" });
  });

  it("--harness with an unknown value → usage error listing gemini", async () => {
    const f = await fixture();
    const { run } = await init(f, ["--harness", "zed"]);
    expect(run.code).toBe(2);
    expect(errorLine(run)).toMatchObject({
      code: "ERR_USAGE",
      details: { flag: "--harness", value: "zed", choices: expect.arrayContaining(["gemini"]) },
    });
  });
});

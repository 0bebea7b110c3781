// hooks-doctor.md §3 as changed by issue 19: `axiom init` / `axiom setup init` on real temp
// directories (built CLI, real child processes, HOME pointed at an empty temp dir, PATH without a
// global axiom). Per-harness files, merges and the command rule: init-harness.test.ts.
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorLine, runCli } from "./cli-run";
import { runCliTty } from "./cli-tty";
import { actions, fixture, init as initIn, NODE_ARGV, PLAIN_PATH, readJson, WF } from "./wiring-helpers";

const init = (root: string, home: string, args: string[] = [], verb: string[] = ["init"]) =>
  initIn({ root, home }, args, { verb });

describe("axiom init (§3)", () => {
  it("48. `axiom init --json` in an empty dir → harnesses copilot+vscode; their server entries, the hook file, the profiles and .gitignore created; exit 0", async () => {
    const { root, home } = await fixture();
    const { run, json } = await init(root, home);
    expect(run.code).toBe(0);
    expect(json.root).toBe(root);
    expect(json.harnesses).toEqual(["copilot", "vscode"]);
    expect(json.profile).toBe("shop");
    expect(json.route).toBe("all");
    expect(json.command).toEqual({ argv: NODE_ARGV, how: "node-entry" });
    expect(actions(json)).toEqual([
      [".vscode/mcp.json", "created", undefined],
      [".github/mcp.json", "created", undefined],
      [".github/hooks/axiom-gate.json", "created", undefined],
      [".axiom/profiles/shop.json", "created", undefined],
      [".axiom/gate-profile.json", "created", undefined],
      [".gitignore", "created", undefined],
    ]);
    expect(json.snippets).toEqual([]);
    expect(json.notes).toContain("the root has no .git: the gate finds this root through .axiom/profiles/");
    // issue 19 item 8: no registry package name anywhere in what init says or writes.
    expect(run.stdout).not.toContain("@codai/axiom-mcp");
    expect(run.stdout).not.toContain("npx");
    expect(await readJson(join(root, ".github/hooks/axiom-gate.json"))).toEqual({
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: "command",
            exec: process.execPath,
            args: [NODE_ARGV[1], "gate", "--stdin", "--harness", "copilot"],
            timeoutSec: 5,
          },
        ],
      },
    });
    const vs = await readFile(join(root, ".vscode/mcp.json"), "utf8");
    expect(vs.endsWith("}\n")).toBe(true);
    expect(vs).toContain('\n  "servers": {');
    const gp = await readJson(join(root, ".axiom/gate-profile.json"));
    expect(gp.maxBytes).toBe(262144);
    expect(gp.deny).toContain(".github/**");
    expect(gp.route).toBe("all");
    const prof = await readJson(join(root, ".axiom/profiles/shop.json"));
    expect(prof).toMatchObject({
      apiVersion: "axiom.dev/v2",
      kind: "Profile",
      name: "shop",
      extends: "default",
      facts: { allowRepo: true, allowGuards: false },
    });
    expect(prof.checks.map((c: { id: string; predicate: string }) => [c.id, c.predicate])).toEqual([
      ["repo.noOverwriteOf", "repo.noOverwriteOf"],
      ["content.noSecrets", "content.noSecrets"],
      ["path.deny", "path.deny"],
    ]);
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe(
      ".axiom/*\n!.axiom/profiles/\n!.axiom/gate-profile.json\n",
    );
    expect(await readdir(home)).toEqual([]);
  });

  it("49. Second `axiom init` → every file `skipped` with `up to date` / `already configured` / `already present`", async () => {
    const { root, home } = await fixture();
    await init(root, home);
    const { json } = await init(root, home);
    expect(actions(json)).toEqual([
      [".vscode/mcp.json", "skipped", "already configured"],
      [".github/mcp.json", "skipped", "already configured"],
      [".github/hooks/axiom-gate.json", "skipped", "up to date"],
      [".axiom/profiles/shop.json", "skipped", "up to date"],
      [".axiom/gate-profile.json", "skipped", "up to date"],
      [".gitignore", "skipped", "already present"],
    ]);
    expect(json.files.every((f) => f.backup === undefined)).toBe(true);
  });

  it("50. `--harness claude` → `.mcp.json` with `--root <realpath> --profile <name> --require-human`, `.claude/settings.json` with the matcher and `gate --stdin --harness claude`; no `.github` file", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "claude"]);
    expect(json.harnesses).toEqual(["claude"]);
    expect((await readJson(join(root, ".mcp.json"))).mcpServers.axiom).toEqual({
      command: process.execPath,
      args: [NODE_ARGV[1], "mcp", "--root", root, "--profile", "shop", "--require-human"],
    });
    expect(await readJson(join(root, ".claude/settings.json"))).toEqual({
      hooks: {
        PreToolUse: [
          {
            matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash",
            hooks: [
              {
                type: "command",
                command: `${process.execPath} ${NODE_ARGV[1]} gate --stdin --harness claude`,
                timeout: 5,
              },
            ],
          },
        ],
      },
    });
    expect(json.files.map((f) => f.path).some((p) => p.startsWith(".github/"))).toBe(false);
  });

  it("51. `--harness cursor` → `.cursor/mcp.json` with the workspaceFolder variable and --profile, no --require-human; note about no hook", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "cursor"]);
    expect((await readJson(join(root, ".cursor/mcp.json"))).mcpServers.axiom).toEqual({
      command: process.execPath,
      args: [NODE_ARGV[1], "mcp", "--root", WF, "--profile", "shop"],
    });
    expect(json.notes.some((n) => n.startsWith("cursor: no gate hook is wired"))).toBe(true);
  });

  it("52. `--harness codex` → nothing written under home; `.codex/config.toml` with approval_mode prompt for the three tools and `.codex/hooks.json`; the trust steps printed", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "codex"]);
    expect(await readdir(home)).toEqual([]);
    expect(json.snippets).toEqual([]);
    const toml = await readFile(join(root, ".codex/config.toml"), "utf8");
    for (const tool of ["axiom_apply", "axiom_write", "axiom_rollback"]) {
      expect(toml).toContain(`[mcp_servers.axiom.tools.${tool}]\napproval_mode = "prompt"`);
    }
    expect(json.steps.map((s) => s.harness)).toEqual(["codex", "codex"]);
    // The text form is for a terminal (CLI-O1); piped, init prints its JSON.
    const text = await runCliTty(["init", "--root", root, "--harness", "codex"], {
      cwd: root,
      env: { HOME: home, PATH: PLAIN_PATH },
    });
    expect(text.plain).toContain("\ntodo (codex): trust the project: start codex in ");
    expect(text.plain).toContain(
      '\ntodo (codex): trust the hook: in the codex TUI open /hooks and choose "Trust all and continue"',
    );
  });

  it("53. Auto with `.cursor` and `.claude` dirs → harnesses [claude, cursor]; `.gemini` → gemini", async () => {
    const { root, home } = await fixture();
    await mkdir(join(root, ".cursor"));
    await mkdir(join(root, ".claude"));
    expect((await init(root, home)).json.harnesses).toEqual(["claude", "cursor"]);
    await mkdir(join(root, ".gemini"));
    expect((await init(root, home)).json.harnesses).toEqual(["claude", "cursor", "gemini"]);
  });

  it("54. Server entries name no package: they run this install (`node <abs>/dist/cli.js mcp …`)", async () => {
    const { root, home } = await fixture();
    await init(root, home);
    expect((await readJson(join(root, ".vscode/mcp.json"))).servers.axiom).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [NODE_ARGV[1], "mcp", "--root", WF, "--profile", "shop", "--require-human"],
    });
  });

  it("55. Existing `.claude/settings.json` with other hooks → merged, others preserved; existing `axiom gate --stdin` entry → skipped; --force → updated", async () => {
    const { root, home } = await fixture();
    const other = { matcher: "Read", hooks: [{ type: "command", command: "audit-read" }] };
    await mkdir(join(root, ".claude"));
    await writeFile(
      join(root, ".claude/settings.json"),
      JSON.stringify({ permissions: { allow: ["x"] }, hooks: { PreToolUse: [other], PostToolUse: [other] } }),
    );
    const first = await init(root, home, ["--harness", "claude"]);
    const mergedFile = first.json.files.find((f) => f.path === ".claude/settings.json");
    expect(mergedFile).toMatchObject({ path: ".claude/settings.json", action: "merged" });
    // Never clobbered: the file as it was is kept under .axiom/init-backup/<stamp>/.
    expect(mergedFile?.backup).toMatch(/^\.axiom\/init-backup\/[0-9T-]+Z\/\.claude\/settings\.json$/);
    expect(JSON.parse(await readFile(join(root, mergedFile?.backup as string), "utf8")).hooks.PreToolUse).toEqual([
      other,
    ]);
    const merged = await readJson(join(root, ".claude/settings.json"));
    expect(merged.permissions).toEqual({ allow: ["x"] });
    expect(merged.hooks.PostToolUse).toEqual([other]);
    expect(merged.hooks.PreToolUse[0]).toEqual(other);
    expect(merged.hooks.PreToolUse).toHaveLength(2);
    const again = await init(root, home, ["--harness", "claude"]);
    expect(again.json.files.find((f) => f.path === ".claude/settings.json")).toEqual({
      path: ".claude/settings.json",
      action: "skipped",
      reason: "already configured",
    });
    const forced = await init(root, home, ["--harness", "claude", "--force"]);
    expect(forced.json.files.find((f) => f.path === ".claude/settings.json")?.action).toBe("updated");
    expect((await readJson(join(root, ".claude/settings.json"))).hooks.PreToolUse).toHaveLength(2);
  });

  it('56. Existing `.vscode/mcp.json` with a `//` comment → skipped "not plain JSON; add the entry by hand", file unchanged', async () => {
    const { root, home } = await fixture();
    const text = '{\n  // mine\n  "servers": {}\n}\n';
    await mkdir(join(root, ".vscode"));
    await writeFile(join(root, ".vscode/mcp.json"), text);
    const { json } = await init(root, home);
    expect(json.files[0]).toEqual({
      path: ".vscode/mcp.json",
      action: "skipped",
      reason: "not plain JSON; add the entry by hand",
    });
    expect(await readFile(join(root, ".vscode/mcp.json"), "utf8")).toBe(text);
    // What to add by hand is printed instead.
    expect(json.snippets.map((x) => [x.harness, x.path])).toEqual([["vscode", ".vscode/mcp.json"]]);
    expect(JSON.parse(json.snippets[0]?.text as string).servers.axiom).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [NODE_ARGV[1], "mcp", "--root", WF, "--profile", "shop", "--require-human"],
    });
  });

  it('57. Existing `.vscode/mcp.json` containing `[]` → skipped "top level is not an object"', async () => {
    const { root, home } = await fixture();
    await mkdir(join(root, ".vscode"));
    await writeFile(join(root, ".vscode/mcp.json"), "[]");
    expect((await init(root, home)).json.files[0]).toEqual({
      path: ".vscode/mcp.json",
      action: "skipped",
      reason: "top level is not an object",
    });
  });

  it("merge: an existing servers object without axiom → merged, other servers kept", async () => {
    const { root, home } = await fixture();
    await mkdir(join(root, ".vscode"));
    await writeFile(join(root, ".vscode/mcp.json"), JSON.stringify({ servers: { other: { command: "x" } } }));
    expect((await init(root, home)).json.files[0]).toMatchObject({ path: ".vscode/mcp.json", action: "merged" });
    expect(Object.keys((await readJson(join(root, ".vscode/mcp.json"))).servers)).toEqual(["other", "axiom"]);
  });

  it("58. Existing different gate profile → skipped exists; --force → updated", async () => {
    const { root, home } = await fixture();
    await mkdir(join(root, ".axiom"));
    await writeFile(join(root, ".axiom/gate-profile.json"), JSON.stringify({ deny: ["x/**"] }));
    const a = await init(root, home);
    expect(a.json.files.find((f) => f.path === ".axiom/gate-profile.json")).toEqual({
      path: ".axiom/gate-profile.json",
      action: "skipped",
      reason: "exists",
    });
    expect(await readJson(join(root, ".axiom/gate-profile.json"))).toEqual({ deny: ["x/**"] });
    const b = await init(root, home, ["--force"]);
    expect(b.json.files.find((f) => f.path === ".axiom/gate-profile.json")?.action).toBe("updated");
    expect((await readJson(join(root, ".axiom/gate-profile.json"))).maxBytes).toBe(262144);
  });

  it("59. `.gitignore` with CRLF and no final newline → lines appended with CRLF after a CRLF; action updated", async () => {
    const { root, home } = await fixture();
    await writeFile(join(root, ".gitignore"), "node_modules\r\n  .axiom/*  ");
    const { json } = await init(root, home);
    expect(json.files.find((f) => f.path === ".gitignore")?.action).toBe("updated");
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe(
      "node_modules\r\n  .axiom/*  \r\n!.axiom/profiles/\r\n!.axiom/gate-profile.json\r\n",
    );
  });

  it("60. `--profile-name default` → ERR_INVALID_PROFILE, stderr JSON, exit 2, nothing written; `--profile-name Bad` → same", async () => {
    const { root, home } = await fixture();
    for (const name of ["default", "Bad"]) {
      const { run } = await init(root, home, ["--profile-name", name]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(errorLine(run)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { profile: name } });
      expect(await readdir(root)).toEqual([]);
    }
    const ok = await init(root, home, ["--profile-name", "team.web-1"]);
    expect(ok.json.profile).toBe("team.web-1");
  });

  it("61. Root dir named `Default` → profile `default-repo`; named `---` → `repo`; named `My Repo!` → `my-repo`", async () => {
    for (const [dir, name] of [
      ["Default", "default-repo"],
      ["---", "repo"],
      ["My Repo!", "my-repo"],
    ] as const) {
      const { root, home } = await fixture(dir);
      expect((await init(root, home)).json.profile).toBe(name);
    }
  });

  it("62. `.axiom` a symlink → init fails `ERR_SYMLINK_IN_PATH`, exit 2", async () => {
    const { root, home } = await fixture();
    const elsewhere = join(home, "..", "elsewhere");
    await mkdir(elsewhere);
    await symlink(elsewhere, join(root, ".axiom"));
    const { run } = await init(root, home);
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_SYMLINK_IN_PATH");
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it("`--root` that is not a directory → ERR_ROOT_NOT_DIR, exit 2", async () => {
    const { root, home } = await fixture();
    await writeFile(join(root, "f"), "x");
    const { run } = await init(join(root, "f"), home);
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_ROOT_NOT_DIR");
  });

  it("63. `axiom setup init` produces the same result as `axiom init`; `axiom setup foo` → exit 2", async () => {
    const a = await fixture();
    const b = await fixture();
    const ra = await init(a.root, a.home);
    const rb = await init(b.root, b.home, [], ["setup", "init"]);
    expect(rb.run.code).toBe(0);
    expect(actions(rb.json)).toEqual(actions(ra.json));
    expect((await runCli(["setup", "foo"])).code).toBe(2);
  });

  it("text form: header, padded action lines, notes (cli.md §9.1)", async () => {
    const { root, home } = await fixture();
    const run = await runCliTty(["init", "--root", root], { cwd: root, env: { HOME: home, PATH: PLAIN_PATH } });
    expect(run.code).toBe(0);
    expect(run.plain.split("\n").slice(0, 5)).toEqual([
      `axiom init ${root} (harness: copilot+vscode, profile: shop, route: all)`,
      "created  .vscode/mcp.json",
      "created  .github/mcp.json",
      "created  .github/hooks/axiom-gate.json",
      "created  .axiom/profiles/shop.json",
    ]);
    expect(run.plain).toContain(`\ncommand: ${NODE_ARGV.join(" ")}\n`);
    expect(run.plain).toContain("\ntodo (copilot): trust the folder: start copilot in ");
    expect(run.plain).toContain("\nnote: copilot, vscode: --require-human is wired: ");
    expect(run.plain).toContain("npm ci && npm run build && npm install -g ./packages/mcp");
    expect(run.plain).not.toContain("@codai/axiom-mcp");
  });
});

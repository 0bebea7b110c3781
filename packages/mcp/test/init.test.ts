// hooks-doctor.md §3: `axiom init` / `axiom setup init` on real temp directories (built CLI,
// real child processes, HOME pointed at an empty temp dir).
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliRun, errorLine, runCli } from "./cli-run";

const MAJOR = (
  JSON.parse(await readFile(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }
).version.split(".")[0];

interface InitJson {
  root: string;
  harnesses: string[];
  profile: string;
  files: { path: string; action: string; reason?: string }[];
  notes: string[];
  snippets: { harness: string; path: string; text: string }[];
}

const cleanups: string[] = [];
afterEach(async () => {
  for (const d of cleanups.splice(0)) await rm(d, { recursive: true, force: true });
});

async function fixture(name = "shop"): Promise<{ root: string; home: string }> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "axiom-init-")));
  cleanups.push(base);
  const root = join(base, name);
  const home = join(base, "home");
  await mkdir(root);
  await mkdir(home);
  return { root, home };
}

async function init(
  root: string,
  home: string,
  args: string[] = [],
  verb: string[] = ["init"],
): Promise<{ run: CliRun; json: InitJson }> {
  const run = await runCli([...verb, "--root", root, "--json", ...args], { env: { HOME: home } });
  return { run, json: run.code === 0 ? (JSON.parse(run.stdout) as InitJson) : (undefined as unknown as InitJson) };
}

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON is inspected field by field.
const readJson = async (p: string) => JSON.parse(await readFile(p, "utf8")) as Record<string, any>;
const WF = ["$", "{workspaceFolder}"].join("");
const actions = (j: InitJson) => j.files.map((f) => [f.path, f.action, f.reason]);

describe("axiom init (§3)", () => {
  it("48. `axiom init --json` in an empty dir → harnesses copilot+vscode, the five files created; exit 0", async () => {
    const { root, home } = await fixture();
    const { run, json } = await init(root, home);
    expect(run.code).toBe(0);
    expect(json.root).toBe(root);
    expect(json.harnesses).toEqual(["copilot", "vscode"]);
    expect(json.profile).toBe("shop");
    expect(actions(json)).toEqual([
      [".vscode/mcp.json", "created", undefined],
      [".github/hooks/axiom-gate.json", "created", undefined],
      [".axiom/profiles/shop.json", "created", undefined],
      [".axiom/gate-profile.json", "created", undefined],
      [".gitignore", "created", undefined],
    ]);
    expect(json.snippets).toEqual([]);
    expect(json.notes).toContain("hooks call the global bin: npm install -g @codai/axiom-mcp (never npx in a hook)");
    expect(json.notes).toContain("the root has no .git: the gate finds this root through .axiom/profiles/");
    expect(await readJson(join(root, ".github/hooks/axiom-gate.json"))).toEqual({
      version: 1,
      hooks: { preToolUse: [{ type: "command", exec: "axiom", args: ["gate", "--stdin"], timeoutSec: 5 }] },
    });
    const vs = await readFile(join(root, ".vscode/mcp.json"), "utf8");
    expect(vs.endsWith("}\n")).toBe(true);
    expect(vs).toContain('\n  "servers": {');
    const gp = await readJson(join(root, ".axiom/gate-profile.json"));
    expect(gp.maxBytes).toBe(262144);
    expect(gp.deny).toContain(".github/**");
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
      [".github/hooks/axiom-gate.json", "skipped", "up to date"],
      [".axiom/profiles/shop.json", "skipped", "up to date"],
      [".axiom/gate-profile.json", "skipped", "up to date"],
      [".gitignore", "skipped", "already present"],
    ]);
  });

  it("50. `--harness claude` → `.mcp.json` with `--root <realpath>`, `.claude/settings.json` with the matcher; no `.github/hooks` file", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "claude"]);
    expect(json.harnesses).toEqual(["claude"]);
    expect((await readJson(join(root, ".mcp.json"))).mcpServers.axiom).toEqual({
      command: "npx",
      args: ["-y", `@codai/axiom-mcp@${MAJOR}`, "mcp", "--root", root],
    });
    expect(await readJson(join(root, ".claude/settings.json"))).toEqual({
      hooks: {
        PreToolUse: [
          {
            matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash",
            hooks: [{ type: "command", command: "axiom gate --stdin", timeout: 5 }],
          },
        ],
      },
    });
    expect(json.files.map((f) => f.path)).not.toContain(".github/hooks/axiom-gate.json");
  });

  it("51. `--harness cursor` → `.cursor/mcp.json` with the workspaceFolder variable; note about no hook", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "cursor"]);
    expect((await readJson(join(root, ".cursor/mcp.json"))).mcpServers.axiom.args).toEqual([
      "-y",
      `@codai/axiom-mcp@${MAJOR}`,
      "mcp",
      "--root",
      WF,
    ]);
    expect(json.notes.some((n) => n.startsWith("cursor: no hook is wired"))).toBe(true);
  });

  it("52. `--harness codex` → nothing written under home; snippet for ~/.codex/config.toml with approval_mode prompt for the three tools", async () => {
    const { root, home } = await fixture();
    const { json } = await init(root, home, ["--harness", "codex"]);
    expect(await readdir(home)).toEqual([]);
    expect(json.snippets).toHaveLength(1);
    const s = json.snippets[0] as InitJson["snippets"][number];
    expect(s).toMatchObject({ harness: "codex", path: "~/.codex/config.toml" });
    for (const tool of ["axiom_apply", "axiom_write", "axiom_rollback"]) {
      expect(s.text).toContain(`[mcp_servers.axiom.tools.${tool}]\napproval_mode = "prompt"`);
    }
    expect(s.text).toContain(`args = ["-y", "@codai/axiom-mcp@${MAJOR}", "mcp", "--root", "${root}"]`);
    const text = await runCli(["init", "--root", root, "--harness", "codex"], { env: { HOME: home } });
    expect(text.stdout).toContain("snippet for ~/.codex/config.toml:\n[mcp_servers.axiom]\n");
  });

  it("53. Auto with `.cursor` and `.claude` dirs → harnesses [claude, cursor]", async () => {
    const { root, home } = await fixture();
    await mkdir(join(root, ".cursor"));
    await mkdir(join(root, ".claude"));
    expect((await init(root, home)).json.harnesses).toEqual(["claude", "cursor"]);
  });

  it("54. Server entries use `@codai/axiom-mcp@<major of the running CLI>`", async () => {
    const { root, home } = await fixture();
    await init(root, home);
    expect((await readJson(join(root, ".vscode/mcp.json"))).servers.axiom).toEqual({
      type: "stdio",
      command: "npx",
      args: ["-y", `@codai/axiom-mcp@${MAJOR}`, "mcp", "--root", WF],
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
    expect(first.json.files.find((f) => f.path === ".claude/settings.json")).toEqual({
      path: ".claude/settings.json",
      action: "merged",
    });
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
    expect((await init(root, home)).json.files[0]).toEqual({ path: ".vscode/mcp.json", action: "merged" });
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
    const run = await runCli(["init", "--root", root], { env: { HOME: home } });
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 3)).toEqual([
      `axiom init ${root} (harness: copilot+vscode, profile: shop)`,
      "created  .vscode/mcp.json",
      "created  .github/hooks/axiom-gate.json",
    ]);
    expect(run.stdout).toContain(
      "\nnote: hooks call the global bin: npm install -g @codai/axiom-mcp (never npx in a hook)\n",
    );
  });
});

// Units of the wiring: the TOML reader Codex's files go through, hook command lines (quoting and
// reading back), the command rule, the gate-hook recognition and the install hint.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installHint } from "../src/harness/doctor/bin";
import { profileArg } from "../src/harness/doctor/servers";
import { scanToml, tomlGet } from "../src/harness/doctor/toml";
import { resolveAxiomCommand, shellLine, splitShellLine } from "../src/harness/init/command";
import { isAxiomGateText } from "../src/harness/init/entries";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe("scanToml", () => {
  it("reads Codex's trust tables: quoted path keys, dotted keys, inline tables, arrays of strings", () => {
    const text = [
      "# user config",
      'model = "gpt-5.5"',
      '[projects."/home/me/my repo"]',
      'trust_level = "trusted"',
      '[hooks.state."/r/.codex/hooks.json:pre_tool_use:0:0"]',
      "trusted_hash = 'sha256:ab' # literal",
      "enabled = false",
      "[mcp_servers.axiom]",
      'args = [ "a", # first',
      '  "b\\u00e9",',
      "]",
      'env = { A = "1", nested.B = true }',
      'note = """',
      "[not a header]",
      '"""',
      "[[profiles.list]]",
      "n = 1979-05-27T07:32:00Z",
    ].join("\n");
    const s = scanToml(text);
    if (!s.ok) throw new Error(s.why);
    expect(tomlGet(s, ["projects", "/home/me/my repo", "trust_level"])).toBe("trusted");
    expect(tomlGet(s, ["hooks", "state", "/r/.codex/hooks.json:pre_tool_use:0:0", "trusted_hash"])).toBe("sha256:ab");
    expect(tomlGet(s, ["hooks", "state", "/r/.codex/hooks.json:pre_tool_use:0:0", "enabled"])).toBe(false);
    expect(tomlGet(s, ["mcp_servers", "axiom", "args"])).toEqual(["a", "bé"]);
    expect(tomlGet(s, ["mcp_servers", "axiom", "env", "nested", "B"])).toBe(true);
    expect(tomlGet(s, ["profiles", "list", "n"])).toEqual({ other: true });
    expect(s.headers.map((h) => h.path.join("."))).toEqual([
      "projects./home/me/my repo",
      "hooks.state./r/.codex/hooks.json:pre_tool_use:0:0",
      "mcp_servers.axiom",
      "profiles.list",
    ]);
    expect(s.headers[3]?.array).toBe(true);
  });

  it("refuses what it cannot follow (unterminated strings, bad headers, stray text) with the line", () => {
    for (const [text, why] of [
      ['a = "x\n', "unterminated string"],
      ["[a\n", "bad table header"],
      ["a = 1 b\n", "unexpected text"],
      ['a = "\\q"\n', "bad escape"],
    ] as const) {
      const s = scanToml(text);
      expect(s.ok).toBe(false);
      if (!s.ok) expect(s.why).toContain(why);
    }
    expect(scanToml("").ok).toBe(true);
  });
});

describe("hook command lines", () => {
  it("shellLine quotes only what needs it and splitShellLine reads it back", () => {
    const argv = ["/opt/node 20/bin/node", "/x/it's/dist/cli.js", "gate", "--stdin", "--harness", "claude"];
    const line = shellLine(argv, "linux");
    expect(line).toBe("'/opt/node 20/bin/node' '/x/it'\\''s/dist/cli.js' gate --stdin --harness claude");
    expect(splitShellLine(line)).toEqual(argv);
    expect(shellLine(["axiom", "gate", "--stdin"], "linux")).toBe("axiom gate --stdin");
    const win = shellLine(["C:\\Program Files\\nodejs\\node.exe", "gate"], "win32");
    expect(win).toBe('"C:\\Program Files\\nodejs\\node.exe" gate');
    expect(splitShellLine(win)).toEqual(["C:\\Program Files\\nodejs\\node.exe", "gate"]);
    expect(splitShellLine("axiom gate --stdin; rm -rf x")).toBeUndefined();
    expect(splitShellLine("'open")).toBeUndefined();
  });

  it("isAxiomGateText: the bare bin, the node entry and an old npx line count; other commands do not", () => {
    expect(isAxiomGateText("axiom gate --stdin")).toBe(true);
    expect(isAxiomGateText("'/usr/bin/node' '/a b/packages/mcp/dist/cli.js' gate --stdin --harness claude")).toBe(true);
    expect(isAxiomGateText("'/usr/bin/node' /a/packages/mcp/dist/cli.cjs gate --stdin --harness claude")).toBe(true);
    expect(isAxiomGateText("npx @codai/axiom-mcp gate --stdin")).toBe(true);
    expect(isAxiomGateText("/usr/local/bin/axiom.cmd gate --stdin")).toBe(true);
    expect(isAxiomGateText("audit-hook gate")).toBe(false);
    expect(isAxiomGateText("axiom status")).toBe(false);
  });

  it("profileArg reads --profile X and --profile=X", () => {
    expect(profileArg(["mcp", "--root", "/r", "--profile", "shop"])).toBe("shop");
    expect(profileArg(["mcp", "--profile=web"])).toBe("web");
    expect(profileArg(["mcp", "--root", "/r"])).toBeUndefined();
  });
});

describe("resolveAxiomCommand", () => {
  it("global bin only when it is this install (realpath equal); otherwise execPath + the entry", async () => {
    const d = await realpath(await mkdtemp(join(tmpdir(), "axiom-cmd-")));
    dirs.push(d);
    const entry = join(d, "pkg", "dist", "cli.js");
    await mkdir(join(d, "pkg", "dist"), { recursive: true });
    await writeFile(entry, "");
    await symlink(entry, join(d, "axiom"));
    await writeFile(join(d, "other"), "");
    const run = (found: string | undefined, e: string | undefined = entry) =>
      resolveAxiomCommand({ entry: e, execPath: "/n/node", locate: async () => found });
    expect(await run(join(d, "axiom"))).toEqual({ command: "axiom", prefix: [], how: "global-bin" });
    expect(await run(join(d, "other"))).toEqual({ command: "/n/node", prefix: [entry], how: "node-entry" });
    expect(await run(undefined)).toEqual({ command: "/n/node", prefix: [entry], how: "node-entry" });
    // The entry itself reached through a link resolves to the same file.
    expect(await run(join(d, "axiom"), join(d, "axiom"))).toMatchObject({ how: "global-bin" });
  });

  it("run through the legacy dist/cli.js, init writes its sibling dist/cli.cjs (the hook then starts without the ESM loader, SPEED-9)", async () => {
    const d = await realpath(await mkdtemp(join(tmpdir(), "axiom-cmd-")));
    dirs.push(d);
    const legacy = join(d, "pkg", "dist", "cli.js");
    const bin = join(d, "pkg", "dist", "cli.cjs");
    await mkdir(join(d, "pkg", "dist"), { recursive: true });
    await writeFile(legacy, "");
    await writeFile(bin, "");
    await symlink(bin, join(d, "axiom"));
    const run = (found: string | undefined) =>
      resolveAxiomCommand({ entry: legacy, execPath: "/n/node", locate: async () => found });
    expect(await run(undefined)).toEqual({ command: "/n/node", prefix: [bin], how: "node-entry" });
    // The global bin links to cli.cjs: it is this install, reached through the legacy entry.
    expect(await run(join(d, "axiom"))).toEqual({ command: "axiom", prefix: [], how: "global-bin" });
  });

  it("an axiom that npm run / npx put on PATH (node_modules/.bin) is not a global bin: the node entry is written (HOOK-52)", async () => {
    const d = await realpath(await mkdtemp(join(tmpdir(), "axiom-cmd-")));
    dirs.push(d);
    const entry = join(d, "pkg", "dist", "cli.js");
    await mkdir(join(d, "pkg", "dist"), { recursive: true });
    await mkdir(join(d, "node_modules", ".bin"), { recursive: true });
    await writeFile(entry, "");
    await symlink(entry, join(d, "node_modules", ".bin", "axiom"));
    const cmd = await resolveAxiomCommand({
      entry,
      execPath: "/n/node",
      locate: async () => join(d, "node_modules", ".bin", "axiom"),
    });
    expect(cmd).toEqual({ command: "/n/node", prefix: [entry], how: "node-entry" });
  });

  it("installHint never names a registry package", () => {
    expect(installHint("/src/axiom/packages/mcp/dist/cli.js")).toBe(
      "npm install -g /src/axiom/packages/mcp (this install), or from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp)",
    );
    expect(installHint("/usr/lib/node_modules/x/dist/cli.js")).toBe(
      "from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp)",
    );
    expect(installHint()).not.toContain("@codai");
  });
});

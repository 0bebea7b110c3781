// issue 19 item 4: doctor checks what init wrote — each server entry is started exactly as written
// and must list AXIOM's tools, "profile X is in force" only when the entry passes --profile X, the
// hooks' programs resolve and answer, and the one-time human steps it can see (Codex project and
// hook trust, Copilot / Gemini trusted folders). Real temp dirs, real child processes, isolated HOME.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DoctorOptions, type DoctorReport, formatDoctorText, runDoctor } from "../src/harness/doctor/run";
import { runCli } from "./cli-run";
import { type Fixture, fixture, GATE_SPEAKS_ROUTE, init, PLAIN_PATH, readJson } from "./wiring-helpers";

const VERSION = (
  JSON.parse(await readFile(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }
).version;
const ALL = ["claude", "codex", "copilot", "gemini", "vscode", "cursor"];
const check = (r: DoctorReport, id: string) => r.checks.find((c) => c.id === id);

/** Real server probes and trust files; the bin, the gate latency and (unless given) the hook runs injected. */
function doctor(f: Fixture, over: Partial<DoctorOptions> = {}): Promise<DoctorReport> {
  return runDoctor(f.root, {
    version: VERSION,
    home: f.home,
    env: { PATH: PLAIN_PATH },
    locateBin: async () => "/usr/local/bin/axiom",
    readVersion: async () => VERSION,
    probe: async () => ({ ms: 50, exitCode: 0 }),
    hookRunner: async () => ({ code: 0, stdout: "", stderr: "" }),
    ...over,
  });
}

async function wireAll(f: Fixture): Promise<string> {
  let profile = "";
  for (const h of ALL) {
    const { run, json } = await init(f, ["--harness", h]);
    expect(run.code).toBe(0);
    profile = json.profile;
  }
  return profile;
}

/** The one-time steps done: Codex project + hook trusted, Copilot and Gemini folders trusted. */
async function trustEverything(f: Fixture): Promise<void> {
  const key = `${f.root}/.codex/hooks.json:pre_tool_use:0:0`;
  await f.put(
    ".codex/config.toml",
    `[projects."${f.root}"]\ntrust_level = "trusted"\n\n[hooks.state."${key}"]\ntrusted_hash = "sha256:0123"\n`,
    true,
  );
  await f.put(".copilot/config.json", JSON.stringify({ trustedFolders: [f.root] }), true);
  await f.put(".gemini/trustedFolders.json", JSON.stringify({ [f.root]: "TRUST_FOLDER" }), true);
}

describe("doctor on a freshly wired repo", () => {
  it("every harness wired and trusted → every check ok; each server started for real; the init profile is in force for all six", async () => {
    const f = await fixture();
    const profile = await wireAll(f);
    await trustEverything(f);
    const r = await doctor(f);
    // The gate profile's route fields are the gate side's interface: until that side is in this
    // build, its validator refuses them (and doctor says so). Everything else is green here.
    const notOk = r.checks.filter((c) => c.status !== "ok");
    if (GATE_SPEAKS_ROUTE) {
      expect(notOk).toEqual([]);
      expect(r.ok).toBe(true);
    } else expect(notOk.map((c) => [c.id, c.message.includes("unknown key route")])).toEqual([["gate.profile", true]]);
    expect(r.checks.map((c) => c.id)).toEqual([
      "root",
      "bin",
      "hook.copilot",
      "hook.claude",
      "hook.codex",
      "hook.gemini",
      "mcp.vscode",
      "mcp.claude",
      "mcp.copilot",
      "mcp.cursor",
      "mcp.codex",
      "mcp.gemini",
      "trust.codex",
      "trust.copilot",
      "trust.gemini",
      "lock",
      "journal",
      "chain",
      `profile.${profile}`,
      "gate.profile",
      "gitignore",
      "gate.latency",
    ]);
    expect(check(r, "mcp.claude")?.message).toBe(
      `.mcp.json mcpServers.axiom starts and lists 6 tools; profile ${profile} is in force; --require-human`,
    );
    expect(check(r, `profile.${profile}`)?.message).toMatch(
      /^valid \(\d+ checks\); in force for mcp\.vscode, mcp\.claude, mcp\.copilot, mcp\.cursor, mcp\.codex, mcp\.gemini$/,
    );
  });

  it.runIf(GATE_SPEAKS_ROUTE)(
    "through the CLI (real hooks, real gate probe): exit 0, no warning but the bin",
    async () => {
      const f = await fixture();
      await wireAll(f);
      await trustEverything(f);
      const run = await runCli(["doctor", "--root", f.root, "--json"], { env: { HOME: f.home, PATH: PLAIN_PATH } });
      const r = JSON.parse(run.stdout) as DoctorReport;
      expect(r.checks.filter((c) => c.status !== "ok").map((c) => c.id)).toEqual(["bin"]);
      expect(run.code).toBe(0);
    },
  );
});

describe("doctor red, with the fix line", () => {
  it("a server command that does not start → mcp.<h> fail naming the command and `axiom init --force`", async () => {
    const f = await fixture();
    await init(f, ["--harness", "claude"]);
    const doc = await readJson(join(f.root, ".mcp.json"));
    doc.mcpServers.axiom.command = join(f.base, "no-such-node");
    await writeFile(join(f.root, ".mcp.json"), JSON.stringify(doc));
    const r = await doctor(f);
    expect(r.ok).toBe(false);
    expect(check(r, "mcp.claude")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/^\.mcp\.json mcpServers\.axiom does not start \(.*no-such-node .*\): .*ENOENT/),
      hint: "axiom init --force (rewrites the entry for this machine)",
    });
    const text = formatDoctorText(r);
    expect(text).toMatch(
      /\nFAIL mcp\.claude: [^\n]+\n {5}fix: axiom init --force \(rewrites the entry for this machine\)\n/,
    );
  });

  it("a server that refuses start-up (--profile naming no file) → fail with its stderr reason", async () => {
    const f = await fixture();
    await init(f, ["--harness", "cursor"]);
    const doc = await readJson(join(f.root, ".cursor/mcp.json"));
    doc.mcpServers.axiom.args = doc.mcpServers.axiom.args.map((a: string) => (a === "shop" ? "nope" : a));
    await writeFile(join(f.root, ".cursor/mcp.json"), JSON.stringify(doc));
    const c = check(await doctor(f), "mcp.cursor");
    expect(c?.status).toBe("fail");
    expect(c?.message).toMatch(/does not start .*exited 2 before answering tools\/list: .*ERR_/);
  });

  it("an entry that starts but lists the wrong tools → fail naming what is missing", async () => {
    const f = await fixture();
    const server = await f.put(
      "fake-server.mjs",
      [
        'import { createInterface } from "node:readline";',
        "for await (const line of createInterface({ input: process.stdin })) {",
        "  const m = JSON.parse(line);",
        "  if (m.id === 1) console.log(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } } }));",
        "  if (m.id === 2) console.log(JSON.stringify({ jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'axiom_status' }] } }));",
        "}",
      ].join("\n"),
      true,
    );
    await f.put(".mcp.json", JSON.stringify({ mcpServers: { axiom: { command: process.execPath, args: [server] } } }));
    expect(check(await doctor(f), "mcp.claude")).toMatchObject({
      status: "fail",
      message: ".mcp.json mcpServers.axiom starts but tools/list lacks axiom_write, axiom_apply, axiom_rollback",
    });
  });

  it("an npx entry (an old init, or hand-written) → fail without running it: the npm name is not this project", async () => {
    const f = await fixture();
    let spawned = false;
    await f.put(
      ".vscode/mcp.json",
      JSON.stringify({
        servers: { axiom: { type: "stdio", command: "npx", args: ["-y", "@codai/axiom-mcp@2", "mcp"] } },
      }),
    );
    const c = check(
      await doctor(f, {
        serverProbe: async () => {
          spawned = true;
          return { ok: true, tools: [] };
        },
      }),
      "mcp.vscode",
    );
    expect(spawned).toBe(false);
    expect(c).toMatchObject({ status: "fail", hint: "axiom init --force (rewrites the entry for this machine)" });
    expect(c?.message).toContain("is not this project");
  });

  it("a missing --profile while a repo profile exists → fail (the built-in default is in force), and profile.<name> is not reported in force for it", async () => {
    const f = await fixture();
    await init(f, ["--harness", "vscode"]);
    await init(f, ["--harness", "claude"]);
    const doc = await readJson(join(f.root, ".vscode/mcp.json"));
    const args: string[] = doc.servers.axiom.args;
    args.splice(args.indexOf("--profile"), 2);
    await writeFile(join(f.root, ".vscode/mcp.json"), JSON.stringify(doc));
    const r = await doctor(f);
    expect(check(r, "mcp.vscode")).toEqual({
      id: "mcp.vscode",
      status: "fail",
      message:
        ".vscode/mcp.json servers.axiom starts and lists 6 tools, but passes no --profile: the built-in default is in force, not shop",
      hint: 'axiom init --force (rewrites the entry for this machine), or add "--profile", "shop" to its args',
    });
    expect(check(r, "profile.shop")?.message).toMatch(/; in force for mcp\.claude$/);
    const claudeOnly = await fixture();
    await init(claudeOnly, ["--harness", "claude"]);
    const d2 = await readJson(join(claudeOnly.root, ".mcp.json"));
    d2.mcpServers.axiom.args.splice(d2.mcpServers.axiom.args.indexOf("--profile"), 2);
    await writeFile(join(claudeOnly.root, ".mcp.json"), JSON.stringify(d2));
    expect(check(await doctor(claudeOnly), "profile.shop")?.message).toMatch(
      /; not in force: no server entry passes --profile shop$/,
    );
  });

  it("an untrusted Codex hook → trust.codex fail with the /hooks step; trusted → ok; disabled → fail; project untrusted → fail", async () => {
    const f = await fixture();
    await init(f, ["--harness", "codex"]);
    const key = `${f.root}/.codex/hooks.json:pre_tool_use:0:0`;
    const project = `[projects."${f.root}"]\ntrust_level = "trusted"\n`;
    await f.put(".codex/config.toml", project, true);
    let c = check(await doctor(f), "trust.codex");
    expect(c).toEqual({
      id: "trust.codex",
      status: "fail",
      message:
        "Codex skips an untrusted project layer and untrusted hooks silently, so native writes run ungated; left: 1",
      hint: 'trust the gate hook: in the codex TUI open /hooks and choose "Trust all and continue"',
    });
    await f.put(".codex/config.toml", `${project}[hooks.state."${key}"]\ntrusted_hash = "sha256:1"\n`, true);
    c = check(await doctor(f), "trust.codex");
    expect(c?.status).toBe("ok");
    await f.put(
      ".codex/config.toml",
      `${project}[hooks.state."${key}"]\ntrusted_hash = "sha256:1"\nenabled = false\n`,
      true,
    );
    expect(check(await doctor(f), "trust.codex")?.hint).toContain("enable the gate hook");
    await f.put(".codex/config.toml", `[hooks.state."${key}"]\ntrusted_hash = "sha256:1"\n`, true);
    c = check(await doctor(f), "trust.codex");
    expect(c?.status).toBe("fail");
    expect(c?.hint).toContain(`trust the project: start codex in ${f.root}`);
    // CODEX_HOME moves the user config, as in Codex.
    const codexHome = join(f.base, "codex-home");
    await f.put("../codex-home/config.toml", `${project}[hooks.state."${key}"]\ntrusted_hash = "x"\n`);
    expect(check(await doctor(f, { env: { PATH: PLAIN_PATH, CODEX_HOME: codexHome } }), "trust.codex")?.status).toBe(
      "ok",
    );
  });

  it("a hook whose program does not resolve, or that refuses a benign read → hook.<h> fail (the harness would let the call through)", async () => {
    const f = await fixture();
    await f.put(
      ".claude/settings.json",
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "axiom gate --stdin --harness claude" }] }] },
      }),
    );
    let c = check(await doctor(f, { hookRunner: undefined }), "hook.claude");
    expect(c?.status).toBe("fail");
    expect(c?.message).toBe(
      "the hook's program axiom does not resolve on this machine: claude lets the call through when its hook cannot run",
    );
    const refuse = await f.put("bin/axiom", "#!/bin/sh\necho nope >&2\nexit 2\n", true);
    const { chmod } = await import("node:fs/promises");
    await chmod(refuse, 0o755);
    c = check(
      await doctor(f, { env: { PATH: `${join(f.home, "bin")}:${PLAIN_PATH}` }, hookRunner: undefined }),
      "hook.claude",
    );
    expect(c).toMatchObject({
      status: "fail",
      message: expect.stringContaining("answers a benign read with exit 2 (nope)"),
    });
    expect(c?.hint).toMatch(
      /^run it by hand to see why: echo '\{"hook_event_name":"PreToolUse",.*' \| axiom gate --stdin --harness claude$/,
    );
  });

  it("Copilot and Gemini trusted folders: warn until trusted (COPILOT_HOME honoured; TRUST_PARENT, DO_NOT_TRUST)", async () => {
    const f = await fixture();
    await init(f, ["--harness", "copilot"]);
    await init(f, ["--harness", "gemini"]);
    let r = await doctor(f);
    expect(check(r, "trust.copilot")).toMatchObject({
      status: "warn",
      hint: expect.stringContaining("--trust-folder"),
    });
    expect(check(r, "trust.gemini")).toMatchObject({ status: "warn", hint: expect.stringContaining("TRUST_FOLDER") });
    // A folder not trusted yet is a warning: both CLIs ask at start.
    expect(r.checks.filter((c) => c.status === "fail" && c.id.startsWith("trust."))).toEqual([]);
    await f.put("../cp/config.json", JSON.stringify({ trusted_folders: [f.base] }));
    await f.put(".gemini/trustedFolders.json", JSON.stringify({ [join(f.root, "x")]: "TRUST_PARENT" }), true);
    r = await doctor(f, { env: { PATH: PLAIN_PATH, COPILOT_HOME: join(f.base, "cp") } });
    expect(check(r, "trust.copilot")?.status).toBe("ok");
    expect(check(r, "trust.gemini")?.status).toBe("ok");
    await f.put(
      ".gemini/trustedFolders.json",
      JSON.stringify({ [f.base]: "TRUST_FOLDER", [f.root]: "DO_NOT_TRUST" }),
      true,
    );
    expect(check(await doctor(f), "trust.gemini")?.status).toBe("warn");
  });
});

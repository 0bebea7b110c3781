// hooks-doctor.md §4: `axiom doctor` / `axiom setup doctor`. CLI runs spawn the built bin (which
// really spawns its gate probe 5 times); the per-check fixtures call runDoctor in-process with an
// injected bin locator and probe, on real files in temp dirs.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { appendChainEntry } from "@codai/axiom-apply";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { latencyCheck } from "../src/harness/doctor/latency";
import { type DoctorReport, formatDoctorText, runDoctor } from "../src/harness/doctor/run";
import { REQUIRED_TOOLS } from "../src/harness/doctor/server-probe";
import { CLI, runCli } from "./cli-run";
import { runCliTty } from "./cli-tty";
import { GATE_SPEAKS_ROUTE, PLAIN_PATH } from "./wiring-helpers";

const VERSION = (
  JSON.parse(await readFile(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }
).version;
const D1 = `sha256:${"1".repeat(64)}`;

const cleanups: string[] = [];
afterEach(async () => {
  for (const d of cleanups.splice(0)) await rm(d, { recursive: true, force: true });
});

async function fixture(): Promise<{
  root: string;
  home: string;
  base: string;
  put(rel: string, text: string, inHome?: boolean): Promise<void>;
}> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "axiom-doctor-")));
  cleanups.push(base);
  const root = join(base, "repo");
  const home = join(base, "home");
  await mkdir(root);
  await mkdir(home);
  return {
    root,
    home,
    base,
    async put(rel, text, inHome = false) {
      const f = join(inHome ? home : root, rel);
      await mkdir(dirname(f), { recursive: true });
      await writeFile(f, text);
    },
  };
}

/** In-process doctor with a bin at this version and a fast benign probe. */
function doctor(
  root: string,
  home: string,
  over: Partial<Parameters<typeof runDoctor>[1]> = {},
): Promise<DoctorReport> {
  return runDoctor(root, {
    version: VERSION,
    home,
    // `axiom` resolves (this CLI), hooks answer a benign read with exit 0, servers list the core tools.
    env: { PATH: `${AXIOM_BIN}:${process.env.PATH ?? ""}` },
    locateBin: async () => "/usr/local/bin/axiom",
    readVersion: async () => VERSION,
    probe: async () => ({ ms: 50, exitCode: 0 }),
    hookRunner: async () => ({ code: 0, stdout: "", stderr: "" }),
    serverProbe: async () => ({ ok: true, tools: [...REQUIRED_TOOLS, "axiom_check", "axiom_apply_dry_run"] }),
    ...over,
  });
}
const check = (r: DoctorReport, id: string) => r.checks.find((c) => c.id === id);

async function initRepo(root: string, home: string): Promise<void> {
  const run = await runCli(["init", "--root", root, "--json"], { env: { HOME: home, PATH: PLAIN_PATH } });
  expect(run.code).toBe(0);
}

/** A directory holding `axiom` = this CLI, shared by the in-process fixtures. */
const AXIOM_BIN = await (async () => {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "axiom-doctor-bin-")));
  await symlink(CLI, join(dir, "axiom"));
  return dir;
})();
afterAll(() => rm(AXIOM_BIN, { recursive: true, force: true }));

/** A bin dir whose `axiom` is this very CLI (it reports the same version). */
async function binDir(base: string): Promise<string> {
  const dir = join(base, "bin");
  await mkdir(dir);
  await symlink(CLI, join(dir, "axiom"));
  return dir;
}

async function treeHash(dir: string): Promise<string> {
  const h = createHash("sha256");
  const walk = async (d: string) => {
    for (const e of (await readdir(d, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      h.update(`${p}\n`);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) h.update(await readFile(p));
    }
  };
  await walk(dir);
  return h.digest("hex");
}

describe("axiom doctor through the CLI (§4.1, §4.3)", () => {
  it.runIf(GATE_SPEAKS_ROUTE)(
    "64. `axiom doctor --json` on a freshly init'd repo, HOME holding only Copilot's trust record, global bin at the same version → ok: true, exit 0; §4.2 order, no elicitation entries",
    async () => {
      const { root, home, base, put } = await fixture();
      await initRepo(root, home);
      await put(".copilot/config.json", JSON.stringify({ trustedFolders: [root] }), true);
      const bin = await binDir(base);
      const run = await runCli(["doctor", "--root", root, "--json"], {
        env: { HOME: home, PATH: `${bin}:${process.env.PATH ?? ""}` },
      });
      const r = JSON.parse(run.stdout) as DoctorReport;
      expect(r.checks.filter((c) => c.status !== "ok")).toEqual([]);
      expect(run.code).toBe(0);
      expect(r.ok).toBe(true);
      expect(r.root).toBe(root);
      expect(r.checks.map((c) => c.id)).toEqual([
        "root",
        "bin",
        "hook.copilot",
        "mcp.vscode",
        "mcp.copilot",
        "trust.copilot",
        "lock",
        "journal",
        "chain",
        "profile.repo",
        "gate.profile",
        "gitignore",
        "gate.latency",
      ]);
      expect(check(r, "gate.latency")?.message).toMatch(
        /^gate --stdin p95 \d+ ms over 5 runs \(hook timeout 5000 ms\)$/,
      );
    },
  );

  it("65. `axiom setup doctor --json` → byte-identical check list to `axiom doctor --json` (modulo latency numbers); 89. doctor modifies nothing under root or home", async () => {
    const { root, home } = await fixture();
    await initRepo(root, home);
    const before = [await treeHash(root), await treeHash(home)];
    const a = await runCli(["doctor", "--root", root, "--json"], { env: { HOME: home } });
    const b = await runCli(["setup", "doctor", "--root", root, "--json"], { env: { HOME: home } });
    expect(a.stdout).toContain('"id": "mcp.vscode"');
    const norm = (s: string) => s.replace(/p95 \d+ ms/, "p95 N ms");
    expect(b.code).toBe(a.code);
    expect(norm(b.stdout)).toBe(norm(a.stdout));
    expect([await treeHash(root), await treeHash(home)]).toEqual(before);
  });

  it("66. `--root` pointing at a file → only the `root` check, `fail`, exit 1", async () => {
    const { root, home } = await fixture();
    await writeFile(join(root, "f"), "x");
    const run = await runCli(["doctor", "--root", join(root, "f"), "--json"], { env: { HOME: home } });
    expect(run.code).toBe(1);
    const r = JSON.parse(run.stdout) as DoctorReport;
    expect(r).toEqual({
      root: join(root, "f"),
      ok: false,
      checks: [
        { id: "root", status: "fail", message: `${join(root, "f")} is not a directory`, hint: "pass --root <dir>" },
      ],
    });
  });

  it("67. No global `axiom` on PATH → `bin` warn, exit 0; 88. text mode prints `FAIL hook.copilot: …` then `     fix: …`; 70. `{` hook file → fail, exit 1", async () => {
    // A bare root (no init): only warnings, so the exit code shows that a bin warning never fails.
    const { root, home, put } = await fixture();
    const bare = await runCli(["doctor", "--root", root, "--json"], {
      env: { HOME: home, PATH: dirname(process.execPath) },
    });
    expect(bare.code).toBe(0);
    expect(check(JSON.parse(bare.stdout) as DoctorReport, "bin")).toEqual({
      id: "bin",
      status: "warn",
      message: "axiom is not on PATH",
      hint: `npm install -g ${dirname(dirname(CLI))} (this install), or from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp)`,
    });
    expect(bare.stdout).not.toContain("@codai/axiom-mcp");
    await put(".github/hooks/axiom-gate.json", "{");
    const text = await runCliTty(["doctor", "--root", root], { cwd: root, env: { HOME: home } });
    expect(text.code).toBe(1);
    expect(text.plain).toMatch(/\nFAIL hook\.copilot: [^\n]+\n {5}fix: [^\n]+\n/);
    expect(text.plain.startsWith(`OK   root: ${root}\n`)).toBe(true);
  });

  it("`axiom doctor extra` / `--bogus` → usage error, exit 2", async () => {
    expect((await runCli(["doctor", "extra"])).code).toBe(2);
    expect((await runCli(["doctor", "--bogus"])).code).toBe(2);
  });
});

describe("doctor checks (§4.2), in-process with injected bin locator and probe", () => {
  it("bin: version differs → warn with an install hint that works (never a registry name); version unknown → warn", async () => {
    const { root, home } = await fixture();
    const r = await doctor(root, home, { readVersion: async () => "1.9.0" });
    expect(check(r, "bin")).toMatchObject({
      status: "warn",
      message: `/usr/local/bin/axiom is 1.9.0, this CLI is ${VERSION}`,
      hint: "from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp)",
    });
    expect(check(await doctor(root, home, { readVersion: async () => undefined }), "bin")?.status).toBe("warn");
  });

  it("68. `.claude/settings.json` with comments and trailing commas and a valid hook → `hook.claude` ok", async () => {
    const { root, home, put } = await fixture();
    await put(
      ".claude/settings.json",
      '\uFEFF{\n  // hooks\n  "hooks": { "PreToolUse": [ { "matcher": "Write", "hooks": [ { "type": "command", "command": "axiom gate --stdin --harness claude", }, ], }, ], },\n}\n',
    );
    expect(check(await doctor(root, home), "hook.claude")).toEqual({
      id: "hook.claude",
      status: "ok",
      message: "PreToolUse runs axiom gate --stdin --harness claude",
    });
  });

  it("69. `.claude/settings.json` hook command `npx @codai/axiom-mcp gate --stdin` → `hook.claude` warn", async () => {
    const { root, home, put } = await fixture();
    await put(
      ".claude/settings.json",
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "npx @codai/axiom-mcp gate --stdin" }] }] },
      }),
    );
    const c = check(await doctor(root, home), "hook.claude");
    expect(c?.status).toBe("warn");
    expect(c?.message).toContain("through npx");
    expect(c?.hint).toBe("axiom init --harness claude --force (rewrites the hook for this machine)");
  });

  it("hook.copilot: an entry with exec/args → ok; with npx → warn; `bash` text form → ok", async () => {
    const { root, home, put } = await fixture();
    await put(
      ".github/hooks/axiom-gate.json",
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: "command", exec: "npx", args: ["axiom", "gate", "--stdin"] }] },
      }),
    );
    expect(check(await doctor(root, home), "hook.copilot")).toMatchObject({
      status: "warn",
      hint: "axiom init --harness copilot --force (rewrites the hook for this machine)",
    });
    await put(
      ".github/hooks/axiom-gate.json",
      JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", bash: "axiom gate --stdin --harness copilot", powershell: "axiom gate --stdin" },
          ],
        },
      }),
    );
    expect(check(await doctor(root, home), "hook.copilot")?.status).toBe("ok");
  });

  it("70. `.github/hooks/axiom-gate.json` containing `{` → `hook.copilot` fail, not ok", async () => {
    const { root, home, put } = await fixture();
    await put(".github/hooks/axiom-gate.json", "{");
    const r = await doctor(root, home);
    expect(check(r, "hook.copilot")?.status).toBe("fail");
    expect(r.ok).toBe(false);
  });

  it("71. Neither hook file → `hook` warn", async () => {
    const { root, home } = await fixture();
    expect(check(await doctor(root, home), "hook")).toEqual({
      id: "hook",
      status: "warn",
      message: "no PreToolUse hook config found",
      hint: "axiom init",
    });
  });

  it("72/75. elicitation checks are emitted after the hook checks and before the mcp checks; fail makes doctor not ok, warn does not", async () => {
    const { root, home, put } = await fixture();
    await put(".vscode/settings.json", '{"chat.tools.global.autoApprove": true}');
    await put(".vscode/mcp.json", JSON.stringify({ servers: { axiom: { command: "axiom", args: ["mcp"] } } }));
    let r = await doctor(root, home);
    expect(r.checks.map((c) => c.id).slice(0, 5)).toEqual([
      "root",
      "bin",
      "hook",
      "elicitation.autoApprove",
      "mcp.vscode",
    ]);
    expect(r.ok).toBe(true);
    await put(
      ".claude/settings.local.json",
      JSON.stringify({ hooks: { Elicitation: [{ hooks: [{ type: "command", command: "x" }] }] } }),
    );
    r = await doctor(root, home);
    expect(check(r, "elicitation.autoAnswer")).toMatchObject({
      status: "fail",
      message: ".claude/settings.local.json: hooks.Elicitation",
    });
    expect(r.ok).toBe(false);
    expect(r.checks.map((c) => c.id).indexOf("elicitation.autoAnswer")).toBe(
      r.checks.map((c) => c.id).indexOf("elicitation.autoApprove") - 1,
    );
  });

  it("80. `.mcp.json` without `mcpServers.axiom` → `mcp.claude` warn; `.cursor/mcp.json` with it → `mcp.cursor` ok; unparseable `.vscode/mcp.json` → warn", async () => {
    const { root, home, put } = await fixture();
    await put(".mcp.json", JSON.stringify({ mcpServers: { other: {} } }));
    await put(".cursor/mcp.json", JSON.stringify({ mcpServers: { axiom: { command: "axiom", args: ["mcp"] } } }));
    await put(".vscode/mcp.json", "{oops");
    const r = await doctor(root, home);
    expect(check(r, "mcp.claude")?.status).toBe("warn");
    expect(check(r, "mcp.cursor")).toEqual({
      id: "mcp.cursor",
      status: "ok",
      message:
        ".cursor/mcp.json mcpServers.axiom starts and lists 6 tools; the built-in default profile is in force; no --require-human",
    });
    expect(check(r, "mcp.vscode")?.status).toBe("warn");
  });

  it("81. Stale lock file (dead pid) → `lock` warn; live holder → ok", async () => {
    const { root, home, put } = await fixture();
    const dead = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ["-e", "0"], { shell: false });
      c.on("exit", () => resolve(c.pid as number));
    });
    const record = (pid: number) =>
      JSON.stringify({ pid, hostname: hostname(), startedAt: "2026-01-01T00:00:00.000Z", manifestDigest: D1 });
    await put(".axiom/lock", record(dead));
    expect(check(await doctor(root, home), "lock")).toMatchObject({
      status: "warn",
      message: `stale holder pid ${dead}`,
    });
    await put(".axiom/lock", record(process.pid));
    expect(check(await doctor(root, home), "lock")).toEqual({
      id: "lock",
      status: "ok",
      message: `held by live pid ${process.pid}`,
    });
  });

  it("82. Interrupted journal → `journal` fail with hint `axiom rollback <digest> --root <root>`", async () => {
    const { root, home, put } = await fixture();
    await put(
      `.axiom/journal/${"1".repeat(64)}.json`,
      JSON.stringify({
        manifestDigest: D1,
        phase: "committing",
        steps: [{ path: "a", op: "create", done: true }],
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 5,
      }),
    );
    const c = check(await doctor(root, home), "journal");
    expect(c).toMatchObject({ status: "fail", message: `interrupted: ${D1} (committing)` });
    expect(c?.hint?.startsWith(`axiom rollback ${D1} --root ${root}`)).toBe(true);
  });

  it("83. Tampered chain entry → `chain` fail `ERR_JOURNAL_CHAIN at #<seq> (prev-mismatch)`, naming the edited entry (CLI-O5)", async () => {
    const { root, home } = await fixture();
    for (let i = 0; i < 3; i++) await appendChainEntry(root, { manifestDigest: D1, state: "committed", files: i + 1 });
    expect(check(await doctor(root, home), "chain")?.status).toBe("ok");
    const file = join(root, ".axiom/journal/chain.jsonl");
    await writeFile(file, (await readFile(file, "utf8")).replace('"files":2', '"files":9'));
    expect(check(await doctor(root, home), "chain")).toMatchObject({
      status: "fail",
      message: "ERR_JOURNAL_CHAIN at #2 (prev-mismatch)",
    });
  });

  it('84. `.axiom/profiles/x.json` with `name: "y"` → `profile.x` fail with `ERR_INVALID_PROFILE`; no profiles dir → `profile` warn', async () => {
    const { root, home, put } = await fixture();
    expect(check(await doctor(root, home), "profile")).toMatchObject({ status: "warn", hint: "axiom init" });
    await put(
      ".axiom/profiles/x.json",
      JSON.stringify({ apiVersion: "axiom.dev/v2", kind: "Profile", name: "y", checks: [] }),
    );
    await put(
      ".axiom/profiles/a.json",
      JSON.stringify({ apiVersion: "axiom.dev/v2", kind: "Profile", name: "a", checks: [] }),
    );
    const r = await doctor(root, home);
    expect(r.checks.filter((c) => c.id.startsWith("profile")).map((c) => [c.id, c.status])).toEqual([
      ["profile.a", "ok"],
      ["profile.x", "fail"],
    ]);
    expect(check(r, "profile.x")?.message.startsWith("ERR_INVALID_PROFILE")).toBe(true);
  });

  it("85. Invalid `.axiom/gate-profile.json` → `gate.profile` fail", async () => {
    const { root, home, put } = await fixture();
    await put(".axiom/gate-profile.json", JSON.stringify({ deny: [""], bogus: true }));
    const c = check(await doctor(root, home), "gate.profile");
    expect(c?.status).toBe("fail");
    expect(c?.message).toContain("the gate denies every write (fail-closed)");
  });

  it("86. `.gitignore` containing `/.axiom/` → `gitignore` ok; containing `.axiom-old` → warn", async () => {
    const { root, home, put } = await fixture();
    // Trailing spaces are dropped as git drops them; leading ones are part of the pattern (CLI-R3).
    await put(".gitignore", "node_modules\n/.axiom/ \n");
    expect(check(await doctor(root, home), "gitignore")?.status).toBe("ok");
    await put(".gitignore", ".axiom-old\n");
    expect(check(await doctor(root, home), "gitignore")?.status).toBe("warn");
  });

  it("87. Injected probe 4500 ms → `gate.latency` fail; 100 ms exit 2 on every run → warn; spawn error → fail; 100 ms exit 0 → ok", async () => {
    expect((await latencyCheck("/r", async () => ({ ms: 4500, exitCode: 0 }))).status).toBe("fail");
    expect(await latencyCheck("/r", async () => ({ ms: 100, exitCode: 2 }))).toMatchObject({
      status: "warn",
      hint: "check .axiom/gate-profile.json deny/allow globs",
    });
    expect((await latencyCheck("/r", () => Promise.reject(new Error("ENOENT")))).status).toBe("fail");
    expect(await latencyCheck("/r", async () => ({ ms: 100, exitCode: 0 }))).toEqual({
      id: "gate.latency",
      status: "ok",
      message: "gate --stdin p95 100 ms over 5 runs (hook timeout 5000 ms)",
    });
    expect((await latencyCheck("/r", undefined)).status).toBe("warn");
    // p95 of 5 samples is the slowest one.
    let i = 0;
    const ms = [10, 20, 4100, 30, 40];
    expect((await latencyCheck("/r", async () => ({ ms: ms[i++] as number, exitCode: 0 }))).status).toBe("fail");
  });

  it("88. text form: `<STATUS padded to 4> <id>: <message>` and `     fix: <hint>` for non-ok checks", async () => {
    const { root, home, put } = await fixture();
    await put(".github/hooks/axiom-gate.json", "{");
    const text = formatDoctorText(await doctor(root, home));
    expect(text).toMatch(/^OK {3}root: /);
    expect(text).toMatch(/\nFAIL hook\.copilot: .+\n {5}fix: .+\n/);
    expect(text).toMatch(/\nWARN profile: .+\n {5}fix: axiom init\n/);
  });
});

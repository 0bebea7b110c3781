// threats.md tests owned by packages/checks: T06.10, T13.1–T13.2, T19 (except T19.4, MCP task
// cancel), T20 (except T20.4, the gate), T25.2. Titles start with the threat id.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { loadProfile, resolveGuardCommand, runChecks, runGuardProcess, spawnOptions } from "../src/index";
import { guardCheck, guardRoot, readPids, runGuards, waitDead } from "./guard-helpers";
import { ids, makeBundle, tempRoot } from "./helpers";

const posix = process.platform !== "win32";

describe("T06/T13 protected paths (default profile)", () => {
  it("T06.10 default profile: overwrite an existing .Claude/Settings.json → finding repo.noOverwriteOf (check harnessConfig.noOverwriteOf, nocase: true); create .Claude/settings.json → finding path.deny", async () => {
    const root = await tempRoot({ ".Claude/Settings.json": "{}" });
    const profile = await loadProfile("default");
    const over = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: ".Claude/Settings.json", op: "overwrite", content: "{}" }] }),
      profile,
      root,
    });
    expect(ids(over)).toContain("repo.noOverwriteOf");
    expect(over.verdict).toBe("fail");
    const create = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: ".Claude/settings.json", content: "{}" }] }),
      profile,
      root,
    });
    expect(ids(create)).toEqual(["path.deny"]);
    expect(create.verdict).toBe("fail");
  });

  it("T13.1 default profile: overwriting an existing .claude/settings.json → verdict fail with finding repo.noOverwriteOf (apply maps it to ERR_CHECKS_FAILED)", async () => {
    const root = await tempRoot({ ".claude/settings.json": "{}" });
    const report = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: ".claude/settings.json", op: "overwrite", content: '{"hooks":{}}' }] }),
      profile: await loadProfile("default"),
      root,
    });
    expect(ids(report)).toContain("repo.noOverwriteOf");
    expect(report.verdict).toBe("fail");
  });

  it("T13.2 table-driven creates of absent protected files → path.deny; overwrites of each when present → repo.noOverwriteOf", async () => {
    const paths = [
      ".vscode/settings.json",
      ".claude/settings.local.json",
      ".vscode/mcp.json",
      ".mcp.json",
      ".cursor/rules/x.md",
      ".github/hooks/x.json",
    ];
    const profile = await loadProfile("default");
    const empty = await tempRoot();
    const present = await tempRoot(Object.fromEntries(paths.map((p) => [p, "{}"])));
    for (const path of paths) {
      const create = await runChecks({
        bundle: makeBundle({ artifacts: [{ path, content: "{}" }] }),
        profile,
        root: empty,
      });
      expect(ids(create), path).toEqual(["path.deny"]);
      const over = await runChecks({
        bundle: makeBundle({ artifacts: [{ path, op: "overwrite", content: "{}" }] }),
        profile,
        root: present,
      });
      expect(ids(over), path).toContain("repo.noOverwriteOf");
      expect(over.verdict).toBe("fail");
    }
  });
});

describe("T19 guards", () => {
  it("T19.1 guard scripts/hang.mjs (sleeps 600 s), timeoutMs:500 → finding ERR_GUARD_TIMEOUT; the check returns within 2.5 s; the pid is gone", async () => {
    const root = await guardRoot();
    const t0 = performance.now();
    const report = await runGuards(root, [guardCheck({ command: "scripts/hang.mjs", timeoutMs: 500 })]);
    expect(performance.now() - t0).toBeLessThan(2500);
    expect(report.findings[0]?.facts.code).toBe("ERR_GUARD_TIMEOUT");
    const run = await runGuardProcess({
      file: process.execPath,
      args: [join(root, "scripts", "hang.mjs")],
      cwd: root,
      env: {},
      stdin: undefined,
      timeoutMs: 500,
      signal: undefined,
    });
    expect(run.kind === "done" && run.outcome).toBe("timeout");
    if (run.kind === "done") expect(await waitDead(run.pid)).toBe(true);
  });

  it.skipIf(!posix)(
    "T19.2 (posix) a guard that spawns sleep 600 in its group and then hangs → after the timeout both pids are gone",
    async () => {
      const root = await guardRoot();
      const pidFile = join(root, "pids.txt");
      const report = await runGuards(root, [
        guardCheck({ command: "hang.mjs", args: [pidFile, "grandchild"], timeoutMs: 1500 }),
      ]);
      expect(report.findings[0]?.facts.code).toBe("ERR_GUARD_TIMEOUT");
      const [guardPid, sleepPid] = await readPids(pidFile);
      expect(await waitDead(guardPid as number)).toBe(true);
      expect(await waitDead(sleepPid as number)).toBe(true);
    },
  );

  it.skipIf(!posix)(
    "T19.3 (posix) a guard whose descendant calls setsid and keeps stdout open → the check returns within timeoutMs + 2 s",
    async () => {
      const root = await guardRoot();
      const pidFile = join(root, "escaped.txt");
      const t0 = performance.now();
      const report = await runGuards(root, [guardCheck({ command: "escape.mjs", args: [pidFile], timeoutMs: 1000 })]);
      const elapsed = performance.now() - t0;
      const [escaped] = await readPids(pidFile);
      try {
        expect(report.findings[0]?.facts.code).toBe("ERR_GUARD_TIMEOUT");
        expect(elapsed).toBeLessThan(1000 + 2000 + 750);
      } finally {
        // The escaped descendant is outside every group AXIOM can kill (threats.md R5): end it by pid.
        try {
          process.kill(escaped as number, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  );

  it("T19.5 a guard writing 9 MiB to stdout and then exiting → ERR_GUARD_OUTPUT; the group is gone", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [guardCheck({ command: "flood.mjs", timeoutMs: 20_000 })]);
    expect(report.findings[0]?.facts).toMatchObject({ code: "ERR_GUARD_OUTPUT", command: "flood.mjs" });
    const evidence = report.findings[0]?.facts.evidence as { stdout: string };
    expect(evidence.stdout.length).toBe(2048);
    const run = await runGuardProcess({
      file: process.execPath,
      args: [join(root, "scripts", "flood.mjs")],
      cwd: root,
      env: {},
      stdin: undefined,
      timeoutMs: 20_000,
      signal: undefined,
    });
    expect(run.kind === "done" && run.stdout.length).toBe(8 * 1024 * 1024);
    if (run.kind === "done") expect(await waitDead(run.pid)).toBe(true);
  });

  it("T19.6 guard.external without --allow-guards → ERR_FACT_DISABLED, verdict error; with the flag but allowGuards:false → ERR_FACT_DISABLED", async () => {
    const root = await guardRoot();
    const check = guardCheck({ command: "echo.mjs", args: ['{"ok":true}'] });
    const noFlag = await runGuards(root, [check], { allowGuards: false });
    expect(noFlag.findings[0]?.facts.code).toBe("ERR_FACT_DISABLED");
    expect(noFlag.verdict).toBe("error");
    const noProfile = await runGuards(root, [check], { profileAllows: false });
    expect(noProfile.findings[0]?.facts.code).toBe("ERR_FACT_DISABLED");
  });

  it("T19.7 command ../evil.mjs → ERR_PREDICATE_PARAMS; scripts/x.sh → ERR_PREDICATE_PARAMS; an absolute path not in --guard-allowlist → ERR_PREDICATE_PARAMS", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [
      guardCheck({ command: "../evil.mjs" }, { id: "a" }),
      guardCheck({ command: "scripts/x.sh" }, { id: "b" }),
      guardCheck({ command: join(root, "scripts", "echo.mjs") }, { id: "c" }),
    ]);
    expect(report.findings.map((f) => [f.id, f.facts.code])).toEqual([
      ["a", "ERR_PREDICATE_PARAMS"],
      ["b", "ERR_PREDICATE_PARAMS"],
      ["c", "ERR_PREDICATE_PARAMS"],
    ]);
  });

  it('T19.8 the guard dumps its env → only whitelisted names, params.env, AXIOM_MANIFEST_DIGEST, AXIOM_ROOT and NODE_OPTIONS=""; no AXIOM_HTTP_TOKEN', async () => {
    const root = await guardRoot();
    process.env.AXIOM_HTTP_TOKEN = "0123456789abcdef-token";
    try {
      const report = await runGuards(root, [guardCheck({ command: "env.mjs" })]);
      const env = report.findings[0]?.facts.env as Record<string, string>;
      expect(env.AXIOM_HTTP_TOKEN).toBeUndefined();
      expect(env.NODE_OPTIONS).toBe("");
      expect(
        Object.keys(env).every((k) =>
          /^(PATH|HOME|USERPROFILE|SYSTEMROOT|SYSTEMDRIVE|PATHEXT|COMSPEC|TEMP|TMP|TMPDIR|LANG|LC_ALL|AXIOM_MANIFEST_DIGEST|AXIOM_ROOT|NODE_OPTIONS)$/i.test(
            k,
          ),
        ),
      ).toBe(true);
    } finally {
      delete process.env.AXIOM_HTTP_TOKEN;
    }
  });

  it.skipIf(posix)(
    "T19.9 (win32) a guard with a child process, timeout → both pids are gone (taskkill /T /F)",
    async () => {
      const root = await guardRoot();
      const pidFile = join(root, "pids.txt");
      await runGuards(root, [guardCheck({ command: "hang.mjs", args: [pidFile], timeoutMs: 1500 })]);
      const [guardPid] = await readPids(pidFile);
      expect(await waitDead(guardPid as number)).toBe(true);
    },
  );

  it("T19.10 the spawn snapshot shows an argv array, shell:false, windowsHide:true", async () => {
    const root = await guardRoot();
    const resolved = await resolveGuardCommand("echo.mjs", ["a b", "$(x)"], { root, allowlist: [] });
    expect(resolved).toEqual({ file: process.execPath, args: [join(root, "scripts", "echo.mjs"), "a b", "$(x)"] });
    const opts = spawnOptions(root, {});
    expect(opts).toMatchObject({ shell: false, windowsHide: true, stdio: ["pipe", "pipe", "pipe"], detached: posix });
  });
});

describe("T20 malicious content", () => {
  const secrets = async (
    artifacts: Parameters<typeof makeBundle>[0]["artifacts"],
    params: Record<string, boolean> = {},
  ) =>
    runChecks({
      bundle: makeBundle({ artifacts }),
      profile: {
        ...(await loadProfile("permissive")),
        checks: [{ id: "content.noSecrets", predicate: "content.noSecrets", params, severity: "error" }],
      },
    });

  it("T20.1 an artifact containing AKIA + 16 uppercase alphanumerics → finding content.noSecrets.awsKey, verdict fail (default profile)", async () => {
    const report = await runChecks({
      bundle: makeBundle({ artifacts: [{ path: "src/aws.ts", content: 'const k = "AKIAIOSFODNN7EXAMPLE";' }] }),
      profile: await loadProfile("default"),
    });
    expect(ids(report)).toEqual(["content.noSecrets.awsKey"]);
    expect(report.verdict).toBe("fail");
  });

  it("T20.2 the T20.1 finding's message and facts do not contain the key string", async () => {
    const key = "AKIAIOSFODNN7EXAMPLE";
    const report = await secrets([{ path: "src/aws.ts", content: `const k = "${key}";` }]);
    const f = report.findings[0];
    expect(f?.id).toBe("content.noSecrets.awsKey");
    expect(f?.message).not.toContain(key);
    expect(JSON.stringify(f?.facts)).not.toContain(key);
  });

  it("T20.3 a base64 artifact whose bytes contain -----BEGIN RSA PRIVATE KEY----- → finding content.noSecrets.privateKey", async () => {
    const bytes = new Uint8Array([
      0,
      1,
      2,
      ...new TextEncoder().encode("\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n"),
      0,
    ]);
    const bundle = makeBundle({ artifacts: [{ path: "key.bin", content: bytes }] });
    expect(Object.values(bundle.blobs)[0]?.encoding).toBe("base64");
    const report = await secrets([{ path: "key.bin", content: bytes }]);
    expect(ids(report)).toEqual(["content.noSecrets.privateKey"]);
  });

  it('T20.5 password = "changeme123" → no finding', async () => {
    expect((await secrets([{ path: "a.py", content: 'password = "changeme123"' }])).findings).toEqual([]);
  });

  it("T20.6 an artifact containing dev@company.io → no finding; with pii:true → content.noSecrets.email", async () => {
    expect((await secrets([{ path: "a.md", content: "mail dev@company.io" }])).findings).toEqual([]);
    expect(ids(await secrets([{ path: "a.md", content: "mail dev@company.io" }], { pii: true }))).toEqual([
      "content.noSecrets.email",
    ]);
  });
});

describe("T25 injection", () => {
  it('T25.2 a guard with args:["$(touch /t/out/pwn)"] → the argument is passed literally; /t/out/pwn absent', async () => {
    const root = await guardRoot();
    const out = await tempRoot();
    const arg = `$(touch ${join(out, "pwn")})`;
    const report = await runGuards(root, [guardCheck({ command: "args.mjs", args: [arg, "; touch x", "`id`"] })]);
    expect(report.findings[0]?.facts.args).toEqual([arg, "; touch x", "`id`"]);
    expect(existsSync(join(out, "pwn"))).toBe(false);
    expect(existsSync(join(root, "x"))).toBe(false);
  });
});

// checks.md §7 acceptance lines 90–109: guard.external with real guard processes.
import { chmod, symlink } from "node:fs/promises";
import { join } from "node:path";
import { canonicalBytes, sha256Hex } from "@codai/axiom-canon";
import { afterEach, describe, expect, it } from "vitest";
import { guardPoolSize, runChecks } from "../src/index";
import { guardCheck, guardRoot, isAlive, readPids, runGuards, smallBundle, waitDead } from "./guard-helpers";
import { profileOf, tempRoot, writeTree } from "./helpers";

const echo = (out: string, extra: Record<string, unknown> = {}) =>
  guardCheck({ command: "echo.mjs", args: [out], ...extra });

describe("enabling (§7.1)", () => {
  it("90. guard.external in a profile without allowGuards → ERR_FACT_DISABLED, guard provider error, verdict error", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [echo('{"ok":true}')], { profileAllows: false });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      id: "guard",
      predicate: "guard.external",
      facts: { code: "ERR_FACT_DISABLED", __provider: true },
    });
    expect(report.providers[3]).toEqual({ name: "guard", status: "error", ms: 0 });
    expect(report.verdict).toBe("error");
  });

  it("91. Profile with allowGuards: true, process without --allow-guards → ERR_FACT_DISABLED with facts.command", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [echo('{"ok":true}')], { allowGuards: false });
    expect(report.findings[0]).toMatchObject({
      id: "guard",
      facts: { code: "ERR_FACT_DISABLED", command: "echo.mjs" },
    });
    expect(report.findings[0]?.message).toMatch(/allowGuards.*--allow-guards/);
    expect(report.providers[3]?.status).toBe("error");
    // Root-less: the same.
    const rootless = await runChecks({
      bundle: smallBundle(),
      profile: profileOf([echo("x")], { facts: { allowRepo: true, allowGuards: true } }),
      allowGuards: true,
    });
    expect(rootless.findings[0]?.facts.code).toBe("ERR_FACT_DISABLED");
  });
});

describe("command resolution (§7.3)", () => {
  it("92. Guard command scripts/../x.mjs → ERR_PREDICATE_PARAMS; scripts/lint.sh (relative, non-node) → ERR_PREDICATE_PARAMS; lint.mjs resolves to <root>/scripts/lint.mjs", async () => {
    const root = await guardRoot();
    await writeTree(root, "scripts/lint.sh", "#!/bin/sh\necho '{\"ok\":true}'\n");
    await writeTree(
      root,
      "scripts/lint.mjs",
      'process.stdout.write(JSON.stringify({ok:false,findings:[{id:"lint",message:process.cwd()}]}))',
    );
    await writeTree(root, "x.mjs", "");
    const report = await runGuards(root, [
      guardCheck({ command: "scripts/../x.mjs" }, { id: "a" }),
      guardCheck({ command: "scripts/lint.sh" }, { id: "b" }),
      guardCheck({ command: "lint.mjs" }, { id: "c" }),
      guardCheck({ command: "scripts/lint.mjs" }, { id: "d" }),
    ]);
    const byId = (id: string) => report.findings.filter((f) => f.id === id);
    expect(byId("a")[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", command: "scripts/../x.mjs" });
    expect(byId("b")[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", command: "scripts/lint.sh" });
    expect(byId("lint").map((f) => f.message)).toEqual([root, root]);
  });

  it("93. Relative guard that is a symlink to a file outside <root>/scripts → ERR_PREDICATE_PARAMS", async () => {
    const root = await guardRoot();
    const outside = await tempRoot({ "evil.mjs": 'process.stdout.write("{\\"ok\\":true}")' });
    await symlink(join(outside, "evil.mjs"), join(root, "scripts", "evil.mjs"));
    const report = await runGuards(root, [guardCheck({ command: "evil.mjs" })]);
    expect(report.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", command: "evil.mjs" });
  });

  it("94. Absolute guard not in --guard-allowlist → ERR_PREDICATE_PARAMS; in the allowlist → runs", async () => {
    const root = await guardRoot();
    const abs = join(root, "scripts", "echo.mjs");
    const check = guardCheck({ command: abs, args: ['{"ok":false}'] });
    const refused = await runGuards(root, [check]);
    expect(refused.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", command: abs });
    const missing = await runGuards(root, [guardCheck({ command: join(root, "nope.mjs") })], {
      guardAllowlist: [join(root, "nope.mjs")],
    });
    expect(missing.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
    const allowed = await runGuards(root, [check], { guardAllowlist: [`${abs}/`] });
    expect(allowed.findings.map((f) => [f.id, f.facts.code])).toEqual([["guard.external", undefined]]);
    expect(allowed.verdict).toBe("fail");
  });

  it("106. Guard command absolute path to a non-executable allowlisted file → spawn failure → ERR_GUARD_OUTPUT with facts.command and no evidence", async () => {
    const root = await guardRoot();
    const file = join(root, "tool.bin");
    await writeTree(root, "tool.bin", "not a program");
    await chmod(file, 0o644);
    const report = await runGuards(root, [guardCheck({ command: file })], { guardAllowlist: [file] });
    expect(report.findings[0]?.facts).toEqual({ command: file, code: "ERR_GUARD_OUTPUT", __provider: true });
    expect(report.verdict).toBe("error");
  });

  it("107. timeoutMs: 900001 → ERR_PREDICATE_PARAMS; 900000 → valid", async () => {
    const root = await guardRoot();
    const bad = await runGuards(root, [echo('{"ok":true}', { timeoutMs: 900001 })]);
    expect(bad.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
    expect(bad.providers[3]?.status).toBe("error");
    const ok = await runGuards(root, [echo('{"ok":true}', { timeoutMs: 900000 })]);
    expect(ok.findings).toEqual([]);
    expect(ok.providers[3]?.status).toBe("ok");
  });

  it('109. cwd: "staging" with no staging dir (as in CLI check) → ERR_PREDICATE_PARAMS; with a staging dir the guard runs there', async () => {
    const root = await guardRoot();
    const check = guardCheck({ command: "stdin.mjs", cwd: "staging", stdin: "none" });
    const report = await runGuards(root, [check]);
    expect(report.findings[0]?.facts.code).toBe("ERR_PREDICATE_PARAMS");
    const staging = await tempRoot();
    const staged = await runGuards(root, [check], { stagingDir: staging });
    expect(staged.findings[0]?.facts.cwd).toBe(staging);
  });
});

describe("process contract (§7.4)", () => {
  afterEach(() => {
    delete process.env.SECRET_TOKEN;
  });

  it("95. Guard sees only whitelisted env vars plus AXIOM_MANIFEST_DIGEST, AXIOM_ROOT, empty NODE_OPTIONS (a parent SECRET_TOKEN is absent)", async () => {
    const root = await guardRoot();
    process.env.SECRET_TOKEN = "hunter2-secret";
    const report = await runGuards(root, [guardCheck({ command: "env.mjs", env: { EXTRA: "1" } })]);
    const env = report.findings[0]?.facts.env as Record<string, string>;
    expect(env.SECRET_TOKEN).toBeUndefined();
    expect(env.AXIOM_MANIFEST_DIGEST).toBe(smallBundle().manifestDigest);
    expect(env.AXIOM_ROOT).toBe(root);
    expect(env.NODE_OPTIONS).toBe("");
    expect(env.EXTRA).toBe("1");
    const allowed = new Set([
      "PATH",
      "HOME",
      "USERPROFILE",
      "SYSTEMROOT",
      "SYSTEMDRIVE",
      "PATHEXT",
      "COMSPEC",
      "TEMP",
      "TMP",
      "TMPDIR",
      "LANG",
      "LC_ALL",
    ]);
    const extra = Object.keys(env).filter(
      (k) =>
        !allowed.has(k.toUpperCase()) && !["AXIOM_MANIFEST_DIGEST", "AXIOM_ROOT", "NODE_OPTIONS", "EXTRA"].includes(k),
    );
    // Node itself may add nothing; the loader of the child sets no variables we did not pass.
    expect(extra).toEqual([]);
  });

  it('96. Guard with stdin: "bundle" receives bytes equal to JCS(bundle); stdin: "none" gets EOF immediately', async () => {
    const root = await guardRoot();
    const bundle = smallBundle();
    const report = await runGuards(
      root,
      [
        guardCheck({ command: "stdin.mjs" }, { id: "b" }),
        guardCheck({ command: "stdin.mjs", stdin: "manifest" }, { id: "m" }),
        guardCheck({ command: "stdin.mjs", stdin: "none", timeoutMs: 5000 }, { id: "n" }),
      ],
      { bundle },
    );
    const facts = report.findings.map((f) => f.facts);
    expect(facts[0]).toMatchObject({ sha256: sha256Hex(canonicalBytes(bundle)) });
    expect(facts[1]).toMatchObject({ sha256: sha256Hex(canonicalBytes(bundle.manifest)) });
    expect(facts[2]).toMatchObject({ length: 0 });
  });
});

describe("output parsing and mapping (§7.5–§7.7)", () => {
  it('97. Guard printing {"ok":true} and exiting 1 → no findings, verdict pass', async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [guardCheck({ command: "echo.mjs", args: ['{"ok":true}', "1"] })]);
    expect(report.findings).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.providers[3]?.status).toBe("ok");
  });

  it('98. Guard printing hello and exiting 0 → ERR_GUARD_OUTPUT with facts.evidence.stdout: "hello"', async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [echo("hello")]);
    expect(report.findings[0]?.facts).toMatchObject({
      code: "ERR_GUARD_OUTPUT",
      command: "echo.mjs",
      evidence: { exitCode: 0, stdout: "hello", stderr: "" },
    });
    expect(report.verdict).toBe("error");
    expect(report.providers[3]?.status).toBe("error");
  });

  it('99. Guard printing {"ok":true,"extra":1} → ERR_GUARD_OUTPUT (strict)', async () => {
    const root = await guardRoot();
    const coded = JSON.stringify({
      ok: false,
      findings: [{ id: "ERR_INTERNAL", message: "a finding id is never a code" }],
    });
    const report = await runGuards(root, [
      echo('{"ok":true,"extra":1}'),
      { ...echo("[1]"), id: "arr" },
      { ...echo(coded), id: "coded" },
    ]);
    expect(report.findings.map((f) => f.facts.code)).toEqual([
      "ERR_GUARD_OUTPUT",
      "ERR_GUARD_OUTPUT",
      "ERR_GUARD_OUTPUT",
    ]);
  });

  it('100. Guard printing {"ok":false} → one finding guard.external at CheckRef severity, verdict fail', async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [
      echo('{"ok":false}', {}),
      { ...echo('{"ok":false}'), id: "w", severity: "warn" },
    ]);
    expect(report.findings.map((f) => [f.id, f.severity, f.message])).toEqual([
      ["guard.external", "error", "guard reported ok:false without findings: echo.mjs"],
      ["guard.external", "warn", "guard reported ok:false without findings: echo.mjs"],
    ]);
    expect(report.findings[0]?.facts.evidence).toMatchObject({ exitCode: 0, stdout: '{"ok":false}' });
    expect(report.verdict).toBe("fail");
  });

  it('101. Guard finding with severity: "warn" under an error CheckRef → warn; with severity: "error" under a warn CheckRef → warn; unmarked finding with ok: true under an error CheckRef → error', async () => {
    const root = await guardRoot();
    const out = (severity?: string) =>
      JSON.stringify({ ok: true, findings: [{ id: "g", message: "m", ...(severity ? { severity } : {}) }] });
    const report = await runGuards(root, [
      { ...echo(out("warn")), id: "a" },
      { ...echo(out("error")), id: "b", severity: "warn" },
      { ...echo(out()), id: "c" },
      { ...echo(out("info")), id: "d", severity: "warn" },
    ]);
    expect(report.findings.map((f) => f.severity).sort()).toEqual(["error", "info", "warn", "warn"]);
    expect(report.verdict).toBe("fail");
  });

  it('102. Guard finding with path: "../x" → no path, facts.rawPath: "../x"', async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [
      echo(
        JSON.stringify({
          ok: false,
          findings: [
            { id: "g", message: "m", path: "../x" },
            { id: "h", message: "m", path: "src/a.ts", facts: { line: 3 } },
          ],
        }),
      ),
    ]);
    expect(report.findings[0]?.path).toBeUndefined();
    expect(report.findings[0]?.facts.rawPath).toBe("../x");
    expect(report.findings[1]).toMatchObject({
      id: "h",
      path: "src/a.ts",
      predicate: "guard.external",
      facts: { line: 3, command: "echo.mjs" },
    });
  });

  it("103. Guard finding carrying facts.__provider: true → key dropped; the finding is not a provider failure", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [
      echo(
        JSON.stringify({
          ok: false,
          findings: [{ id: "g", message: "m", facts: { __provider: true, code: "ERR_INTERNAL" } }],
        }),
      ),
    ]);
    expect(report.findings[0]?.facts.__provider).toBeUndefined();
    expect(report.verdict).toBe("fail");
    expect(report.providers[3]?.status).toBe("ok");
  });

  it('104. legacyText: true, stdout "OK a\\nFAIL b: broke" → one finding {id: "b", message: "broke"}; stdout without OK/FAIL lines → ERR_GUARD_OUTPUT', async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [echo("OK a\nFAIL b: broke\n", { legacyText: true })]);
    expect(report.findings.map((f) => [f.id, f.message, f.severity])).toEqual([["b", "broke", "error"]]);
    const plain = await runGuards(root, [echo("FAIL b: broke", {})]);
    expect(plain.findings[0]?.facts.code).toBe("ERR_GUARD_OUTPUT");
    const none = await runGuards(root, [echo("all good\n", { legacyText: true })]);
    expect(none.findings[0]?.facts.code).toBe("ERR_GUARD_OUTPUT");
    const okOnly = await runGuards(root, [echo("OK a\nOK b\n", { legacyText: true })]);
    expect(okOnly.findings).toEqual([]);
  });
});

describe("timeouts, cancel, pool (§7.7–§7.9)", () => {
  it("105. Guard sleeping beyond timeoutMs: 200 → ERR_GUARD_TIMEOUT with timeoutMs and evidence; a grandchild it spawned is dead afterwards (POSIX)", async () => {
    const root = await guardRoot();
    const quick = await runGuards(root, [
      guardCheck({ command: "hang.mjs", args: [join(root, "quick.txt"), "grandchild"], timeoutMs: 200 }),
    ]);
    expect(quick.findings[0]?.facts).toMatchObject({
      code: "ERR_GUARD_TIMEOUT",
      timeoutMs: 200,
      command: "hang.mjs",
      evidence: { exitCode: null },
    });
    // 200 ms may end the guard before node has even started it; a longer budget lets the guard
    // spawn its grandchild first, so the group kill is really exercised.
    const pidFile = join(root, "pids.txt");
    const report = await runGuards(root, [
      guardCheck({ command: "hang.mjs", args: [pidFile, "grandchild"], timeoutMs: 1500 }),
    ]);
    expect(report.findings[0]?.facts).toMatchObject({ code: "ERR_GUARD_TIMEOUT", timeoutMs: 1500 });
    const [guardPid, grandchild] = await readPids(pidFile);
    expect(await waitDead(guardPid as number)).toBe(true);
    if (process.platform !== "win32") expect(await waitDead(grandchild as number)).toBe(true);
  });

  it("abort signal mid-run → ERR_TASK_CANCELLED with evidence and the group killed; already aborted → the finding at once, nothing spawned", async () => {
    const root = await guardRoot();
    const pidFile = join(root, "pids.txt");
    const controller = new AbortController();
    const pending = runGuards(root, [guardCheck({ command: "hang.mjs", args: [pidFile, "grandchild"] })], {
      signal: controller.signal,
    });
    const [guardPid, grandchild] = await readPids(pidFile);
    controller.abort();
    const report = await pending;
    expect(report.findings[0]?.facts).toMatchObject({ code: "ERR_TASK_CANCELLED", command: "hang.mjs" });
    expect(report.findings[0]?.facts.evidence).toBeDefined();
    expect(await waitDead(guardPid as number)).toBe(true);
    expect(await waitDead(grandchild as number)).toBe(true);
    const pre = await runGuards(root, [guardCheck({ command: "hang.mjs", args: [join(root, "never.txt")] })], {
      signal: AbortSignal.abort(),
    });
    expect(pre.findings[0]?.facts).toMatchObject({
      code: "ERR_TASK_CANCELLED",
      evidence: { exitCode: null, stdout: "", stderr: "" },
    });
    expect(await isAlive(Number.NaN)).toBe(false);
  });

  it("108. Five guard checks on a 2-CPU machine → at most 2 run concurrently; findings appear in merged-check order", async () => {
    const root = await guardRoot();
    const log = join(root, "log.txt");
    const checks = ["e", "d", "c", "b", "a"].map((id) => guardCheck({ command: "slow.mjs", args: [log, id] }, { id }));
    const report = await runGuards(root, checks, { guardConcurrency: 2 });
    const { readFile } = await import("node:fs/promises");
    const events = (await readFile(log, "utf8"))
      .trim()
      .split("\n")
      .map((l) => l.split(" "));
    let running = 0;
    let peak = 0;
    for (const [kind] of events.sort((x, y) => Number(x[2]) - Number(y[2]) || (x[0] === "end" ? -1 : 1))) {
      running += kind === "start" ? 1 : -1;
      peak = Math.max(peak, running);
    }
    expect(peak).toBeLessThanOrEqual(2);
    expect(report.findings.map((f) => f.id)).toEqual(["slow.a", "slow.b", "slow.c", "slow.d", "slow.e"]);
    expect(guardPoolSize()).toBe(Math.max(1, Math.min(4, (await import("node:os")).availableParallelism())));
  });

  it("a guard writing 100 MB to stdout → ERR_GUARD_OUTPUT with a 2 KiB evidence tail; capture stops at 8 MiB", async () => {
    const root = await guardRoot();
    const report = await runGuards(root, [guardCheck({ command: "flood.mjs", args: ["100"], timeoutMs: 60_000 })]);
    expect(report.findings[0]?.facts).toMatchObject({ code: "ERR_GUARD_OUTPUT", command: "flood.mjs" });
    const evidence = report.findings[0]?.facts.evidence as { stdout: string };
    expect(evidence.stdout).toBe("a".repeat(2048));
  });

  it("a guard that exits non-zero with garbage on stdout and stderr → ERR_GUARD_OUTPUT with exitCode and stderr tail", async () => {
    const root = await guardRoot();
    await writeTree(
      root,
      "scripts/bad.mjs",
      'process.stderr.write("x".repeat(5000) + "END"); process.stdout.write("garbage"); process.exitCode = 3;',
    );
    const report = await runGuards(root, [guardCheck({ command: "bad.mjs" })]);
    const evidence = report.findings[0]?.facts.evidence as { exitCode: number; stdout: string; stderr: string };
    expect(report.findings[0]?.facts.code).toBe("ERR_GUARD_OUTPUT");
    expect(evidence.exitCode).toBe(3);
    expect(evidence.stdout).toBe("garbage");
    expect(evidence.stderr).toHaveLength(2048);
    expect(evidence.stderr.endsWith("END")).toBe(true);
  });

  it("guard results are appended in merged-check order, after the sequential checks", async () => {
    const root = await guardRoot();
    const out = (id: string) => JSON.stringify({ ok: false, findings: [{ id: "same", message: id }] });
    const report = await runGuards(root, [
      { ...echo(out("first")), id: "g1" },
      { id: "deny", predicate: "path.deny", params: { globs: ["**"] } },
      { ...echo(out("second")), id: "g2" },
    ]);
    expect(report.findings.filter((f) => f.id === "same").map((f) => f.message)).toEqual(["first", "second"]);
  });
});

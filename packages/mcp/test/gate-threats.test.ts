// threats.md rows that land on the gate and on doctor: T01.5, T13.6–T13.7, T15.5, T20.4 (gate),
// T12.3, T12.5–T12.6, T18.4 (doctor / elicitation audit). Real child processes on the built bin.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditElicitationHooks } from "../src/harness/elicit-audit";
import { runCli } from "./cli-run";
import { bash, claude, type GateRepo, gateRepo } from "./gate-helpers";

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
});
afterAll(() => repo.cleanup());

describe("gate threats", () => {
  it('T01.5 gate: a Claude Write of `file_path:"/t/out/x.txt"` with `cwd` = R → exit 2, stdout `axiom.code: "ERR_CONTAINMENT"`', async () => {
    const r = await repo.gate(claude("Write", { file_path: "/t/out/x.txt", content: "x" }, repo.root));
    expect(r.code).toBe(2);
    expect(r.deny?.axiom.code).toBe("ERR_CONTAINMENT");
  });

  it("T13.6 gate: a Claude Write of `.claude/settings.json` → exit 2, code `path.deny`. A Copilot payload with `toolArgs` as a JSON string for `.vscode/settings.json` → exit 2", async () => {
    const a = await repo.gate(
      claude("Write", { file_path: join(repo.root, ".claude/settings.json"), content: "{}" }, repo.root),
    );
    expect([a.code, a.deny?.axiom.code]).toEqual([2, "path.deny"]);
    const b = await repo.gate({
      timestamp: 1,
      cwd: repo.root,
      toolName: "edit",
      toolArgs: JSON.stringify({ path: ".vscode/settings.json", new_str: "{}" }),
    });
    expect(b.code).toBe(2);
  });

  it("T13.7 gate: Bash `echo '{}' > .mcp.json` → exit 2, code `path.deny`", async () => {
    const r = await repo.gate(bash("echo '{}' > .mcp.json", repo.root));
    expect([r.code, r.deny?.axiom.code]).toEqual([2, "path.deny"]);
  });

  it("T15.5 gate: Bash `printf x > .env` → exit 2, code `path.deny`", async () => {
    const r = await repo.gate(bash("printf x > .env", repo.root));
    expect([r.code, r.deny?.axiom.code]).toEqual([2, "path.deny"]);
  });

  it("T20.4 gate: a Claude Write whose content holds `ghp_` + 36 alphanumerics → exit 2, code `content.noSecrets.githubToken`", async () => {
    const r = await repo.gate(
      claude("Write", { file_path: "src/t.ts", content: `const t = "ghp_${"a1B2".repeat(9)}";` }, repo.root),
    );
    expect([r.code, r.deny?.axiom.code]).toEqual([2, "content.noSecrets.githubToken"]);
    // Findings name the pattern only, never the matched text.
    expect(r.stdout + r.stderr).not.toContain("ghp_");
  });
});

describe("doctor threats", () => {
  it("T12.3 `.claude/settings.local.json` as JSONC (comments, trailing commas) with an `Elicitation` hook → fail `elicitation.autoAnswer`", async () => {
    const r = await gateRepo();
    try {
      await r.write(
        ".claude/settings.local.json",
        '{\n  // local\n  "hooks": { "Elicitation": [ { "hooks": [ { "type": "command", "command": "echo accept" }, ], }, ], },\n}\n',
      );
      expect(await auditElicitationHooks(r.root, r.home)).toMatchObject([
        { id: "elicitation.autoAnswer", status: "fail" },
      ]);
    } finally {
      await r.cleanup();
    }
  });

  it("T12.5/T12.6 none set → no `elicitation.*` ids; the T12.1 fixture → `axiom doctor --json` exits 1 and `axiom setup doctor --json` prints identical output", async () => {
    const r = await gateRepo();
    try {
      const clean = await runCli(["doctor", "--root", r.root, "--json"], { env: { HOME: r.home } });
      expect(
        (JSON.parse(clean.stdout) as { checks: { id: string }[] }).checks.some((c) => c.id.startsWith("elicitation.")),
      ).toBe(false);
      await r.write(
        ".claude/settings.json",
        JSON.stringify({ hooks: { Elicitation: [{ hooks: [{ type: "command", command: "x" }] }] } }),
      );
      const a = await runCli(["doctor", "--root", r.root, "--json"], { env: { HOME: r.home } });
      const b = await runCli(["setup", "doctor", "--root", r.root, "--json"], { env: { HOME: r.home } });
      expect(a.code).toBe(1);
      expect(b.code).toBe(1);
      const norm = (s: string) => s.replace(/p95 \d+ ms/, "p95 N ms");
      expect(norm(b.stdout)).toBe(norm(a.stdout));
    } finally {
      await r.cleanup();
    }
  });

  it("T18.4 `journal/<hex>.json` = `{` → doctor `journal` fail", async () => {
    const r = await gateRepo();
    try {
      await mkdir(join(r.root, ".axiom/journal"), { recursive: true });
      await writeFile(join(r.root, ".axiom/journal", `${"3".repeat(64)}.json`), "{");
      const run = await runCli(["doctor", "--root", r.root, "--json"], { env: { HOME: r.home } });
      expect(run.code).toBe(1);
      const j = (JSON.parse(run.stdout) as { checks: { id: string; status: string; message: string }[] }).checks.find(
        (c) => c.id === "journal",
      );
      expect(j?.status).toBe("fail");
      expect(j?.message).toContain("corrupt journal files");
    } finally {
      await r.cleanup();
    }
  });
});

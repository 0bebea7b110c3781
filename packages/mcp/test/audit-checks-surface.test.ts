// Audit of checks.md acceptance lines 89, 112–115 and 120 at the real surfaces: the MCP server and the
// CLI as child processes (packages/mcp/dist/cli.js), real temp roots, reports read from disk.

import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeBundle } from "../../apply/test/engine-helpers";
import { runCli, type TempDir, tempDir } from "./cli-run";
import { writeGuardedProfile } from "./guard-helpers";
import { errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const inlinePlan = (profile?: string) => ({
  apiVersion: "axiom.dev/v2",
  kind: "Plan",
  name: "audit",
  intent: "",
  ...(profile === undefined ? {} : { profile }),
  artifacts: [{ path: "a.txt", source: { type: "inline", content: "a\n" } }],
});

async function server(args: string[]): Promise<{ s: McpSession; dir: string }> {
  const R = await tempRoot("axiom-audit-checks-");
  cleanups.push(R.cleanup);
  const s = await startMcp("v2-legacy", ["--root", R.dir, "--tools", "full", ...args]);
  cleanups.push(() => s.close());
  return { s, dir: R.dir };
}

describe("checks.md acceptance over the MCP server (child process)", () => {
  it("89. MCP `profile` argument overrides manifest.profile; absent → manifest.profile; `permissive` not allowed → ERR_INVALID_PROFILE details.allowed; axiom_write without profile on `axiom mcp --profile strict` → report profile strict", async () => {
    const { s } = await server([]);
    const strictBundle = (await s.callTool("axiom_plan_compile", { plan: inlinePlan("strict") })).structuredContent;
    const defaultBundle = (await s.callTool("axiom_plan_compile", { plan: inlinePlan("default") })).structuredContent;
    expect((strictBundle as { manifest: { profile: string } }).manifest.profile).toBe("strict");
    // absent → manifest.profile
    const absent = await s.callTool("axiom_check", { bundle: strictBundle });
    expect(absent.isError).toBeFalsy();
    expect(absent.structuredContent).toMatchObject({ profile: "strict" });
    // argument overrides manifest.profile, both ways
    const over = await s.callTool("axiom_check", { bundle: strictBundle, profile: "default" });
    expect(over.structuredContent).toMatchObject({ profile: "default" });
    const over2 = await s.callTool("axiom_check", { bundle: defaultBundle, profile: "strict" });
    expect(over2.structuredContent).toMatchObject({ profile: "strict" });
    // outside the allowed set
    const e = errorOf(await s.callTool("axiom_check", { bundle: defaultBundle, profile: "permissive" }));
    expect(e.code).toBe("ERR_INVALID_PROFILE");
    expect(e.details).toMatchObject({ allowed: ["default", "strict"] });

    const { s: s2 } = await server(["--profile", "strict"]);
    const w = await s2.callTool("axiom_write", { files: [{ path: "a.txt", content: "x" }] });
    expect(w.isError).toBeFalsy();
    expect((w.structuredContent as { checks: { profile: string } }).checks.profile).toBe("strict");
  }, 60_000);

  it("113. Task with an unknown profile name → failed, error.code ERR_INVALID_PROFILE", async () => {
    const { s, dir } = await server([]);
    const bundle = (await s.callTool("axiom_plan_compile", { plan: inlinePlan() })).structuredContent;
    const start = await s.callTool("axiom_check_start", { bundle, profile: "nope", root: dir });
    expect(start.isError).toBeFalsy();
    const { taskId } = start.structuredContent as { taskId: string };
    let view: { status: string; error?: { code: string; details?: Record<string, unknown> } } = { status: "working" };
    for (let i = 0; i < 100 && view.status === "working"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      view = (await s.callTool("axiom_task_get", { taskId })).structuredContent as typeof view;
    }
    expect(view.status).toBe("failed");
    expect(view.error?.code).toBe("ERR_INVALID_PROFILE");
    expect(view.error?.details).toMatchObject({ profile: "nope" });
  }, 60_000);
});

describe("checks.md acceptance 112/114/115 over the MCP server with real sleeping guards", () => {
  it("112. Ninth concurrent start → ERR_EBUSY {working: 8, max: 8}; 114. cancel → cancelled ERR_TASK_CANCELLED, guard gone, second cancel same descriptor; 115. random UUID → ERR_TASK_NOT_FOUND details.taskId", async () => {
    const R = await tempRoot("axiom-audit-busy-");
    cleanups.push(R.cleanup);
    const root = R.dir;
    const pidFile = path.join(root, "pid-0.txt");
    await writeGuardedProfile(root, [pidFile]);
    const s = await startMcp("v2-legacy", ["--root", root, "--tools", "full", "--allow-guards"]);
    cleanups.push(() => s.close());
    const bundle = (await s.callTool("axiom_plan_compile", { plan: inlinePlan() })).structuredContent;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await s.callTool("axiom_check_start", { bundle, profile: "guarded" });
      expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
      ids.push((r.structuredContent as { taskId: string }).taskId);
    }
    const ninth = errorOf(await s.callTool("axiom_check_start", { bundle, profile: "guarded" }));
    expect(ninth.code).toBe("ERR_EBUSY");
    expect(ninth.details).toEqual({ working: 8, max: 8 });

    // wait for one guard to write its pid (the pool runs at most 2 at once)
    let guardPid = 0;
    for (let i = 0; i < 200 && guardPid === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      guardPid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() : 0) || 0;
    }
    expect(guardPid).toBeGreaterThan(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(guardPid)).toBe(true);
    const firsts = [];
    for (const id of ids) {
      const c = await s.callTool("axiom_task_cancel", { taskId: id });
      // checks.md §8.4 "Returns the descriptor" (§8.1: no result/error in a descriptor); the error is on task_get.
      expect(c.structuredContent).toMatchObject({ taskId: id, tool: "axiom_check", status: "cancelled" });
      firsts.push(c.structuredContent);
      const got = await s.callTool("axiom_task_get", { taskId: id });
      expect(got.structuredContent).toMatchObject({ status: "cancelled", error: { code: "ERR_TASK_CANCELLED" } });
    }
    for (let i = 0; i < 100 && alive(guardPid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(guardPid)).toBe(false);
    for (const [i, id] of ids.entries()) {
      const again = await s.callTool("axiom_task_cancel", { taskId: id });
      expect(again.structuredContent).toEqual(firsts[i]);
    }
    const uuid = randomUUID();
    const nf = errorOf(await s.callTool("axiom_task_get", { taskId: uuid }));
    expect(nf.code).toBe("ERR_TASK_NOT_FOUND");
    expect(nf.details).toMatchObject({ taskId: uuid });
  }, 60_000);
});

describe("checks.md acceptance through the CLI (child process)", () => {
  let t: TempDir;
  afterEach(() => t?.cleanup());

  it("120. Re-apply of an applied digest whose file drifted → its pre-apply report has preImage: unverified and the apply ends applied (D27)", async () => {
    t = await tempDir("axiom-audit-reapply-");
    const root = path.join(fs.realpathSync(t.dir), "R");
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, "p.txt"), "pre\n");
    const bundle = makeBundle(
      [
        { path: "p.txt", op: "overwrite", content: "post\n" },
        { path: "n.txt", content: "n\n" },
      ],
      { preImageFrom: root },
    );
    const digest = bundle.manifestDigest as string;
    const hex = digest.slice(7);
    const bundleFile = path.join(t.dir, "b.json");
    fs.writeFileSync(bundleFile, JSON.stringify(bundle));
    const reportFile = path.join(root, ".axiom", "reports", `${hex}.json`);

    const first = await runCli(["apply", bundleFile, "--root", root, "--confirm", digest]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: "applied" });
    const firstReport = JSON.parse(fs.readFileSync(reportFile, "utf8"));
    expect(firstReport.preImage).toBe("verified");
    fs.rmSync(reportFile);

    fs.writeFileSync(path.join(root, "n.txt"), "edited\n");
    const again = await runCli(["apply", bundleFile, "--root", root, "--confirm", digest]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: "applied" });
    const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
    expect(report.manifestDigest).toBe(digest);
    expect(report.preImage).toBe("unverified");
    expect(report.verdict).toBe("pass");
    expect(report.findings.some((f: { id: string }) => f.id === "manifest.preImage")).toBe(false);
    expect(fs.readFileSync(path.join(root, "n.txt"), "utf8")).toBe("n\n");
  }, 60_000);
});

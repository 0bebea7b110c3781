// Issue 8 round trip over MCP (signing.md §8.3, mcp.md §5.4): operator keygen → trust add → sign
// on the CLI, then the agent's axiom_apply over a real stdio server advances the trust state; a
// re-signed older counter is refused (ERR_CHECKS_FAILED, signature.rollback); a failed advance is
// an isError result with details {manifestDigest, status: "applied"}.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ManifestBundle } from "@codai/axiom-schema";
import { afterEach, describe, expect, it } from "vitest";
import { signedCounterBundle } from "./antirollback-helpers";
import { errorOf, type McpSession, startMcp } from "./mcp-helpers";
import { runCli, tempDir, writeJson } from "./sign-helpers";

let cleanups: (() => Promise<void>)[] = [];
let sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
  sessions = [];
});

async function setup(): Promise<{ root: string; work: string; keyFile: string }> {
  const w = await tempDir("axiom-mar-work-");
  const r = await tempDir("axiom-mar-root-");
  cleanups.push(w.cleanup, r.cleanup);
  const kg = await runCli(["keygen", "--out", "k"], { cwd: w.dir });
  await writeFile(join(w.dir, "pub.json"), kg.stdout);
  expect((await runCli(["trust", "add", "pub.json", "--root", r.dir], { cwd: w.dir })).code).toBe(0);
  return { root: r.dir, work: w.dir, keyFile: JSON.parse(kg.stdout).privateKeyFile };
}

/** Operator side: sign on the CLI, return the signed bundle the agent will submit. */
async function signed(t: { work: string; keyFile: string }, b: ManifestBundle, name: string): Promise<ManifestBundle> {
  await writeJson(join(t.work, name), b);
  const run = await runCli(["sign", name, "--key-file", t.keyFile], { cwd: t.work });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(await readFile(join(t.work, name), "utf8"));
}

async function server(root: string): Promise<McpSession> {
  const s = await startMcp("v2-legacy", ["--root", root]);
  sessions.push(s);
  return s;
}

const stateOf = async (root: string) => JSON.parse(await readFile(join(root, ".axiom/trust/state.json"), "utf8"));

describe("anti-rollback over MCP axiom_apply (issue 8)", () => {
  it("sign → axiom_apply advances the counter; a re-signed older counter is refused with signature.rollback", async () => {
    const t = await setup();
    const s = await server(t.root);
    const six = await signed(t, signedCounterBundle(6), "six.json");
    const r6 = await s.callTool("axiom_apply", { bundle: six, confirmDigest: six.manifestDigest });
    expect(r6.isError, JSON.stringify(r6).slice(0, 400)).toBeUndefined();
    expect(r6.structuredContent).toMatchObject({ status: "applied" });
    expect(await stateOf(t.root)).toMatchObject({ version: 1, lastCounter: 6, manifestDigest: six.manifestDigest });

    const four = await signed(t, signedCounterBundle(4), "four.json");
    const r4 = await s.callTool("axiom_apply", { bundle: four, confirmDigest: four.manifestDigest });
    const res = r4.structuredContent as { status: string; error: { code: string; details: { findings: string[] } } };
    expect(res.status).toBe("failed");
    expect(res.error.code).toBe("ERR_CHECKS_FAILED");
    expect(res.error.details.findings).toEqual(["signature.rollback"]);
    expect((await stateOf(t.root)).lastCounter).toBe(6);
  });

  it("a failed trust advance → isError {code, message, details: {manifestDigest, status: applied}}; files applied", async () => {
    const t = await setup();
    await mkdir(join(t.root, ".axiom/trust/state.json/x"), { recursive: true });
    const s = await server(t.root);
    const b = await signed(t, signedCounterBundle(6), "b.json");
    const r = await s.callTool("axiom_apply", { bundle: b, confirmDigest: b.manifestDigest });
    expect(errorOf(r)).toMatchObject({ details: { manifestDigest: b.manifestDigest, status: "applied" } });
    expect(await readFile(join(t.root, "c6.txt"), "utf8")).toBe("counter 6\n");
  });
});

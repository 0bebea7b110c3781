// Codex CLI 0.171.0 in exec mode (`codex exec`) against the scripted mock model (Responses API),
// in a repo wired by the built CLI's `axiom init --harness codex` (route mode, --require-human).
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { serverTools, status, without } from "./lib/axiom";
import { CODEX_MAIN_TOOL, codexEnv, codexExecArgv, codexHome } from "./lib/codex";
import { axiomAnswer, gateDeny } from "./lib/expect";
import { SEED, type WiredRepo, wiredRepo } from "./lib/repo";
import { run } from "./lib/run";
import {
  addPatch,
  EDITED_FILE,
  NEW_FILE,
  NEW_TEXT,
  previewThenConfirm,
  SCRATCH_FILE,
  SCRATCH_TEXT,
  SECRET_FILE,
  takesEdits,
  writeArgs,
} from "./lib/scenario";
import { responses } from "./mock/responses";
import { custom, type Step, tool } from "./mock/script";
import { type MockModel, startMock } from "./mock/server";

let mock: MockModel | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function serverArgsOf(repo: WiredRepo): string[] {
  const toml = readFileSync(repo.path(".codex/config.toml"), "utf8");
  const m = /^args = (\[.*\])$/m.exec(toml);
  if (m === null) throw new Error(`no args line in .codex/config.toml:\n${toml}`);
  return (JSON.parse(m[1] as string) as string[]).slice(1);
}

async function codexRun(initArgs: string[], script: (root: string, edits: boolean) => Step[], config: string[] = []) {
  const repo = await wiredRepo("codex", initArgs);
  const listed = await serverTools(repo.root, serverArgsOf(repo));
  mock = await startMock(responses, script(repo.root, takesEdits(listed)), { mainTool: CODEX_MAIN_TOOL });
  const dir = codexHome(repo.home, repo.root, mock.url);
  const out = await run(codexExecArgv("make the scripted change", config), {
    cwd: repo.root,
    env: codexEnv(repo.home, dir),
    timeoutMs: 180_000,
  });
  return { repo, mock, out, listed };
}

/**
 * Codex 0.171's measured rewrite of MCP input schemas (issue 19): it drops these keywords and gives
 * every object schema a `properties` member. Everything else must arrive as the server sent it.
 */
const CODEX_DROPS = ["$schema", "maxItems", "maxLength", "minLength", "minimum", "maximum", "propertyNames"];
function codexRewrite(schema: unknown): unknown {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== "object") return s;
    const o = Object.fromEntries(Object.entries(s as Record<string, unknown>).map(([k, v]) => [k, walk(v)]));
    if (o.type === "object" && o.properties === undefined) o.properties = {};
    return o;
  };
  return walk(without(schema, CODEX_DROPS));
}
const AXIOM_WRITE = "mcp__axiom__axiom_write";
/** Codex offers MCP tools behind its client-side tool_search, in the `mcp__axiom` namespace. */
const SEARCH = tool("tool_search", { query: "axiom write status", limit: 8 });

describe("codex exec in a repo wired by axiom init --harness codex", () => {
  it("offers AXIOM's tools unchanged but for Codex's schema rewrite, routes apply_patch, denies a protected patch, and its approval policy stops axiom_write", async () => {
    const { repo, mock, out, listed } = await codexRun([], (_root, edits) => [
      SEARCH,
      custom("apply_patch", addPatch(NEW_FILE, NEW_TEXT)),
      custom("apply_patch", addPatch(SECRET_FILE, "SECRET=1\n")),
      custom("apply_patch", addPatch(SCRATCH_FILE, SCRATCH_TEXT)),
      tool("mcp__axiom.axiom_write", writeArgs(edits)),
    ]);
    expect(mock.errors).toEqual([]);
    expect(out.code, `codex exec exited ${out.code}\n${out.stderr}\n${out.stdout}`).toBe(0);

    const offered = new Map(
      mock
        .tools()
        .filter((t) => t.namespace === "mcp__axiom")
        .map((t) => [t.name, t.schema]),
    );
    expect([...offered.keys()].sort()).toEqual(listed.map((t) => t.name).sort());
    for (const t of listed) expect(offered.get(t.name), t.name).toEqual(codexRewrite(t.inputSchema));

    const results = mock.results();
    expect(results).toHaveLength(5);
    const routed = gateDeny(results[1]);
    expect(routed.code).toBe("ERR_UNSUPPORTED_OP");
    expect(routed.message).toContain(AXIOM_WRITE);
    expect(routed.message).toContain(JSON.stringify({ files: [{ path: NEW_FILE, content: NEW_TEXT }] }));
    expect(gateDeny(results[2]).code).toBe("path.deny");
    // A benign patch of a path in the native list is allowed in route mode and applied by Codex.
    expect(results[3]?.text).not.toContain("AXIOM GATE DENY");
    expect(await repo.read(SCRATCH_FILE)).toBe(SCRATCH_TEXT);
    // init's `approval_mode = "prompt"` for axiom_write: exec (approval never) refuses the call itself.
    expect(results[4]?.text).toContain("requires approval");
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(existsSync(repo.path(SECRET_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
  });

  it("with axiom_write approved for the run, the preview comes back and exec declines the form: the coded refusal, nothing written, an empty chain", async () => {
    const { repo, mock, out } = await codexRun(
      [],
      (_root, edits) => [SEARCH, ...previewThenConfirm("mcp__axiom.axiom_write", writeArgs(edits))],
      ['mcp_servers.axiom.tools.axiom_write.approval_mode="approve"'],
    );
    expect(mock.errors).toEqual([]);
    expect(out.code, `codex exec exited ${out.code}\n${out.stderr}\n${out.stdout}`).toBe(0);
    const results = mock.results();
    expect(results).toHaveLength(3);
    expect(axiomAnswer(results[1]).status).toBe("preview");
    const refused = axiomAnswer(results[2]);
    expect(refused.code, results[2]?.text).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    // Measured on 0.171.0: exec answers the form `decline` (Claude Code's print mode: cancel).
    expect(refused.details?.reason).toBe("declined");
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
    expect(status(repo.root).chain).toMatchObject({ ok: true, entries: 0 });
  });
});

// Gemini CLI 0.61.0 in print mode (`gemini -p`) against the scripted mock model, in a repo wired
// by `axiom init --harness gemini` (route mode). Gemini has no form elicitation: init wires no
// --require-human, so the echoed digest applies; with --require-human every write is refused.
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { serverTools, status } from "./lib/axiom";
import { axiomAnswer, gateDeny } from "./lib/expect";
import { geminiEnv, geminiHome, geminiPrintArgv } from "./lib/gemini";
import { SEED, wiredRepo } from "./lib/repo";
import { run } from "./lib/run";
import {
  EDITED_FILE,
  EDITED_TEXT,
  NEW_FILE,
  NEW_TEXT,
  previewThenConfirm,
  takesEdits,
  writeArgs,
} from "./lib/scenario";
import { gemini } from "./mock/gemini";
import { type Step, tool } from "./mock/script";
import { type MockModel, startMock } from "./mock/server";

const AXIOM_WRITE = "mcp_axiom_axiom_write";
/** Gemini 0.61 adds this one property to every tool it offers (measured); nothing else changes. */
const GEMINI_ADDS = "wait_for_previous";

let mock: MockModel | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function geminiRun(initArgs: string[], script: (root: string, edits: boolean) => Step[]) {
  const repo = await wiredRepo("gemini", initArgs);
  geminiHome(repo.home, repo.root);
  const entry = JSON.parse(readFileSync(repo.path(".gemini/settings.json"), "utf8")).mcpServers.axiom as {
    args: string[];
  };
  const listed = await serverTools(repo.root, entry.args.slice(1));
  mock = await startMock(gemini, script(repo.root, takesEdits(listed)), { requireTool: AXIOM_WRITE });
  const out = await run(geminiPrintArgv("make the scripted change"), {
    cwd: repo.root,
    env: geminiEnv(repo.home, mock.url),
    timeoutMs: 180_000,
  });
  expect(mock.errors).toEqual([]);
  expect(out.code, `gemini -p exited ${out.code}\n${out.stderr}\n${out.stdout.slice(-3000)}`).toBe(0);
  return { repo, mock, listed, results: mock.results() };
}

describe("gemini -p in a repo wired by axiom init --harness gemini", () => {
  it("offers AXIOM's tools unchanged, routes write_file, denies protected writes by write_file and shell, and applies the confirmed axiom_write", async () => {
    const { repo, mock, listed, results } = await geminiRun([], (root, edits) => [
      tool("write_file", { file_path: `${root}/${NEW_FILE}`, content: NEW_TEXT }),
      tool("write_file", { file_path: `${root}/.mcp.json`, content: "{}\n" }),
      tool("run_shell_command", { command: "echo SECRET=1 > .env", description: "write a secret" }),
      ...previewThenConfirm(AXIOM_WRITE, writeArgs(edits)),
    ]);

    const offered = new Map(mock.tools().map((t) => [t.name, t.schema as { properties: Record<string, unknown> }]));
    for (const t of listed) {
      const got = offered.get(`mcp_axiom_${t.name}`);
      expect(got, t.name).toBeDefined();
      const { [GEMINI_ADDS]: added, ...rest } = got?.properties ?? {};
      expect(added, `${t.name}: ${GEMINI_ADDS}`).toBeDefined();
      expect({ ...got, properties: rest }, t.name).toEqual(t.inputSchema);
    }

    expect(results).toHaveLength(5);
    const routed = gateDeny(results[0]);
    expect(routed.code).toBe("ERR_UNSUPPORTED_OP");
    expect(routed.message).toContain(AXIOM_WRITE);
    expect(routed.message).toContain(JSON.stringify({ files: [{ path: NEW_FILE, content: NEW_TEXT }] }));
    expect(gateDeny(results[1]).code).toBe("path.deny");
    expect(gateDeny(results[2]).code).toBe("path.deny");
    expect(existsSync(repo.path(".env"))).toBe(false);
    expect(existsSync(repo.path(".mcp.json"))).toBe(false);
    expect(axiomAnswer(results[3]).status).toBe("preview");
    expect(axiomAnswer(results[4]).status, results[4]?.text).toBe("applied");

    expect(await repo.read(NEW_FILE)).toBe(NEW_TEXT);
    expect(await repo.read(EDITED_FILE)).toBe(EDITED_TEXT);
    const chain = status(repo.root).chain;
    expect(chain).toMatchObject({ ok: true, entries: 1 });
    expect(chain.head).not.toMatch(/^sha256:0{64}$/);
  });

  it("with --require-human a client that cannot elicit is refused: an error result, nothing written, an empty chain", async () => {
    const { repo, results } = await geminiRun(["--require-human"], (_root, edits) =>
      previewThenConfirm(AXIOM_WRITE, writeArgs(edits)),
    );
    expect(results).toHaveLength(2);
    expect(axiomAnswer(results[0]).status).toBe("preview");
    expect(results[1]?.isError).toBe(true);
    // E2E-4 / MCP-15: Gemini's client copies a JSON first text block into structuredContent and
    // then fails it against the outputSchema (-32602); AXIOM's error starts with `CODE: message`.
    expect(results[1]?.text).not.toContain("-32602");
    // Gemini hands the model the whole MCP response as JSON text: both blocks, the second escaped.
    expect(results[1]?.text).toContain('"text":"ERR_CONFIRM_DIGEST_MISMATCH: ');
    expect(results[1]?.text).toContain('\\"reason\\":\\"elicitation-unsupported\\"');
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
    expect(status(repo.root).chain).toMatchObject({ ok: true, entries: 0 });
  });
});

// Claude Code 2.1.197 in print mode (`claude -p`) against the scripted mock model, in a repo wired
// by the built CLI's `axiom init --harness claude` (route mode, --require-human).
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { serverTools, status } from "./lib/axiom";
import { claudeEnv, claudeHome, claudePrintArgv } from "./lib/claude";
import { axiomAnswer, gateDeny } from "./lib/expect";
import { SEED, type WiredRepo, wiredRepo } from "./lib/repo";
import { run } from "./lib/run";
import {
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
import { anthropic } from "./mock/anthropic";
import { type Step, tool } from "./mock/script";
import { type MockModel, startMock } from "./mock/server";

const AXIOM_WRITE = "mcp__axiom__axiom_write";

let mock: MockModel | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function serverArgsOf(repo: WiredRepo): string[] {
  const entry = JSON.parse(readFileSync(repo.path(".mcp.json"), "utf8")).mcpServers.axiom as { args: string[] };
  return entry.args.slice(1); // after the cli.js path
}

async function claudeRun(initArgs: string[], script: (root: string, edits: boolean) => Step[]) {
  const repo = await wiredRepo("claude", initArgs);
  claudeHome(repo.home, repo.root);
  const listed = await serverTools(repo.root, serverArgsOf(repo));
  mock = await startMock(anthropic, script(repo.root, takesEdits(listed)));
  const out = await run(claudePrintArgv("make the scripted change"), {
    cwd: repo.root,
    env: claudeEnv(repo.home, mock.url),
    timeoutMs: 180_000,
  });
  expect(out.code, `claude -p exited ${out.code}\nstderr: ${out.stderr}\nstdout: ${out.stdout.slice(-4000)}`).toBe(0);
  return { repo, mock, listed, results: mock.results() };
}

describe("claude -p in a repo wired by axiom init --harness claude", () => {
  it("offers AXIOM's tools unchanged, routes a native Write, denies a protected one, previews axiom_write and refuses the confirm no person answered", async () => {
    const { repo, mock, listed, results } = await claudeRun([], (root, edits) => [
      tool("Write", { file_path: `${root}/${NEW_FILE}`, content: NEW_TEXT }),
      tool("Write", { file_path: `${root}/${SECRET_FILE}`, content: "SECRET=1\n" }),
      tool("Write", { file_path: `${root}/${SCRATCH_FILE}`, content: SCRATCH_TEXT }),
      ...previewThenConfirm(AXIOM_WRITE, writeArgs(edits)),
    ]);

    // Every tool of the server reaches the model under mcp__axiom__, its input schema as sent.
    const offered = new Map(mock.tools().map((t) => [t.name, t.schema]));
    expect(listed.length).toBeGreaterThan(0);
    for (const t of listed) expect(offered.get(`mcp__axiom__${t.name}`), t.name).toEqual(t.inputSchema);

    expect(results).toHaveLength(5);
    // 1. The native Write inside the root: denied with the route message naming the call to make.
    const routed = gateDeny(results[0]);
    expect(routed.code).toBe("ERR_UNSUPPORTED_OP");
    expect(routed.message).toContain(AXIOM_WRITE);
    expect(routed.message).toContain(JSON.stringify({ files: [{ path: NEW_FILE, content: NEW_TEXT }] }));
    expect(results[0]?.isError).toBe(true);
    // 2. The protected path: denied by its predicate, not routed.
    expect(gateDeny(results[1]).code).toBe("path.deny");
    // 3. A path in the native list stays native in route mode: the benign Write lands.
    expect(results[2]?.isError, results[2]?.text).toBe(false);
    expect(await repo.read(SCRATCH_FILE)).toBe(SCRATCH_TEXT);
    // 4. The preview: nothing written, a digest to confirm.
    const preview = axiomAnswer(results[3]);
    expect(preview.status).toBe("preview");
    expect(preview.manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // 5. Print mode cancels the form: the coded refusal, nothing applied.
    const refused = axiomAnswer(results[4]);
    expect(refused.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(refused.details?.reason).toBe("cancelled");

    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(existsSync(repo.path(SECRET_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
    const chain = status(repo.root).chain;
    expect(chain).toMatchObject({ ok: true, entries: 0 });
  });

  it("headless entries (--no-require-human) do not make claude -p apply: it advertises the form and cancels it, nothing is written", async () => {
    // Measured on 2.1.197 (decisions E2E-2): print mode declares form elicitation, so the server
    // asks, and the client answers cancel. The echoed digest alone applies only for clients that
    // cannot elicit.
    const { repo, results } = await claudeRun(["--no-require-human"], (_root, edits) =>
      previewThenConfirm(AXIOM_WRITE, writeArgs(edits)),
    );
    expect(results).toHaveLength(2);
    expect(axiomAnswer(results[0]).status).toBe("preview");
    const refused = axiomAnswer(results[1]);
    expect(refused.code, results[1]?.text).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(refused.details?.reason).toBe("cancelled");
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
    expect(status(repo.root).chain).toMatchObject({ ok: true, entries: 0 });
  });
});

// GitHub Copilot CLI 1.0.102 in print mode (`copilot -p`) against the scripted mock model
// (Responses API), in a repo wired by `axiom init --harness copilot` (route mode, --require-human).
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { serverTools, status } from "./lib/axiom";
import { copilotEnv, copilotPrintArgv } from "./lib/copilot";
import { axiomAnswer, gateDeny } from "./lib/expect";
import { SEED, wiredRepo } from "./lib/repo";
import { run } from "./lib/run";
import {
  addPatch,
  EDITED_FILE,
  NEW_FILE,
  NEW_TEXT,
  previewThenConfirm,
  SECRET_FILE,
  takesEdits,
  writeArgs,
} from "./lib/scenario";
import { responses } from "./mock/responses";
import { custom } from "./mock/script";
import { type MockModel, startMock } from "./mock/server";

const AXIOM_WRITE = "axiom-axiom_write";
/** Copilot 1.0.102's measured rewrite: these keywords leave the schema and reappear as `description: "{k: v, …}"`. */
const MOVED = ["minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum", "propertyNames"];

function copilotRewrite(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(copilotRewrite);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  const moved: string[] = [];
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (MOVED.includes(k)) moved.push(`${k}: ${JSON.stringify(v)}`);
    else out[k] = copilotRewrite(v);
  }
  if (moved.length > 0) out.description = `{${moved.join(", ")}}`;
  return out;
}

let mock: MockModel | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe("copilot -p in a repo wired by axiom init --harness copilot", () => {
  it("offers AXIOM's tools from .github/mcp.json, routes apply_patch, denies a protected patch, previews axiom_write and print mode declines the form", async () => {
    const repo = await wiredRepo("copilot");
    const entry = JSON.parse(readFileSync(repo.path(".github/mcp.json"), "utf8")).mcpServers.axiom as {
      args: string[];
    };
    const listed = await serverTools(repo.root, entry.args.slice(1));
    mock = await startMock(responses, [
      custom("apply_patch", addPatch(NEW_FILE, NEW_TEXT)),
      custom("apply_patch", addPatch(SECRET_FILE, "SECRET=1\n")),
      ...previewThenConfirm(AXIOM_WRITE, writeArgs(takesEdits(listed))),
    ]);
    const out = await run(copilotPrintArgv("make the scripted change"), {
      cwd: repo.root,
      env: copilotEnv(repo.home, mock.url),
      timeoutMs: 180_000,
    });
    expect(mock.errors).toEqual([]);
    expect(out.code, `copilot -p exited ${out.code}\n${out.stderr}\n${out.stdout.slice(-3000)}`).toBe(0);

    const offered = new Map(mock.tools().map((t) => [t.name, t.schema]));
    for (const t of listed) expect(offered.get(`axiom-${t.name}`), t.name).toEqual(copilotRewrite(t.inputSchema));

    const results = mock.results();
    expect(results).toHaveLength(4);
    const routed = gateDeny(results[0]);
    expect(routed.code).toBe("ERR_UNSUPPORTED_OP");
    expect(routed.message).toContain(AXIOM_WRITE);
    expect(routed.message).toContain(JSON.stringify({ files: [{ path: NEW_FILE, content: NEW_TEXT }] }));
    expect(gateDeny(results[1]).code).toBe("path.deny");
    expect(axiomAnswer(results[2]).status).toBe("preview");
    const refused = axiomAnswer(results[3]);
    expect(refused.code, results[3]?.text).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    // Measured on 1.0.102: the client declares form elicitation, so AXIOM asks; print mode declines.
    expect(refused.details?.reason).toBe("declined");

    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    expect(existsSync(repo.path(SECRET_FILE))).toBe(false);
    expect(await repo.read(EDITED_FILE)).toBe(SEED[EDITED_FILE]);
    expect(status(repo.root).chain).toMatchObject({ ok: true, entries: 0 });
  });
});

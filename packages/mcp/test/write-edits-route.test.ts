// The gate's route message and axiom_write agree (issue 19 items 1 and 6): the exact arguments the
// real `axiom gate --route all` prints for a denied native edit (Claude Edit / MultiEdit, Codex
// apply_patch in v4a and unified) are sent as they stand to the real server over stdio (SDK v1
// client), previewed, confirmed, and leave the file as the native tool would have.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { claude, codex, type GateRepo, gateRepo, routeArgs } from "./gate-helpers";
import { type McpSession, startMcp } from "./mcp-helpers";

let repo: GateRepo;
let mcp: McpSession;
beforeAll(async () => {
  repo = await gateRepo();
  mcp = await startMcp("v1", ["--root", repo.root]);
});
afterAll(async () => {
  await mcp?.close();
  await repo?.cleanup();
});

/** The route deny's axiom_write arguments for `payload`, sent to the server: preview, then confirm. */
async function routeThrough(payload: unknown): Promise<Record<string, unknown>> {
  const run = await repo.gate(payload, ["--route", "all"]);
  expect(run.deny?.axiom.route).toBe("mcp__axiom__axiom_write");
  const args = routeArgs(String(run.deny?.reason));
  const preview = await mcp.callTool("axiom_write", args);
  const p = preview.structuredContent as { status: string; manifestDigest: string };
  expect(p?.status, preview.content[0]?.text).toBe("preview");
  const applied = await mcp.callTool("axiom_write", { ...args, confirmDigest: p.manifestDigest });
  expect((applied.structuredContent as { status: string }).status).toBe("applied");
  return args.files[0] as Record<string, unknown>;
}

const text = (rel: string) => readFile(join(repo.root, rel), "utf8");

describe("route message → axiom_write, unchanged", () => {
  test("Claude Edit (replace_all) and MultiEdit → edits", async () => {
    await repo.write("src/a.ts", "export const a = 1;\nexport const b = 1;\n");
    const edit = await routeThrough(
      claude("Edit", { file_path: "src/a.ts", old_string: "= 1", new_string: "= 2", replace_all: true }, repo.root),
    );
    expect(edit).toEqual({ path: "src/a.ts", edits: [{ oldText: "= 1", newText: "= 2", replaceAll: true }] });
    expect(await text("src/a.ts")).toBe("export const a = 2;\nexport const b = 2;\n");
    const multi = await routeThrough(
      claude(
        "MultiEdit",
        {
          file_path: "src/a.ts",
          edits: [
            { old_string: "const a", new_string: "const x" },
            { old_string: "const b", new_string: "const y" },
          ],
        },
        repo.root,
      ),
    );
    expect((multi.edits as unknown[]).length).toBe(2);
    expect(await text("src/a.ts")).toBe("export const x = 2;\nexport const y = 2;\n");
  });

  test("Codex apply_patch, v4a Update File and a unified diff → patch", async () => {
    await repo.write("src/v.ts", "export const v = 1;\n");
    const v4a = await routeThrough(
      codex(
        "apply_patch",
        {
          command:
            "*** Begin Patch\n*** Update File: src/v.ts\n@@\n-export const v = 1;\n+export const v = 2;\n*** End Patch\n",
        },
        repo.root,
      ),
    );
    expect(v4a.patch).toMatchObject({ format: "v4a" });
    expect(await text("src/v.ts")).toBe("export const v = 2;\n");
    await repo.write("src/u.ts", "one\ntwo\nthree\n");
    const unified = await routeThrough(
      codex(
        "apply_patch",
        { command: "--- a/src/u.ts\n+++ b/src/u.ts\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n" },
        repo.root,
      ),
    );
    expect(unified.patch).toMatchObject({ format: "unified" });
    expect(await text("src/u.ts")).toBe("one\nTWO\nthree\n");
  });
});

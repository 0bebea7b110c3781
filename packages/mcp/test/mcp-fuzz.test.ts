// Bad input (issue 5): random argument objects for every tool of the full toolset, over a real
// stdio connection, through both official SDK clients (v2 and v1, which validates results against
// the outputSchema; issue 19). The server never crashes, every failure is isError with a
// closed-enum code that reaches the client intact, and nothing outside .axiom/ changes (no call
// here is a matching confirmed apply/write).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isErrorCode } from "@codai/axiom-schema";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOOL_DEFS } from "../src/server/tools/registry";
import { errorOf, type McpSession, startMcp, tempRoot } from "./mcp-helpers";

const PER_TOOL = 200;

let R: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  R = await tempRoot();
  await writeFile(join(R.dir, "keep.txt"), "keep");
});
afterAll(async () => {
  await R?.cleanup();
});

async function userTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, rel: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (rel === "" && e.name === ".axiom") continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(join(d, e.name), r);
      else out.push(`${r}:${await readFile(join(d, e.name), "utf8")}`);
    }
  };
  await walk(dir, "");
  return out.sort();
}

/** Values that reach past the schema: strings shaped like digests, paths, roots and documents. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    "sha256:",
    `sha256:${"a".repeat(64)}`,
    "../x",
    "/",
    "",
    "keep.txt",
    ".axiom/x",
    "default",
    "permissive",
    "AAE=",
  ),
  fc.constant(R_PLACEHOLDER()),
  fc.record(
    {
      path: fc.constantFrom("a.txt", "../b", "keep.txt", ".AXIOM/x"),
      content: fc.string(),
      op: fc.constantFrom("write", "delete", "x"),
    },
    { requiredKeys: [] },
  ),
  fc.array(
    fc.record({ path: fc.string({ maxLength: 12 }), content: fc.string({ maxLength: 12 }) }, { requiredKeys: [] }),
    { maxLength: 3 },
  ),
);
function R_PLACEHOLDER(): string {
  return "@root@";
}

function argsFor(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const shaped =
    keys.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }));
}

describe.each(["v2-legacy", "v1"] as const)("SDK client %s", (kind) => {
  let s: McpSession;
  beforeAll(async () => {
    s = await startMcp(kind, ["--root", R.dir, "--tools", "full"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  test(`${PER_TOOL} random argument objects per tool: never crashes, every failure is isError with a closed-enum code, nothing outside .axiom/ changes`, async () => {
    const before = await userTree(R.dir);
    for (const def of TOOL_DEFS) {
      const keys = Object.keys((def.input as unknown as { shape: Record<string, unknown> }).shape);
      const samples = fc.sample(argsFor(keys), { numRuns: PER_TOOL, seed: 42 });
      for (const raw of samples) {
        const args = JSON.parse(JSON.stringify(raw).replaceAll("@root@", R.dir.replaceAll("\\", "\\\\")));
        // The v1 client throws -32602 on a result its outputSchema check refuses: that fails here.
        const r = await s.callTool(def.name, args);
        if (r.isError) {
          const e = errorOf(r);
          expect(isErrorCode(e.code), `${def.name} ${JSON.stringify(args).slice(0, 200)} → ${e.code}`).toBe(true);
        } else {
          expect(r.structuredContent, def.name).toBeTypeOf("object");
        }
      }
    }
    expect(await userTree(R.dir)).toEqual(before);
    // Still alive and answering.
    expect((await s.callTool("axiom_status", {})).isError).toBeUndefined();
  }, 600_000);
});

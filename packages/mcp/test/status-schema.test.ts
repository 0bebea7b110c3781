// Issue 20 Low 15 (seed audit): axiom_status's outputSchema declares what the tool returns —
// `lastApplied`, `lock.holder`, `chain.entries/head/firstBad` — and a real output validates
// against the JSON Schema clients see (the same rendering as tools/list and tools.json).
import { appendFile, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { acquireLock, appendChainEntry } from "@codai/axiom-apply";
import Ajv2020 from "ajv/dist/2020";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toJsonSchema } from "../src/server/tools/json-schema";
import { TOOL_DEFS } from "../src/server/tools/registry";
import { inProcess } from "./mcp-inproc";

const D1 = `sha256:${"1".repeat(64)}`;
const def = TOOL_DEFS.find((d) => d.name === "axiom_status");
if (!def) throw new Error("no axiom_status");
const schema = toJsonSchema(def.output, "output") as Json;
const validate = new Ajv2020({ strict: false }).compile(schema);

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema documents are walked loosely
type Json = any;

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), "axiom-status-schema-")));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("axiom_status outputSchema matches the output (issue 20 Low 15)", () => {
  it("outputSchema declares lastApplied, lock.holder, chain.entries/head/firstBad, and no undeclared field", () => {
    expect(Object.keys(schema.properties)).toEqual(["root", "lock", "interrupted", "corrupt", "lastApplied", "chain"]);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties.lock.properties)).toContain("holder");
    expect(Object.keys(schema.properties.lastApplied.properties)).toEqual([
      "seq",
      "manifestDigest",
      "state",
      "at",
      "prev",
      "files",
      "code",
    ]);
    expect(Object.keys(schema.properties.chain.properties)).toEqual([
      "ok",
      "entries",
      "head",
      "firstBad",
      "missingJournals",
    ]);
  });

  it("a held lock and a chain with a last apply: the structuredContent validates and carries holder and lastApplied", async () => {
    await appendChainEntry(root, { manifestDigest: D1, state: "committed", files: 1 });
    const lock = await acquireLock(root, D1, 0);
    try {
      const r = await inProcess([root]).call("axiom_status", { root });
      expect(r.isError).toBeUndefined();
      const out = r.structuredContent as Json;
      expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
      expect(out.lock.holder).toMatchObject({ pid: process.pid, digest: D1 });
      expect(out.lastApplied).toMatchObject({ seq: 1, manifestDigest: D1, state: "committed" });
      expect(out.chain).toMatchObject({ ok: true, entries: 1 });
    } finally {
      await lock.release();
    }
  });

  it("a torn chain: chain.firstBad is in the output and validates", async () => {
    await appendChainEntry(root, { manifestDigest: D1, state: "committed", files: 1 });
    await appendFile(path.join(root, ".axiom", "journal", "chain.jsonl"), "not json\n");
    const r = await inProcess([root]).call("axiom_status", { root });
    const out = r.structuredContent as Json;
    expect(out.chain).toMatchObject({ ok: false, firstBad: { seq: 2, reason: "parse" } });
    expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
  });
});

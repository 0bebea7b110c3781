// mcp.md §14: the registry files, their freshness, their exact shape, and the parity guard.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES } from "@codai/axiom-schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseToolset } from "../src/server/server";
import { CORE_TOOLS, TOOL_DEFS } from "../src/server/tools/registry";
import { renderRegistryFiles } from "../src/server/tools/render-registry";
import { REPO, tempRoot } from "./mcp-helpers";

const SPEC = join(REPO, "packages/mcp/spec");
const tools = JSON.parse(readFileSync(join(SPEC, "tools.json"), "utf8")) as Record<string, unknown>[];
const codai = JSON.parse(readFileSync(join(SPEC, "codai-tools.json"), "utf8")) as {
  version: string;
  description: string;
  tools: Record<string, unknown>[];
};

const NINETEEN = [
  "axiom_plan_validate",
  "axiom_plan_compile",
  "axiom_manifest_verify",
  "axiom_check",
  "axiom_check_start",
  "axiom_task_get",
  "axiom_task_cancel",
  "axiom_plan_begin",
  "axiom_plan_add",
  "axiom_plan_seal",
  "axiom_apply_dry_run",
  "axiom_apply",
  "axiom_rollback",
  "axiom_write",
  "axiom_manifest_diff",
  "axiom_axm_parse",
  "axiom_roots_list",
  "axiom_status",
  "axiom_repo_snapshot",
];
const CORE = ["axiom_write", "axiom_status", "axiom_rollback", "axiom_check", "axiom_apply", "axiom_apply_dry_run"];

describe("registry files (mcp.md §14)", () => {
  test("Fresh render of tools.json and codai-tools.json is byte-equal to the committed files", () => {
    const fresh = renderRegistryFiles();
    expect(readFileSync(join(SPEC, "tools.json"), "utf8")).toBe(fresh["tools.json"]);
    expect(readFileSync(join(SPEC, "codai-tools.json"), "utf8")).toBe(fresh["codai-tools.json"]);
  });

  test("tools.json entries have exactly the keys name, title, description, riskClass, toolset, annotations, inputSchema, outputSchema in that order; 19 entries", () => {
    expect(tools).toHaveLength(19);
    for (const t of tools) {
      expect(Object.keys(t)).toEqual([
        "name",
        "title",
        "description",
        "riskClass",
        "toolset",
        "annotations",
        "inputSchema",
        "outputSchema",
      ]);
      expect(Object.keys(t.annotations as object)).toEqual([
        "readOnlyHint",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
      ]);
      expect((t.inputSchema as { $schema: string }).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect((t.outputSchema as { $schema: string }).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    }
  });

  test("Names match ^axiom_[a-z_]+$, are unique, and equal the 19 names of §5.1 in registry order", () => {
    const names = tools.map((t) => t.name as string);
    expect(names).toEqual(NINETEEN);
    expect(new Set(names).size).toBe(19);
    for (const n of names) expect(n).toMatch(/^axiom_[a-z_]+$/);
    expect(TOOL_DEFS.map((d) => d.name)).toEqual(NINETEEN);
  });

  test('toolset: "core" exactly for the six core tools; risks READ 11, ACT 5, SENSITIVE 3', () => {
    expect(
      tools
        .filter((t) => t.toolset === "core")
        .map((t) => t.name)
        .sort(),
    ).toEqual([...CORE].sort());
    expect([...CORE_TOOLS].sort()).toEqual([...CORE].sort());
    const count = (r: string) => tools.filter((t) => t.riskClass === r).length;
    expect([count("READ"), count("ACT"), count("SENSITIVE")]).toEqual([11, 5, 3]);
    const sensitive = tools
      .filter((t) => t.riskClass === "SENSITIVE")
      .map((t) => t.name)
      .sort();
    expect(sensitive).toEqual(["axiom_apply", "axiom_rollback", "axiom_write"]);
    const act = tools
      .filter((t) => t.riskClass === "ACT")
      .map((t) => t.name)
      .sort();
    expect(act).toEqual([
      "axiom_plan_add",
      "axiom_plan_begin",
      "axiom_plan_compile",
      "axiom_plan_seal",
      "axiom_task_cancel",
    ]);
    for (const t of tools) {
      const a = t.annotations as Record<string, boolean>;
      expect(a.idempotentHint).toBe(true);
      expect(a.openWorldHint).toBe(false);
      expect(t.riskClass).toBe(a.readOnlyHint ? "READ" : a.destructiveHint ? "SENSITIVE" : "ACT");
    }
  });

  test("codai-tools.json entry parameters equals the matching inputSchema without $schema", () => {
    expect(codai.version).toBe("2.0.0");
    expect(codai.tools.map((t) => t.name)).toEqual(NINETEEN);
    codai.tools.forEach((c, i) => {
      expect(Object.keys(c)).toEqual(["name", "risk", "toolset", "description", "parameters"]);
      const { $schema: _, ...params } = tools[i].inputSchema as Record<string, unknown>;
      expect(c.parameters).toEqual(params);
      expect(c.risk).toBe(tools[i].riskClass);
    });
  });

  test("Every inputSchema in tools.json has additionalProperties: false on each fixed-shape object and no property named confirm, approved, inputResponses, requestState or _meta", () => {
    const forbidden = new Set(["confirm", "approved", "inputResponses", "requestState", "_meta"]);
    const walk = (node: unknown, openDoc: boolean): void => {
      if (Array.isArray(node)) {
        for (const n of node) walk(n, false);
        return;
      }
      if (!node || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === "object") {
        if (!openDoc) expect(o.additionalProperties).toBe(false);
        for (const k of Object.keys(o.properties)) expect(forbidden.has(k)).toBe(false);
      }
      for (const [k, v] of Object.entries(o)) walk(v, k === "additionalProperties");
    };
    for (const t of tools) walk(t.inputSchema, false);
  });

  test("an errors[].code enum lists ERROR_CODES in formats.md §12.3 order", () => {
    const validate = tools.find((t) => t.name === "axiom_plan_validate") as {
      outputSchema: { properties: { errors: { items: { properties: { code: { enum: string[] } } } } } };
    };
    expect(validate.outputSchema.properties.errors.items.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  test('parseToolset(undefined) → "core"; parseToolset("FULL") → throws ERR_INTERNAL', () => {
    expect(parseToolset(undefined)).toBe("core");
    expect(parseToolset("full")).toBe("full");
    expect(() => parseToolset("FULL")).toThrow(
      expect.objectContaining({ code: "ERR_INTERNAL", details: { value: "FULL", allowed: ["core", "full"] } }),
    );
  });
});

describe("check-tool-parity.mjs (mcp.md §14.4)", () => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  const script = join(REPO, "scripts/check-tool-parity.mjs");
  const files = {
    tools: join(SPEC, "tools.json"),
    codai: join(SPEC, "codai-tools.json"),
    readme: join(REPO, "packages/mcp/README.md"),
    docs: join(REPO, "docs/mcp.md"),
  };
  beforeAll(async () => {
    tmp = await tempRoot("axiom-parity-");
  });
  afterAll(() => tmp.cleanup());

  function copies(): typeof files {
    const out = { ...files };
    for (const [k, p] of Object.entries(files)) {
      const target = join(tmp.dir, `${k}-${Math.random().toString(36).slice(2)}`);
      copyFileSync(p, target);
      (out as Record<string, string>)[k] = target;
    }
    return out;
  }
  const run = (f: typeof files) =>
    spawnSync(
      process.execPath,
      [script, "--tools", f.tools, "--codai", f.codai, "--readme", f.readme, "--docs", f.docs],
      { encoding: "utf8" },
    );

  test("consistent files → pass", () => {
    const r = run(files);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    execFileSync(process.execPath, [script]); // the default paths: the committed tree
  });

  test("removing axiom_write from the docs/mcp.md table → fail", () => {
    const f = copies();
    writeFileSync(f.docs, readFileSync(f.docs, "utf8").replace(/^\| `axiom_write` core .*\n/m, ""));
    expect(run(f).status).toBe(1);
  });

  test("marking axiom_check_start as core in the README table → fail", () => {
    const f = copies();
    writeFileSync(
      f.readme,
      readFileSync(f.readme, "utf8").replace("| `axiom_check_start` |", "| `axiom_check_start` core |"),
    );
    const r = run(f);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("axiom_check_start core marker wrong");
  });

  test("a doc mentioning axiom_sign → fail", () => {
    const f = copies();
    writeFileSync(f.docs, `${readFileSync(f.docs, "utf8")}\nSee also axiom_sign.\n`);
    expect(run(f).stderr).toContain("unregistered tool axiom_sign");
  });

  test("deleting codai-tools.json → fail", () => {
    const f = copies();
    unlinkSync(f.codai);
    expect(run(f).status).toBe(1);
  });
});

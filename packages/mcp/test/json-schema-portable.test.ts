// MCP-16: the tool schemas in the spelling portability checks accept — an empty "any value" schema
// becomes `true` after additionalProperties and an anyOf of every JSON type elsewhere; a `type`
// array becomes anyOf branches of one type; annotations stay on top, values under default/const
// are never rewritten. And across every registered tool: no empty subschema, no type array left.
import { describe, expect, it } from "vitest";
import { portable } from "../src/server/tools/json-schema";
import { toolsJsonEntries } from "../src/server/tools/render-registry";

const ANY = { anyOf: ["object", "array", "string", "number", "boolean", "null"].map((type) => ({ type })) };

describe("portable", () => {
  it("empty subschemas by position; defaults and consts untouched", () => {
    expect(
      portable({
        type: "object",
        properties: { a: {}, b: { type: "string" } },
        additionalProperties: {},
        default: {},
      }),
    ).toEqual({
      type: "object",
      properties: { a: ANY, b: { type: "string" } },
      additionalProperties: true,
      default: {},
    });
    expect(portable({ type: "array", items: {} })).toEqual({ type: "array", items: ANY });
    expect(portable({ anyOf: [{}, { const: {} }] })).toEqual({ anyOf: [ANY, { const: {} }] });
  });

  it("a nullable string: annotations on top, its constraints on the string branch only", () => {
    expect(portable({ type: ["string", "null"], description: "d", minLength: 1 })).toEqual({
      description: "d",
      anyOf: [{ type: "string", minLength: 1 }, { type: "null" }],
    });
  });
});

describe("every tool schema (both toolsets)", () => {
  it("has no empty subschema and no type array", () => {
    const problems: string[] = [];
    const walk = (v: unknown, path: string, schemaPosition: boolean) => {
      if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`, schemaPosition);
        return;
      }
      if (typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      if (schemaPosition && Object.keys(o).length === 0) problems.push(`${path}: {}`);
      if (schemaPosition && Array.isArray(o.type)) problems.push(`${path}: type array`);
      for (const [k, x] of Object.entries(o)) {
        if (k === "default" || k === "const" || k === "enum" || k === "examples") continue;
        if (k === "properties" || k === "$defs" || k === "patternProperties") {
          for (const [name, s] of Object.entries(x as Record<string, unknown>)) walk(s, `${path}.${k}.${name}`, true);
        } else walk(x, `${path}.${k}`, true);
      }
    };
    for (const tool of toolsJsonEntries()) {
      walk(tool.inputSchema, `${tool.name}.inputSchema`, true);
      walk(tool.outputSchema, `${tool.name}.outputSchema`, true);
    }
    expect(problems).toEqual([]);
  });
});

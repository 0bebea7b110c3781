// The committed JSON Schemas (formats.md §13 "JSON Schemas: generated from the Zod schemas
// (draft 2020-12), committed in packages/schema") must equal what the Zod schemas generate now.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSchemaFor } from "../src/json-schema";
import { isSchemaKind, SCHEMA_KINDS } from "../src/kinds";

const dir = join(import.meta.dirname, "..", "json-schema");

describe("JSON Schemas of the `axiom schema` Kinds", () => {
  it("the Kinds are exactly those of cli.md §7.13, case-sensitive", () => {
    expect(SCHEMA_KINDS).toEqual([
      "Plan",
      "Manifest",
      "ManifestBundle",
      "CheckReport",
      "ApplyResult",
      "Profile",
      "Journal",
      "RepoSnapshot",
    ]);
    expect(isSchemaKind("Plan")).toBe(true);
    expect(isSchemaKind("plan")).toBe(false);
  });

  for (const kind of SCHEMA_KINDS) {
    it(`${kind}: a draft 2020-12 schema whose committed copy is not stale (run npm run gen:schemas)`, () => {
      const schema = jsonSchemaFor(kind);
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id).toBe(`axiom://schema/${kind}`);
      const committed = readFileSync(join(dir, `${kind}.json`), "utf8");
      expect(committed).toBe(`${JSON.stringify(schema, null, 2)}\n`);
    });
  }

  it("Plan schema is strict (additionalProperties false) and requires the wire fields", () => {
    const plan = jsonSchemaFor("Plan") as { additionalProperties: unknown; required: string[] };
    expect(plan.additionalProperties).toBe(false);
    expect(plan.required).toEqual(expect.arrayContaining(["apiVersion", "kind", "name", "intent", "artifacts"]));
    expect(plan.required).not.toContain("profile");
  });
});

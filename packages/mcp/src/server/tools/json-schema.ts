// JSON Schema (draft 2020-12) of a tool's Zod schema, as tools/list and tools.json show it (§14.1),
// in the spelling schema-portability checks accept (the MCP Inspector's `--strict`; MCP-16):
// - zod writes "any value" (z.unknown(), records of unknowns) as the empty schema `{}`, which reads
//   as "accepts anything by accident": it becomes `true` where JSON Schema takes a boolean schema
//   for "every other member" (additionalProperties), else `anyOf` one branch per JSON type;
// - a `type` array (zod's nullable: `["string", "null"]`) becomes `anyOf` branches with one `type`
//   each, which clients mapping schemas onto a single-`type` dialect (Gemini's function
//   declarations) can read; the other keywords stay with the non-null branch.
import { z } from "zod";

const JSON_TYPES = ["object", "array", "string", "number", "boolean", "null"] as const;

/** Keywords whose value is one subschema where `true` ("any other member") is portable. */
const BOOLEAN_OK = new Set(["additionalProperties", "unevaluatedProperties"]);
/** Keywords whose value is one subschema. */
const ONE_SCHEMA = new Set(["items", "unevaluatedItems", "not", "propertyNames", "contains", "if", "then", "else"]);
/** Keywords whose value is an array of subschemas. */
const SCHEMA_LIST = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords that describe rather than constrain: they stay on the schema a `type` array is split from. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function subschema(v: unknown, booleanOk: boolean): unknown {
  if (isObject(v) && Object.keys(v).length === 0)
    return booleanOk ? true : { anyOf: JSON_TYPES.map((type) => ({ type })) };
  return portable(v);
}

/** `{type: [A, B…], …}` as `anyOf` branches of one type each; constraints go with the non-null types. */
function splitTypes(schema: Record<string, unknown>, types: readonly unknown[]): Record<string, unknown> {
  const notes: Record<string, unknown> = {};
  const constraints: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "type") continue;
    if (ANNOTATIONS.has(k)) notes[k] = v;
    else constraints[k] = v;
  }
  return { ...notes, anyOf: types.map((type) => (type === "null" ? { type } : { type, ...constraints })) };
}

/** The schema in its portable spelling; values under other keywords (default, const, enum) untouched. */
export function portable(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (BOOLEAN_OK.has(key)) out[key] = subschema(value, true);
    else if (ONE_SCHEMA.has(key)) out[key] = subschema(value, false);
    else if (SCHEMA_LIST.has(key) && Array.isArray(value)) out[key] = value.map((s) => subschema(s, false));
    else if (SCHEMA_MAP.has(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, subschema(s, false)]));
    else out[key] = value;
  }
  return Array.isArray(out.type) && out.type.length > 1 ? splitTypes(out, out.type) : out;
}

const cache = new WeakMap<z.ZodType, Record<"input" | "output", Record<string, unknown> | undefined>>();

export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  let entry = cache.get(schema);
  if (!entry) {
    entry = { input: undefined, output: undefined };
    cache.set(schema, entry);
  }
  const hit = entry[io];
  if (hit) return hit;
  const json = portable(z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" })) as Record<
    string,
    unknown
  >;
  entry[io] = json;
  return json;
}

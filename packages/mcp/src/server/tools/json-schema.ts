// JSON Schema (draft 2020-12) of a tool's Zod schema, as tools/list and tools.json show it (§14.1).
import { z } from "zod";

const cache = new WeakMap<z.ZodType, Record<"input" | "output", Record<string, unknown> | undefined>>();

export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  let entry = cache.get(schema);
  if (!entry) {
    entry = { input: undefined, output: undefined };
    cache.set(schema, entry);
  }
  const hit = entry[io];
  if (hit) return hit;
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  entry[io] = json;
  return json;
}

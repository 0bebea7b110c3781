// `drizzle.table`: a Drizzle pgTable module with an identity `id` (unless a column is the primary
// key), timestamps with time zone, and the inferred select/insert types.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { camelCase, lines, pascalCase, TS_HEADER } from "../common";

const SQL_NAME = /^[a-z][a-z0-9_]*$/;
const COLUMN_TYPES = ["text", "integer", "boolean", "timestamp", "uuid"] as const;

const column = z.strictObject({
  name: z.string().max(63).regex(SQL_NAME),
  type: z.enum(COLUMN_TYPES),
  primaryKey: z.boolean().default(false),
  notNull: z.boolean().default(false),
});

const params = z
  .strictObject({
    name: z.string().max(63).regex(SQL_NAME),
    columns: z.array(column).min(1).max(100),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    const hasPk = p.columns.some((c) => c.primaryKey);
    p.columns.forEach((c, i) => {
      // Two SQL names may share a camelCase key (a_b / a__b): both would collide in the object.
      const key = camelCase(c.name);
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["columns", i, "name"], message: "duplicate column" });
      seen.add(key);
      if (!hasPk && key === "id")
        ctx.addIssue({
          code: "custom",
          path: ["columns", i, "name"],
          message: "id is generated unless a column is primaryKey",
        });
    });
    if (p.columns.filter((c) => c.primaryKey).length > 1)
      ctx.addIssue({ code: "custom", path: ["columns"], message: "at most one primaryKey column" });
  });

type Params = z.infer<typeof params>;
type Column = Params["columns"][number];

function columnLine(c: Column): string {
  const args = c.type === "timestamp" ? `"${c.name}", { withTimezone: true }` : `"${c.name}"`;
  const chain = `${c.primaryKey ? ".primaryKey()" : ""}${c.notNull && !c.primaryKey ? ".notNull()" : ""}`;
  return `  ${camelCase(c.name)}: ${c.type}(${args})${chain},`;
}

function render(p: Params): string {
  const hasPk = p.columns.some((c) => c.primaryKey);
  const kinds = new Set<string>(p.columns.map((c) => c.type));
  if (!hasPk) kinds.add("integer");
  const imports = ["pgTable", ...kinds].sort();
  const table = camelCase(p.name);
  const type = pascalCase(p.name);
  return lines([
    TS_HEADER,
    `import { ${imports.join(", ")} } from "drizzle-orm/pg-core";`,
    "",
    `export const ${table} = pgTable("${p.name}", {`,
    ...(hasPk ? [] : [`  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),`]),
    ...p.columns.map(columnLine),
    "});",
    "",
    `export type ${type} = typeof ${table}.$inferSelect;`,
    `export type New${type} = typeof ${table}.$inferInsert;`,
  ]);
}

export const drizzleTable: TemplateDef<Params> = {
  description: "Drizzle `pgTable` module with an identity `id` and inferred select/insert types",
  params,
  render,
};

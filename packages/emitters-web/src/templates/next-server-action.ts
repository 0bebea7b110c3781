// `next.server-action`: a "use server" module validating FormData with Zod and returning
// `{ ok, errors, values }`. Only types and async functions are exported: Next.js refuses any other
// export from a "use server" file, so the initial state stays module-private.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { jsIdentifier, lines, pascalCase, TS_HEADER } from "../common";

const ZOD_KINDS = {
  string: "z.string()",
  number: "z.coerce.number()",
  boolean: "z.coerce.boolean()",
  email: "z.email()",
} as const;

const params = z
  .strictObject({
    name: jsIdentifier(64),
    fields: z
      .array(z.strictObject({ name: jsIdentifier(64), zod: z.enum(["string", "number", "boolean", "email"]) }))
      .min(1)
      .max(50),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.fields.forEach((f, i) => {
      if (seen.has(f.name)) ctx.addIssue({ code: "custom", path: ["fields", i, "name"], message: "duplicate field" });
      seen.add(f.name);
    });
  });

type Params = z.infer<typeof params>;

function render(p: Params): string {
  const type = `${pascalCase(p.name)}State`;
  const schema = `${p.name}Schema`;
  const keys = p.fields.map((f) => JSON.stringify(f.name)).join(", ");
  return lines([
    TS_HEADER,
    `"use server";`,
    "",
    `import { z } from "zod";`,
    "",
    `const ${schema} = z.object({`,
    ...p.fields.map((f) => `  ${f.name}: ${ZOD_KINDS[f.zod]},`),
    "});",
    "",
    `export interface ${type} {`,
    "  ok: boolean;",
    "  errors: Record<string, string[]>;",
    "  values: Record<string, string>;",
    "}",
    "",
    `const initialState: ${type} = { ok: false, errors: {}, values: {} };`,
    "",
    `export async function ${p.name}(_previous: ${type}, formData: FormData): Promise<${type}> {`,
    "  const values: Record<string, string> = {};",
    `  for (const key of [${keys}]) {`,
    "    const value = formData.get(key);",
    `    values[key] = typeof value === "string" ? value : "";`,
    "  }",
    `  const parsed = ${schema}.safeParse(values);`,
    "  if (!parsed.success) {",
    "    const errors: Record<string, string[]> = {};",
    "    for (const issue of parsed.error.issues) {",
    '      const key = String(issue.path[0] ?? "");',
    "      errors[key] = [...(errors[key] ?? []), issue.message];",
    "    }",
    "    return { ...initialState, errors, values };",
    "  }",
    "  return { ...initialState, ok: true, values };",
    "}",
  ]);
}

export const nextServerAction: TemplateDef<Params> = {
  description: "Next.js server action validating FormData with Zod and returning `{ ok, errors, values }`",
  params,
  render,
};

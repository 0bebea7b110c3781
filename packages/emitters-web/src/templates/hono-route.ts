// `hono.route`: a Hono app exported under `name` with one handler per method, plus a default export.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { type HttpMethod, jsIdentifier, lines, methodsParam, orderedMethods, TS_HEADER } from "../common";

const params = z.strictObject({
  name: jsIdentifier(64),
  path: z
    .string()
    .max(128)
    .regex(/^\/[A-Za-z0-9/:_-]*$/, "must start with / and use [A-Za-z0-9/:_-]"),
  methods: methodsParam,
});

type Params = z.infer<typeof params>;

function handler(app: string, path: string, method: HttpMethod): string[] {
  const route = JSON.stringify(path);
  switch (method) {
    case "GET":
      return [`${app}.get(${route}, (c) => c.json({ ok: true }));`];
    case "POST":
    case "PUT":
      return [
        `${app}.${method.toLowerCase()}(${route}, async (c) => {`,
        "  const body: unknown = await c.req.json();",
        `  return c.json({ ok: true, data: body }, ${method === "POST" ? 201 : 200});`,
        "});",
      ];
    case "DELETE":
      return [`${app}.delete(${route}, (c) => c.body(null, 204));`];
  }
}

function render(p: Params): string {
  return lines([
    TS_HEADER,
    `import { Hono } from "hono";`,
    "",
    `export const ${p.name} = new Hono();`,
    "",
    ...orderedMethods(p.methods).flatMap((m) => handler(p.name, p.path, m)),
    "",
    `export default ${p.name};`,
  ]);
}

export const honoRoute: TemplateDef<Params> = {
  description: "Hono route module with one handler per method",
  params,
  render,
};

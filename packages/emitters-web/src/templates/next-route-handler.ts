// `next.route-handler`: an App Router `route.ts`, one exported async function per method; POST/PUT
// parse the JSON body (validated with `zodSchemaName` from ./schema when given); DELETE answers 204.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { type HttpMethod, jsIdentifier, lines, methodsParam, orderedMethods, TS_HEADER } from "../common";

const SEGMENT = /^[a-z0-9][a-z0-9-]*(\/(\[[a-z][a-zA-Z0-9]*\]|[a-z0-9][a-z0-9-]*))*$/;

const params = z.strictObject({
  segment: z.string().max(128).regex(SEGMENT, "must be an App Router segment path"),
  methods: methodsParam,
  zodSchemaName: jsIdentifier(64).optional(),
});

type Params = z.infer<typeof params>;

function bodyHandler(method: HttpMethod, status: number, schema: string | undefined): string[] {
  const head = [
    `export async function ${method}(request: Request): Promise<Response> {`,
    "  const json: unknown = await request.json();",
  ];
  if (schema === undefined) {
    return [...head, `  return Response.json({ ok: true, data: json }, { status: ${status} });`, "}"];
  }
  return [
    ...head,
    `  const parsed = ${schema}.safeParse(json);`,
    "  if (!parsed.success) {",
    "    return Response.json({ ok: false, issues: parsed.error.issues }, { status: 400 });",
    "  }",
    `  return Response.json({ ok: true, data: parsed.data }, { status: ${status} });`,
    "}",
  ];
}

function handler(method: HttpMethod, schema: string | undefined): string[] {
  switch (method) {
    case "GET":
      return [
        "export async function GET(_request: Request): Promise<Response> {",
        "  return Response.json({ ok: true });",
        "}",
      ];
    case "POST":
      return bodyHandler("POST", 201, schema);
    case "PUT":
      return bodyHandler("PUT", 200, schema);
    case "DELETE":
      return [
        "export async function DELETE(_request: Request): Promise<Response> {",
        "  return new Response(null, { status: 204 });",
        "}",
      ];
  }
}

function render(p: Params): string {
  const methods = orderedMethods(p.methods);
  // The schema import is emitted only when a handler uses it (no unused import).
  const usesSchema = p.zodSchemaName !== undefined && methods.some((m) => m === "POST" || m === "PUT");
  const handlers = methods.map((m) => handler(m, p.zodSchemaName));
  return lines([
    TS_HEADER,
    `// Route: app/${p.segment}/route.ts`,
    ...(usesSchema ? [`import { ${p.zodSchemaName} } from "./schema";`] : []),
    "",
    ...handlers.flatMap((h, i) => (i === 0 ? h : ["", ...h])),
  ]);
}

export const nextRouteHandler: TemplateDef<Params> = {
  description: "Next.js App Router route handler, one exported function per method, optional Zod body validation",
  params,
  render,
};

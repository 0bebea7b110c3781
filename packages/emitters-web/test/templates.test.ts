// sources.md §4.7 catalogue rows and strict params; §4.2 emitter shape; §4.5 module contract.
import { describe, expect, it } from "vitest";
import defaultExport, { emitters, webEmitter } from "../src/index";

function parse(template: string, params: unknown) {
  const def = webEmitter.templates[template];
  if (!def) throw new Error(`no template ${template}`);
  return def.params.safeParse(params);
}

function render(template: string, params: unknown): string {
  const parsed = parse(template, params);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return String(webEmitter.templates[template]?.render(parsed.data));
}

describe("emitter identity", () => {
  it('Emitter `id: "web"`, `version: "2.0.0"`; exports `webEmitter`, `emitters: [webEmitter]` and `default: webEmitter`', () => {
    expect(webEmitter.id).toBe("web");
    expect(webEmitter.version).toBe("2.0.0");
    expect(emitters).toEqual([webEmitter]);
    expect(defaultExport).toBe(webEmitter);
  });

  it("catalogue rows: the 7 templates with their description texts", () => {
    const rows = Object.entries(webEmitter.templates).map(([t, d]) => [t, d.description]);
    expect(rows).toEqual([
      ["biome.config", "Biome configuration with 2-space indent, width 100, double quotes, LF and strict lint rules"],
      ["drizzle.table", "Drizzle `pgTable` module with an identity `id` and inferred select/insert types"],
      ["hono.route", "Hono route module with one handler per method"],
      [
        "next.route-handler",
        "Next.js App Router route handler, one exported function per method, optional Zod body validation",
      ],
      [
        "next.server-action",
        "Next.js server action validating FormData with Zod and returning `{ ok, errors, values }`",
      ],
      ["readme.section", "One Markdown section: a level-2 heading and a body"],
      ["tailwind.globals", "Tailwind CSS v4 global stylesheet with base colour and radius tokens"],
    ]);
  });
});

describe("strict params", () => {
  it('`hono.route` with `path: "x"` → params fail (ERR_TEMPLATE_PARAMS at compile)', () => {
    expect(parse("hono.route", { name: "r", path: "x", methods: ["GET"] }).success).toBe(false);
  });

  it("template params with an extra key → params fail, for every template", () => {
    const valid: Record<string, Record<string, unknown>> = {
      "biome.config": {},
      "drizzle.table": { name: "t", columns: [{ name: "a", type: "text" }] },
      "hono.route": { name: "r", path: "/r", methods: ["GET"] },
      "next.route-handler": { segment: "api/x", methods: ["GET"] },
      "next.server-action": { name: "act", fields: [{ name: "a", zod: "string" }] },
      "readme.section": { title: "T", body: "" },
      "tailwind.globals": {},
    };
    for (const [name, params] of Object.entries(valid)) {
      expect(parse(name, params).success, name).toBe(true);
      expect(parse(name, { ...params, extra: 1 }).success, name).toBe(false);
    }
  });

  it("limits: names ≤ 63 / 64, methods 1–4, columns 1–100, fields 1–50, title 1–120, body ≤ 8000", () => {
    expect(parse("drizzle.table", { name: "a".repeat(64), columns: [{ name: "a", type: "text" }] }).success).toBe(
      false,
    );
    expect(parse("drizzle.table", { name: "Bad", columns: [{ name: "a", type: "text" }] }).success).toBe(false);
    expect(parse("drizzle.table", { name: "t", columns: [] }).success).toBe(false);
    expect(parse("drizzle.table", { name: "t", columns: [{ name: "a", type: "json" }] }).success).toBe(false);
    const cols = Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`, type: "text" }));
    expect(parse("drizzle.table", { name: "t", columns: cols }).success).toBe(false);
    expect(parse("hono.route", { name: "1r", path: "/r", methods: ["GET"] }).success).toBe(false);
    expect(parse("hono.route", { name: "r", path: "/r", methods: [] }).success).toBe(false);
    expect(parse("hono.route", { name: "r", path: "/r", methods: ["PATCH"] }).success).toBe(false);
    expect(parse("hono.route", { name: "r", path: `/${"a".repeat(128)}`, methods: ["GET"] }).success).toBe(false);
    expect(parse("next.route-handler", { segment: "api/[Id]", methods: ["GET"] }).success).toBe(false);
    expect(parse("next.route-handler", { segment: "api/[id]", methods: ["GET"] }).success).toBe(true);
    expect(parse("next.route-handler", { segment: "/api", methods: ["GET"] }).success).toBe(false);
    const fields = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, zod: "string" }));
    expect(parse("next.server-action", { name: "a", fields }).success).toBe(false);
    expect(parse("next.server-action", { name: "a", fields: [{ name: "a", zod: "date" }] }).success).toBe(false);
    expect(parse("readme.section", { title: "", body: "" }).success).toBe(false);
    expect(parse("readme.section", { title: "t".repeat(121), body: "" }).success).toBe(false);
    expect(parse("readme.section", { title: "t", body: "b".repeat(8001) }).success).toBe(false);
    expect(parse("readme.section", { title: "t", body: "b".repeat(8000) }).success).toBe(true);
  });
});

describe("outputs", () => {
  it("`methods` duplicates are removed and rendered in the order GET, POST, PUT, DELETE", () => {
    const out = render("hono.route", { name: "r", path: "/r", methods: ["DELETE", "PUT", "DELETE", "GET"] });
    const order = [...out.matchAll(/r\.(get|post|put|delete)\(/g)].map((m) => m[1]);
    expect(order).toEqual(["get", "put", "delete"]);
  });

  it("TypeScript outputs carry a one-line comment naming the package and web@2.0.0", () => {
    const ts = [
      render("drizzle.table", { name: "t", columns: [{ name: "a", type: "text" }] }),
      render("hono.route", { name: "r", path: "/r", methods: ["GET"] }),
      render("next.route-handler", { segment: "x", methods: ["GET"] }),
      render("next.server-action", { name: "a", fields: [{ name: "a", zod: "string" }] }),
    ];
    for (const out of ts) expect(out.split("\n")[0]).toBe("// Generated by @codai/axiom-emitters-web (web@2.0.0)");
  });

  it("drizzle: `id` identity primary key unless a column is `primaryKey`", () => {
    const withPk = render("drizzle.table", { name: "t", columns: [{ name: "code", type: "uuid", primaryKey: true }] });
    expect(withPk).not.toContain("generatedAlwaysAsIdentity");
    expect(withPk).toContain(`code: uuid("code").primaryKey(),`);
    expect(withPk).toContain(`import { pgTable, uuid } from "drizzle-orm/pg-core";`);
  });

  it("next.route-handler: DELETE returns 204; no schema import without POST/PUT", () => {
    const out = render("next.route-handler", { segment: "x", methods: ["DELETE"], zodSchemaName: "S" });
    expect(out).toContain("status: 204");
    expect(out).not.toContain("./schema");
  });

  it("readme.section: CRLF → LF, trailing whitespace trimmed, exactly one trailing LF", () => {
    expect(render("readme.section", { title: "T", body: "a  \r\nb\t\r\n\r\n" })).toBe("## T\n\na\nb\n");
    expect(render("readme.section", { title: "T", body: "" })).toBe("## T\n");
  });
});

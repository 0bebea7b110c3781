// sources.md §4.4: "An emitter package depends at most on packages/schema (types) and its own
// param-validation library; never on plan/checks/apply/mcp"; §4.7: "Dependencies:
// @codai/axiom-schema (types) and zod".
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith(".ts") ? [p] : [];
  });
}

describe("emitters-web dependencies", () => {
  it("src imports only zod, node-free relative modules and type-only @codai/axiom-schema", () => {
    for (const file of sources(SRC)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^import\s+(type\s+)?[^"']*from\s+["']([^"']+)["']/gm)) {
        const [, typeOnly, spec] = m;
        if (spec?.startsWith(".")) continue;
        if (spec === "zod") continue;
        expect(spec, file).toBe("@codai/axiom-schema");
        expect(typeOnly, `${file}: @codai/axiom-schema must be imported type-only`).toBeDefined();
      }
    }
  });

  it("package.json dependencies are exactly @codai/axiom-schema and zod", () => {
    const pkg = JSON.parse(readFileSync(join(SRC, "..", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["@codai/axiom-schema", "zod"]);
  });
});

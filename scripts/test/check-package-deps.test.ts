// scripts/check-package-deps.mjs enforces the README "Layout" boundaries: "schema and canon are
// leaves; store sits on them; plan, checks and apply import store and never each other; only
// packages/mcp/src/adapter.ts may import the MCP SDK".
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { checkPackageDeps } from "../check-package-deps.mjs";
import { type FixtureRepo, fixtureRepo } from "./fixture-repo";

const repoRoot = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const script = join(repoRoot, "scripts/check-package-deps.mjs");

let fixture: FixtureRepo | undefined;
afterEach(() => fixture?.cleanup());

function repoWith(files: Record<string, string>): string {
  fixture = fixtureRepo(files);
  return fixture.dir;
}

const problemsOf = (files: Record<string, string>): string[] => checkPackageDeps(repoWith(files)).problems;

describe("check-package-deps", () => {
  it("the real repository passes", () => {
    expect(checkPackageDeps(repoRoot).problems).toEqual([]);
  });

  it("allowed edges pass: plan → schema/canon, mcp → everything, adapter.ts → the SDK, third-party and node: modules", () => {
    expect(
      problemsOf({
        "packages/plan/src/a.ts": `import { z } from "zod";\nimport { x } from "@codai/axiom-schema";\nexport * from "@codai/axiom-canon";\nimport "node:fs";\nimport { y } from "./b";\nimport pkg from "../package.json";`,
        "packages/mcp/src/adapter.ts": `import { McpServer } from "@modelcontextprotocol/server";`,
        "packages/mcp/src/x.ts": `import { a } from "@codai/axiom-apply";\nimport { c } from "@codai/axiom-checks";\nconst p = await import("@codai/axiom-plan");`,
      }),
    ).toEqual([]);
  });

  it("schema and canon are leaves: schema importing canon fails", () => {
    expect(problemsOf({ "packages/schema/src/a.ts": `import { sha256Hex } from "@codai/axiom-canon";` })).toEqual([
      'packages/schema/src/a.ts:1: packages/schema imports canon ("@codai/axiom-canon"); it is a leaf',
    ]);
    expect(problemsOf({ "packages/canon/src/a.ts": `import type { Plan } from "@codai/axiom-schema";` })).toHaveLength(
      1,
    );
  });

  it("plan, checks and apply never import each other: static, type-only, export-from, dynamic import and require all fail", () => {
    const problems = problemsOf({
      "packages/plan/src/a.ts": `import { runChecks } from "@codai/axiom-checks";`,
      "packages/checks/src/a.ts": `export { apply } from "@codai/axiom-apply";\nimport type { X } from "@codai/axiom-plan";`,
      "packages/apply/src/a.ts": `const m = await import("@codai/axiom-plan");\nconst n = require("@codai/axiom-checks/src/x");`,
    });
    expect(problems).toHaveLength(5);
    expect(problems.every((p: string) => /it may import only schema, canon/.test(p))).toBe(true);
  });

  it("store is the floor: plan, checks, apply and testkit may import it (the layout subpath too); store importing plan, checks, apply or mcp fails", () => {
    expect(
      problemsOf({
        "packages/plan/src/a.ts": `import { intakeBundle } from "@codai/axiom-store";`,
        "packages/checks/src/a.ts": `import { readPreImage } from "@codai/axiom-store";`,
        "packages/apply/src/a.ts": `import { fsx } from "@codai/axiom-store";`,
        "packages/testkit/src/a.ts": `import { AXIOM_DIR } from "@codai/axiom-store/layout";`,
        "packages/store/src/a.ts": `import { x } from "@codai/axiom-schema";\nimport { y } from "@codai/axiom-canon";`,
      }),
    ).toEqual([]);
    const problems = problemsOf({
      "packages/store/src/a.ts": `import { compilePlan } from "@codai/axiom-plan";\nimport "@codai/axiom-apply";\nimport "@codai/axiom-checks";\nimport "@codai/axiom-mcp";`,
    });
    expect(problems).toHaveLength(4);
    expect(problems.every((p: string) => /packages\/store imports .*it may import only schema, canon$/.test(p))).toBe(
      true,
    );
  });

  it("a relative import that reaches into another package counts as importing it", () => {
    expect(problemsOf({ "packages/plan/src/deep/a.ts": `import { x } from "../../../checks/src/x";` })).toEqual([
      'packages/plan/src/deep/a.ts:1: packages/plan imports checks ("../../../checks/src/x"); it may import only schema, canon, store',
    ]);
  });

  it("only packages/mcp/src/adapter.ts imports @modelcontextprotocol/*", () => {
    const problems = problemsOf({
      "packages/mcp/src/server.ts": `import { McpServer } from "@modelcontextprotocol/server";`,
      "packages/apply/src/a.ts": `type T = import("@modelcontextprotocol/client").Client;`,
    });
    expect(problems).toHaveLength(2);
    expect(problems[1]).toContain("only packages/mcp/src/adapter.ts may import the MCP SDK");
  });

  it("a package with no boundary rule fails closed", () => {
    expect(problemsOf({ "packages/extra/src/a.ts": `export const a = 1;` })).toEqual([
      "packages/extra: no boundary rule (add it to ALLOWED_DEPS)",
    ]);
  });

  it("the script exits 1 on a violating fixture and 0 on a clean one", () => {
    const bad = repoWith({ "packages/plan/src/a.ts": `import "@codai/axiom-apply";` });
    const run = spawnSync(process.execPath, [script, "--repo", bad], { encoding: "utf8", shell: false });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("packages/plan imports apply");
    fixture?.cleanup();
    const good = repoWith({ "packages/plan/src/a.ts": `import "@codai/axiom-schema";` });
    expect(spawnSync(process.execPath, [script, "--repo", good], { shell: false }).status).toBe(0);
  });
});

// scripts/check-package-deps.mjs enforces the README "Layout" boundaries ("rules and canon are
// leaves, schema imports only rules; store sits on them; plan, checks and apply import store and
// never each other; only
// packages/mcp/src/server/adapter.ts may import the MCP SDK"; rules imports no third-party module but
// picomatch), each package's public surface, and the folder rules of packages/mcp/src (issue 18).
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
        "packages/mcp/src/server/adapter.ts": `import { McpServer } from "@modelcontextprotocol/server";`,
        "packages/mcp/src/x.ts": `import { a } from "@codai/axiom-apply";\nimport { c } from "@codai/axiom-checks";\nconst p = await import("@codai/axiom-plan");`,
      }),
    ).toEqual([]);
  });

  it("canon is a leaf and schema imports only rules: schema importing canon fails", () => {
    expect(problemsOf({ "packages/schema/src/a.ts": `import { sha256Hex } from "@codai/axiom-canon";` })).toEqual([
      'packages/schema/src/a.ts:1: packages/schema imports canon ("@codai/axiom-canon"); it may import only rules',
    ]);
    expect(problemsOf({ "packages/canon/src/a.ts": `import type { Plan } from "@codai/axiom-schema";` })).toHaveLength(
      1,
    );
  });

  it("rules is a zero-dependency leaf: a workspace import, zod or a node: builtin fails; picomatch and its own files pass; schema may import rules", () => {
    expect(
      problemsOf({
        "packages/rules/src/a.ts": `import picomatch from "picomatch";\nimport { b } from "./b";`,
        "packages/rules/src/b.ts": `export const b = 1;`,
        "packages/schema/src/a.ts": `import { relPathIssues } from "@codai/axiom-rules";`,
      }),
    ).toEqual([]);
    expect(
      problemsOf({
        "packages/rules/src/a.ts": `import { z } from "zod";\nimport "node:fs";\nimport type { Plan } from "@codai/axiom-schema";`,
      }),
    ).toEqual([
      'packages/rules/src/a.ts:1: packages/rules imports "zod"; it may import only picomatch',
      'packages/rules/src/a.ts:2: packages/rules imports "node:fs"; it may import only picomatch',
      'packages/rules/src/a.ts:3: packages/rules imports schema ("@codai/axiom-schema"); it is a leaf',
    ]);
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
        "packages/store/package.json": JSON.stringify({
          exports: { ".": "./src/index.ts", "./layout": "./src/layout.ts" },
          dependencies: { "@codai/axiom-schema": "2.0.0", "@codai/axiom-canon": "2.0.0" },
        }),
        "packages/store/src/a.ts": `import { x } from "@codai/axiom-schema";\nimport { y } from "@codai/axiom-canon";`,
      }),
    ).toEqual([]);
    const problems = problemsOf({
      "packages/store/src/a.ts": `import { compilePlan } from "@codai/axiom-plan";\nimport "@codai/axiom-apply";\nimport "@codai/axiom-checks";\nimport "@codai/axiom-mcp";`,
    });
    expect(problems).toHaveLength(4);
    expect(
      problems.every((p: string) => /packages\/store imports .*it may import only rules, schema, canon$/.test(p)),
    ).toBe(true);
  });

  it("a relative import that reaches into another package counts as importing it", () => {
    expect(problemsOf({ "packages/plan/src/deep/a.ts": `import { x } from "../../../checks/src/x";` })).toEqual([
      'packages/plan/src/deep/a.ts:1: packages/plan imports checks ("../../../checks/src/x"); it may import only schema, canon, rules, store',
    ]);
  });

  it("an allowed package reached past its public surface fails: a relative path into it, or an undeclared subpath", () => {
    const problems = problemsOf({
      "packages/plan/src/a.ts": `import { x } from "../../schema/src/relpath";\nimport { y } from "@codai/axiom-schema/src/relpath";`,
      "packages/schema/package.json": JSON.stringify({
        name: "@codai/axiom-schema",
        exports: { ".": "./src/index.ts" },
      }),
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("reaches into packages/schema by path");
    expect(problems[1]).toContain('"@codai/axiom-schema/src/relpath" is not a public surface of packages/schema');
  });

  it("a subpath the package's exports declare passes", () => {
    expect(
      problemsOf({
        "packages/mcp/src/harness/gate/a.ts": `import { AXIOM_DIR } from "@codai/axiom-store/layout";\nimport { y } from "./b";`,
        "packages/store/package.json": JSON.stringify({
          exports: { ".": "./src/index.ts", "./layout": "./src/layout.ts" },
        }),
      }).filter((p) => !p.includes("packages/store: no boundary rule")),
    ).toEqual([]);
  });

  describe("honest packages: declared dependencies, no public package on a private one", () => {
    it("a workspace package imported but not declared in package.json fails; declared passes", () => {
      const files = {
        "packages/plan/src/a.ts": `import { x } from "@codai/axiom-schema";\nimport { y } from "@codai/axiom-canon";`,
        "packages/plan/package.json": JSON.stringify({
          name: "@codai/axiom-plan",
          dependencies: { "@codai/axiom-schema": "2.0.0" },
        }),
      };
      expect(problemsOf(files)).toEqual([
        "packages/plan/package.json: imports @codai/axiom-canon but does not declare it (dependencies / optionalDependencies / peerDependencies)",
      ]);
    });

    it("the bundling mcp package may declare its workspace packages as devDependencies", () => {
      expect(
        problemsOf({
          "packages/mcp/src/a.ts": `import { x } from "@codai/axiom-workflow";`,
          "packages/mcp/package.json": JSON.stringify({
            name: "@codai/axiom-mcp",
            devDependencies: { "@codai/axiom-workflow": "2.0.0" },
          }),
        }),
      ).toEqual([]);
    });

    it("a public package depending on a private one fails (npm could not install it)", () => {
      const problems = problemsOf({
        "packages/schema/src/a.ts": `import { x } from "@codai/axiom-rules";`,
        "packages/schema/package.json": JSON.stringify({
          name: "@codai/axiom-schema",
          dependencies: { "@codai/axiom-rules": "2.0.0" },
        }),
        "packages/rules/package.json": JSON.stringify({ name: "@codai/axiom-rules", private: true }),
      });
      expect(problems).toEqual(["packages/schema/package.json: public, but depends on the private @codai/axiom-rules"]);
    });
  });

  describe("folder rules of packages/mcp/src", () => {
    it("the gate importing the server, zod-bearing schema or the store's barrel fails", () => {
      const problems = problemsOf({
        "packages/mcp/src/harness/gate/a.ts": `import { x } from "../../server/context";\nimport { y } from "@codai/axiom-schema";\nimport { z } from "@codai/axiom-store";\nimport { readFileSync } from "node:fs";`,
      });
      expect(problems).toHaveLength(3);
      expect(problems.every((p) => p.includes("the PreToolUse hook runs on every native tool call"))).toBe(true);
    });

    it("nothing but the CLI and the entries imports cli/: server, transports, harness importing it fail", () => {
      const problems = problemsOf({
        "packages/mcp/src/server/a.ts": `import { x } from "../cli/output";`,
        "packages/mcp/src/transports/stdio/b.ts": `import { x } from "../../cli/main";`,
        "packages/mcp/src/harness/init/c.ts": `import { x } from "../../cli/args";`,
        "packages/mcp/src/entries/d.ts": `export { main } from "../cli/main";`,
        "packages/mcp/src/cli/e.ts": `import { x } from "./output";`,
      });
      expect(problems.map((p) => p.split(":")[0])).toEqual([
        "packages/mcp/src/harness/init/c.ts",
        "packages/mcp/src/server/a.ts",
        "packages/mcp/src/transports/stdio/b.ts",
      ]);
    });

    it("the server importing a transport or harness wiring fails", () => {
      const problems = problemsOf({
        "packages/mcp/src/server/tools/a.ts": `import { x } from "../../transports/http/serve";\nimport { y } from "../../harness/init/run";`,
      });
      expect(problems).toHaveLength(2);
    });

    it("tools, resources and the CLI reach plan, checks, apply and axm only through the workflow: static, type-only, subpath and dynamic imports of them fail; the workflow, schema, rules and the store's layout pass", () => {
      const problems = problemsOf({
        "packages/mcp/src/server/tools/a.ts": `import { apply } from "@codai/axiom-apply";\nimport { applyBundle } from "@codai/axiom-workflow";`,
        "packages/mcp/src/server/resources/b.ts": `import type { ResolvedProfile } from "@codai/axiom-checks";\nimport { layout } from "@codai/axiom-store/layout";`,
        "packages/mcp/src/cli/verbs/c.ts": `import { compilePlan } from "@codai/axiom-plan";\nconst m = await import("@codai/axiom-axm");\nimport { axiomError } from "@codai/axiom-schema";`,
        "packages/mcp/src/cli/d.ts": `export { verifyChain } from "@codai/axiom-apply/src/chain";\nimport { ARTIFACTS_MAX } from "@codai/axiom-rules";`,
      }).filter((p) => p.includes("thin adapters"));
      expect(problems.map((p) => p.split(": imports ")[0])).toEqual([
        "packages/mcp/src/cli/d.ts:1",
        "packages/mcp/src/cli/verbs/c.ts:1",
        "packages/mcp/src/cli/verbs/c.ts:2",
        "packages/mcp/src/server/resources/b.ts:1",
        "packages/mcp/src/server/tools/a.ts:1",
      ]);
    });

    it("the adapter rule's named exceptions (cli/sign-keyless.ts, cli/load-emitters.ts) pass; the server outside tools/ and resources/ is not governed by it", () => {
      expect(
        problemsOf({
          "packages/mcp/src/cli/sign-keyless.ts": `import { signKeyless } from "@codai/axiom-checks";`,
          "packages/mcp/src/cli/load-emitters.ts": `import { createEmitterRegistry } from "@codai/axiom-plan";`,
          "packages/mcp/src/server/profile-rule.ts": `import { selectMcpProfile } from "@codai/axiom-checks";`,
        }),
      ).toEqual([]);
    });

    it("entries/ are reached only by import(): a static import of one fails, a dynamic one passes", () => {
      const problems = problemsOf({
        "packages/mcp/src/cli/verbs/a.ts": `import { runMcpHttp } from "../../entries/http";\nconst m = await import("../../entries/gc");`,
      });
      expect(problems).toEqual([
        'packages/mcp/src/cli/verbs/a.ts:1: imports "../../entries/http" statically; entries/ are chunk roots, reached only by import()',
      ]);
    });
  });

  describe("test hooks off the public surfaces: @codai/axiom-store/testing (installFs)", () => {
    const STORE = JSON.stringify({
      exports: { ".": "./src/index.ts", "./layout": "./src/layout.ts", "./testing": "./src/testing.ts" },
      dependencies: { "@codai/axiom-schema": "2.0.0" },
    });

    it("production source reaching the fault hook fails: apply and mcp by name (type-only and dynamic too), the store's own index by relative path", () => {
      const problems = problemsOf({
        "packages/store/package.json": STORE,
        "packages/store/src/testing.ts": `export { installFs } from "./fsx";`,
        "packages/store/src/index.ts": `export { installFs } from "./testing";`,
        "packages/apply/src/a.ts": `import { installFs } from "@codai/axiom-store/testing";`,
        "packages/mcp/src/common/b.ts": `import type { X } from "@codai/axiom-store/testing";\nconst t = await import("@codai/axiom-store/testing");`,
      });
      const hooked = problems.filter((p: string) => p.includes("is a test hook"));
      expect(hooked.map((p: string) => p.split(": imports ")[0])).toEqual([
        "packages/apply/src/a.ts:1",
        "packages/mcp/src/common/b.ts:1",
        "packages/mcp/src/common/b.ts:2",
        "packages/store/src/index.ts:1",
      ]);
    });

    it("the testing entry itself and testkit's src (test code) pass; the store's main entry and fsx module pass", () => {
      expect(
        problemsOf({
          "packages/store/package.json": STORE,
          "packages/store/src/testing.ts": `export { installFs } from "./fsx";`,
          "packages/store/src/index.ts": `export { fsx } from "./fsx";`,
          "packages/testkit/package.json": JSON.stringify({ dependencies: { "@codai/axiom-store": "2.0.0" } }),
          "packages/testkit/src/a.ts": `import { installFs } from "@codai/axiom-store/testing";`,
          "packages/apply/src/a.ts": `import { fsx } from "@codai/axiom-store";`,
        }).filter((p: string) => !p.includes("does not declare")),
      ).toEqual([]);
    });
  });

  it("only packages/mcp/src/server/adapter.ts imports @modelcontextprotocol/*", () => {
    const problems = problemsOf({
      "packages/mcp/src/server/server.ts": `import { McpServer } from "@modelcontextprotocol/server";`,
      "packages/apply/src/a.ts": `type T = import("@modelcontextprotocol/client").Client;`,
    });
    expect(problems).toHaveLength(2);
    expect(problems[1]).toContain("only packages/mcp/src/server/adapter.ts may import the MCP SDK");
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

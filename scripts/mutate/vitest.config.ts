// vitest config for mutation runs (scripts/mutate/stryker.config.mjs): the tests of the target named
// by AXIOM_MUTATE_TARGET and nothing else, so a package's mutants are judged by its own tests. No
// globalSetup: the core packages' tests do not need the built CLI. A test file that fails to load
// counts as a failed test (load-failure-reporter.ts: otherwise Stryker's vitest runner scores a
// mutant that breaks a module's import as Survived). Workspace imports (`@codai/axiom-apply`,
// `@codai/axiom-store/layout`) resolve to the packages beside this config (`sandboxPackages`): the
// sandbox's node_modules is a symlink to the worktree's, whose workspace links point back at the
// unmutated sources, so a test importing its package by name would never see a mutant. By hand:
//   AXIOM_MUTATE_TARGET=canon npx vitest run --config scripts/mutate/vitest.config.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import LoadFailureAsFailedTest from "./load-failure-reporter";
// @ts-expect-error plain ESM module without type declarations
import { targetNamed } from "./targets.mjs";

const name = process.env.AXIOM_MUTATE_TARGET;
if (!name) throw new Error("AXIOM_MUTATE_TARGET is not set (npm run mutate sets it)");

const root = new URL("../..", import.meta.url).pathname;

/** `@codai/axiom-<dir>[/sub]` → `<root>/packages/<dir>/<exports entry>` (string entries; else Vite's own resolution). */
function sandboxPackages(): Plugin {
  return {
    name: "axiom-sandbox-packages",
    enforce: "pre",
    resolveId(source) {
      const m = /^@codai\/axiom-([a-z-]+)(\/[^/]+)?$/.exec(source);
      if (m === null) return null;
      const dir = join(root, "packages", m[1] as string);
      if (!existsSync(join(dir, "package.json"))) return null;
      const exports = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).exports as
        | Record<string, unknown>
        | undefined;
      const entry = exports?.[`.${m[2] ?? ""}`];
      return typeof entry === "string" ? join(dir, entry) : null;
    },
  };
}

export default defineConfig({
  plugins: [sandboxPackages()],
  test: {
    root,
    include: targetNamed(name).tests,
    reporters: ["default", new LoadFailureAsFailedTest()],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

// vitest config for mutation runs (scripts/mutate/stryker.config.mjs): the tests of the target named
// by AXIOM_MUTATE_TARGET and nothing else, so a package's mutants are judged by its own tests. No
// globalSetup: the core packages' tests do not need the built CLI. A test file that fails to load
// counts as a failed test (load-failure-reporter.ts: otherwise Stryker's vitest runner scores a
// mutant that breaks a module's import as Survived). By hand:
//   AXIOM_MUTATE_TARGET=canon npx vitest run --config scripts/mutate/vitest.config.ts
import { defineConfig } from "vitest/config";
import LoadFailureAsFailedTest from "./load-failure-reporter";
// @ts-expect-error plain ESM module without type declarations
import { targetNamed } from "./targets.mjs";

const name = process.env.AXIOM_MUTATE_TARGET;
if (!name) throw new Error("AXIOM_MUTATE_TARGET is not set (npm run mutate sets it)");

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: targetNamed(name).tests,
    reporters: ["default", new LoadFailureAsFailedTest()],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

// vitest config for mutation runs (scripts/mutate/stryker.config.mjs): the tests of the target named
// by AXIOM_MUTATE_TARGET and nothing else, so a package's mutants are judged by its own tests. No
// globalSetup: the core packages' tests do not need the built CLI. By hand:
//   AXIOM_MUTATE_TARGET=canon npx vitest run --config scripts/mutate/vitest.config.ts
import { defineConfig } from "vitest/config";
// @ts-expect-error plain ESM module without type declarations
import { targetNamed } from "./targets.mjs";

const name = process.env.AXIOM_MUTATE_TARGET;
if (!name) throw new Error("AXIOM_MUTATE_TARGET is not set (npm run mutate sets it)");

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: targetNamed(name).tests,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

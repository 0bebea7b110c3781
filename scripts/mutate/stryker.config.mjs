// StrykerJS options for one target of scripts/mutate/targets.mjs (issue 25). `npm run mutate
// [target…]` (scripts/mutate/run.mjs) builds them per target; `AXIOM_MUTATE_TARGET=canon npx stryker
// run scripts/mutate/stryker.config.mjs` runs the same thing by hand. docs/test-strength.md holds
// the last report and how to read it.
//
// Choices, each a documented Stryker option:
// - Pinned @stryker-mutator/* 9.6.1: the last line whose engines allow Node 20 (10.x wants ≥ 22).
// - testRunner "vitest" with scripts/mutate/vitest.config.ts, whose include list is the target's own
//   `tests` (read from AXIOM_MUTATE_TARGET, which the runner child processes inherit): canon's
//   mutants are judged by packages/canon/test alone, never by plan's or apply's tests. That config
//   has no globalSetup (the CLI build is not needed by the core packages' tests).
// - coverageAnalysis "perTest": each mutant runs only the tests that reach it; a mutant no test of
//   the package reaches is reported "NoCoverage", the signal the issue asks for.
// - An 8 GiB heap limit for the tests (run.mjs, TEST_HEAP): the vitest runner runs them in a
//   worker thread (pool "threads", forced by @stryker-mutator/vitest-runner), whose heap without
//   an explicit limit is smaller than the process's; the store's intake suite (a 50,000-deep
//   bundle beside 4 MiB ones) ran it out of memory once instrumented ("Worker exited unexpectedly"
//   in the dry run; 4 GiB was not enough). The flag reaches the worker only through NODE_OPTIONS
//   (Stryker's testRunnerNodeArgs stop at the runner process; a worker's execArgv refuses V8 flags).
// - concurrency 2: the machines have 2 cores (`--concurrency=1` when other work shares them).
// - incremental: true, with the incremental file in reports/mutation/<target>/ (gitignored, and a
//   path Stryker never copies into its sandbox): a second run re-tests only mutants whose source or
//   covering tests changed. `--force` (run.mjs) re-runs everything.
// - Error-message text is excluded by the ignorer plugin "axiom-message-text"
//   (scripts/mutate/message-ignorer.mjs, StrykerJS `ignorers` + `plugins`): those mutants are
//   reported as Ignored and leave the score, while every other string literal (digests, regex
//   sources, error codes, paths) keeps its mutants. `--all-mutants` turns the ignorer off (with its
//   own incremental file) to measure the score over all mutants.
// - Reports: clear-text + json + html under reports/mutation/<target>/; thresholds high 90 / low 80
//   only colour the output (break: null) — the gate is docs/test-strength.md, not a CI failure.
import { targetNamed } from "./targets.mjs";

/** Where a target's reports and incremental files live (gitignored `reports/`). */
export function reportDir(targetName) {
  return `reports/mutation/${targetName}`;
}

/**
 * Stryker options for `targetName`. `allMutants` drops the message-text ignorer (for the "all
 * mutants" column of docs/test-strength.md); `force` re-runs every mutant despite the incremental file;
 * `concurrency` is the number of test runners (undefined: 2); `ignoreStatic` leaves static mutants
 * out (Stryker's `ignoreStatic`: each runs the whole suite, too slow for a loaded machine).
 */
export function strykerOptions(
  targetName,
  { allMutants = false, force = false, ignoreStatic = false, concurrency = 2 } = {},
) {
  const target = targetNamed(targetName);
  const dir = reportDir(target.name);
  const suffix = allMutants ? "-all" : "";
  return {
    packageManager: "npm",
    testRunner: "vitest",
    vitest: { configFile: "scripts/mutate/vitest.config.ts", related: true },
    plugins: ["@stryker-mutator/vitest-runner", "./scripts/mutate/message-ignorer.mjs"],
    ignorers: allMutants ? [] : ["axiom-message-text"],
    mutate: [...target.mutate],
    coverageAnalysis: "perTest",
    concurrency,
    ignoreStatic,
    incremental: true,
    incrementalFile: `${dir}/incremental${suffix}.json`,
    force,
    reporters: ["clear-text", "progress", "json", "html"],
    jsonReporter: { fileName: `${dir}/mutation${suffix}.json` },
    htmlReporter: { fileName: `${dir}/mutation${suffix}.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
    thresholds: { high: 90, low: 80, break: null },
    tempDirName: `.stryker-tmp-${target.name}`,
    cleanTempDir: true,
    // docs/ stays out of the sandbox but for the pages a test reads (rules' protected.test.ts
    // checks docs/security.md's table against PROTECTED_PATHS).
    ignorePatterns: ["/coverage", "/.vitest-tmp", "/bench", "/docs/*", "!/docs/security.md"],
    timeoutMS: 10_000,
  };
}

// `npx stryker run scripts/mutate/stryker.config.mjs` reads the default export.
export default process.env.AXIOM_MUTATE_TARGET ? strykerOptions(process.env.AXIOM_MUTATE_TARGET) : undefined;

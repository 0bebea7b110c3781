// The mutation-testing targets of `npm run mutate` (issue 25): which source files each run mutates
// and which tests judge them. A target's mutants are judged by that package's own tests only, so a
// file that only another package's tests exercise shows up as "no coverage" instead of borrowing
// their strength. The list is data: scripts/mutate/stryker.config.mjs turns one entry into Stryker
// options, scripts/mutate/vitest.config.ts into the vitest include list, and
// scripts/test/mutate-config.test.ts checks that every ready entry names only existing files.
//
// `status`:
//   "ready"    run by `npm run mutate` with no argument, reported in docs/test-strength.md;
//   "prepared" config only: run it by name (`npm run mutate apply`) once its package settles;
//   "pending"  its package does not exist yet in this tree (`waitsFor`): refused by `npm run mutate`
//              until it does; from then on it runs by name and the config test checks its files.

/** @typedef {{ name: string; status: "ready" | "prepared" | "pending"; mutate: string[]; tests: string[]; waitsFor?: string; note?: string }} MutateTarget */

/** @type {MutateTarget[]} */
export const TARGETS = [
  {
    name: "canon",
    status: "ready",
    mutate: [
      "packages/canon/src/blob.ts",
      "packages/canon/src/digest.ts",
      "packages/canon/src/dsse.ts",
      "packages/canon/src/each-limit.ts",
      "packages/canon/src/jcs.ts",
      "packages/canon/src/keys.ts",
      "packages/canon/src/pae.ts",
      "packages/canon/src/statement-builders.ts",
      "packages/canon/src/trust-state.ts",
    ],
    tests: ["packages/canon/test/**/*.test.ts"],
  },
  {
    name: "rules",
    status: "ready",
    mutate: [
      "packages/rules/src/axiom-dir.ts",
      "packages/rules/src/glob.ts",
      "packages/rules/src/limits.ts",
      "packages/rules/src/protected.ts",
      "packages/rules/src/relpath.ts",
      "packages/rules/src/secrets.ts",
    ],
    tests: ["packages/rules/test/**/*.test.ts"],
  },
  {
    name: "apply",
    status: "prepared",
    mutate: [
      "packages/apply/src/commit.ts",
      "packages/apply/src/journal.ts",
      "packages/apply/src/recovery.ts",
      "packages/apply/src/rollback.ts",
      "packages/apply/src/chain.ts",
      "packages/apply/src/chain-walk.ts",
      "packages/apply/src/chain-scan.ts",
    ],
    tests: ["packages/apply/test/**/*.test.ts"],
    note: "the whole package at once: its dry run alone passes Stryker's 5-minute limit (crash-sigkill, crash-explorer, fault-sweep); run it as apply-chain + apply-commit",
  },
  {
    name: "apply-chain",
    status: "ready",
    // The audit chain (append, walk, scan) and the one-step rollback, judged by the tests that drive
    // them in process. Left out: the crash-*, fault-sweep, invariants-crash, concurrency and pr-leak
    // suites (minutes per mutant in child processes): a mutant only they kill counts as survived, so
    // the scores are lower bounds of the whole package's.
    mutate: [
      "packages/apply/src/chain.ts",
      "packages/apply/src/chain-walk.ts",
      "packages/apply/src/chain-scan.ts",
      "packages/apply/src/rollback.ts",
    ],
    tests: [
      "packages/apply/test/chain*.test.ts",
      "packages/apply/test/rollback-*.test.ts",
      "packages/apply/test/status.test.ts",
      "packages/apply/test/apply-errors.test.ts",
      "packages/apply/test/backup-verify.test.ts",
      "packages/apply/test/case-fold.test.ts",
      "packages/apply/test/engine-basic.test.ts",
      "packages/apply/test/escape-detect.test.ts",
      "packages/apply/test/journal-corrupt.test.ts",
      "packages/apply/test/recovery-history.test.ts",
      "packages/apply/test/threats-apply.test.ts",
    ],
  },
  {
    name: "apply-commit",
    status: "ready",
    // The two-phase commit, its journal and crash recovery, judged by the in-process apply tests;
    // the same suites as apply-chain's are left out (lower bounds, as there).
    mutate: ["packages/apply/src/commit.ts", "packages/apply/src/journal.ts", "packages/apply/src/recovery.ts"],
    tests: [
      "packages/apply/test/commit-*.test.ts",
      "packages/apply/test/journal-*.test.ts",
      "packages/apply/test/recovery-*.test.ts",
      "packages/apply/test/clean-state.test.ts",
      "packages/apply/test/engine-*.test.ts",
      "packages/apply/test/apply-errors.test.ts",
      "packages/apply/test/backup-verify.test.ts",
      "packages/apply/test/case-fold.test.ts",
      "packages/apply/test/dry-run-staging.test.ts",
      "packages/apply/test/escape-detect.test.ts",
      "packages/apply/test/fault-table.test.ts",
      "packages/apply/test/invariants.test.ts",
      "packages/apply/test/rollback-*.test.ts",
      "packages/apply/test/threats-apply.test.ts",
      "packages/apply/test/write-cost-diff.test.ts",
    ],
  },
  {
    name: "store",
    status: "ready",
    // Every file of packages/store/src with logic (index.ts only re-exports).
    mutate: [
      "packages/store/src/bundle-memory.ts",
      "packages/store/src/bundles.ts",
      "packages/store/src/digest-names.ts",
      "packages/store/src/drift.ts",
      "packages/store/src/file-identity.ts",
      "packages/store/src/fsx.ts",
      "packages/store/src/identity.ts",
      "packages/store/src/intake.ts",
      "packages/store/src/io.ts",
      "packages/store/src/json-equal.ts",
      "packages/store/src/layout.ts",
      "packages/store/src/local-gate.ts",
      "packages/store/src/marker-cache.ts",
      "packages/store/src/markers.ts",
      "packages/store/src/preimage.ts",
      "packages/store/src/self-ignore.ts",
    ],
    tests: ["packages/store/test/**/*.test.ts"],
  },
  {
    name: "mcp-human",
    status: "ready",
    mutate: [
      "packages/mcp/src/server/human/answer.ts",
      "packages/mcp/src/server/human/excerpt.ts",
      "packages/mcp/src/server/human/message.ts",
      "packages/mcp/src/server/human/state.ts",
      "packages/mcp/src/server/human/step.ts",
      "packages/mcp/src/server/human/tamper.ts",
    ],
    // The human-* tests that run the server in this process. human-demo, -state, -tamper, -wire and
    // -shows-change spawn the built dist/cli.js, which never sees a mutant of src: left out, so they
    // neither pass for every mutant nor cost a child process per run (human-step.test.ts holds the
    // in-process cases of the step's decision and the tamper check).
    tests: [
      "packages/mcp/test/human-excerpt.test.ts",
      "packages/mcp/test/human-http.test.ts",
      "packages/mcp/test/human-message.test.ts",
      "packages/mcp/test/human-step.test.ts",
      "packages/mcp/test/human-units.test.ts",
    ],
  },
  {
    name: "gate",
    status: "ready",
    mutate: [
      "packages/mcp/src/harness/gate/decide.ts",
      "packages/mcp/src/harness/gate/evaluate.ts",
      "packages/mcp/src/harness/gate/resolve.ts",
      "packages/mcp/src/harness/gate/route/decide.ts",
    ],
    tests: ["packages/mcp/test/gate-*.test.ts"],
    note: "the predicates (decide.ts), the route decision (route/decide.ts), containment (resolve.ts) and the pipeline that applies them (evaluate.ts); the spawned-CLI gate tests never see a mutant, gate-decision and gate-containment judge them in process",
  },
  {
    name: "gate-shell",
    status: "ready",
    // The shell judgement's decisions (decisions SEC-4): what a finding of the walk means against the
    // deny globs (decide.ts), the protected-set predicates it asks (protect.ts) and the fail-closed
    // rule for opaque text (mention.ts), and scope.ts's relOf, the root-relative conversion every one
    // of those decisions starts from (outside the root → no denial). The walk, the parser and the disk
    // reads are not decisions.
    mutate: [
      "packages/mcp/src/harness/gate/shell/decide.ts",
      "packages/mcp/src/harness/gate/shell/mention.ts",
      "packages/mcp/src/harness/gate/shell/protect.ts",
      "packages/mcp/src/harness/gate/shell/scope.ts",
    ],
    tests: ["packages/mcp/test/gate-*.test.ts"],
    note: "the spawned-CLI gate tests never see a mutant; gate-shell-decide judges the findings and predicates in process, gate-shell-units, gate-shell-variants and gate-containment through judgeShell and evaluateTargets",
  },
];

/** The entry named `name`; throws a plain Error naming the known targets otherwise. */
export function targetNamed(name) {
  const target = TARGETS.find((t) => t.name === name);
  if (target === undefined) {
    throw new Error(`unknown mutate target "${name}" (known: ${TARGETS.map((t) => t.name).join(", ")})`);
  }
  return target;
}

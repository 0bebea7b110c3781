#!/usr/bin/env node
// Power-cut soak (issue 23; apply.md §9 "the same holds for power loss on POSIX filesystems that
// honour fsync"; threats.md §4.1 durability assumptions).
// PROVES: for every crash state a power cut can leave under two persistence models — "ordered
// metadata" (ext4 data=ordered, XFS: directory operations persist in order, un-fsynced data lost or
// cut at a 4 KiB block) and "strict POSIX" (any directory operation no fsync of its directory covers
// lost on its own, renames atomic, the same data rule) — of an apply, a manual rollback and a
// recovery, the real recovery leaves the tree outside .axiom/ exactly pre or exactly post (the one the
// state's journal promises; a cut after the operation returned keeps its outcome), never needs a
// file that may be lost, finds every .axiom/ file parseable or treats it as absent without an error
// or a 10 s wait, the chain verifies, and the next rollback and apply succeed.
// HOW: the crash explorer of the apply package's tests (packages/apply/test/explorer/, bundled by
// esbuild): each scenario's operation runs for real in a temp root with every fs-seam call recorded
// (the fsyncs as barriers); at every operation boundary the states each model allows are generated
// (ALICE-style: prefixes, each pending operation lost alone or kept alone, every subset of up to 5,
// block-cut and lost data), rendered, merged when equal for recovery, materialised in a temp
// directory and judged by the library call the CLI makes (a seeded few per scenario by the built CLI,
// `node packages/mcp/dist/cli.cjs`). The long run judges every distinct state of the small change sets
// (1–3 files: create-only first apply, preview then confirm, overwrite with a trust advance and a chain
// append across a block, delete, mixed, manual rollback) and of the recovery cut at K3/K5/K7, and the
// 50-file mixed set at seeded boundaries; --short is the campaign of `npm test`
// (packages/apply/test/crash-explorer.test.ts).
// Usage: node scripts/soak/powercut.mjs [--short] [--seed n] [--boundaries n] [--judged n]
//   (--boundaries / --judged: the 50-file set's seeded boundaries and judged-state cap, default 240 /
//   2400, short 6 / 30). Prints a summary JSON; exit 1 on any violation.
import { existsSync } from "node:fs";
import { CLI, finish, loadWorkspace, machine, parseFlags } from "./lib.mjs";

const flags = parseFlags();
const started = Date.now();
const host = machine();
const lib = await loadWorkspace('export { runCampaign } from "./packages/apply/test/explorer/campaign.ts";');
const summary = await lib.runCampaign({
  long: !flags.short,
  seed: flags.seed,
  cliEntry: existsSync(CLI) ? CLI : undefined,
  bigBoundaries: flags.boundaries,
  bigJudged: flags.judged,
  onReport: (r) =>
    process.stderr.write(
      `powercut: ${r.scenario}: ${r.judged} states judged (${r.distinct.ordered} ordered / ${r.distinct.strict} strict distinct), ${r.findings.length} findings, ${(r.ms / 1000).toFixed(1)} s\n`,
    ),
});
const violations = summary.scenarios.flatMap((r) =>
  r.findings.flatMap((f) => f.violations.map((v) => `${r.scenario}: ${f.state} [${f.models.join(",")}] → ${v}`)),
);
finish({
  soak: "powercut",
  mode: summary.mode,
  seed: summary.seed,
  machine: host,
  cli: existsSync(CLI) ? "packages/mcp/dist/cli.cjs" : "not built (library only)",
  scenarios: summary.scenarios.map((r) => ({
    scenario: r.scenario,
    ops: r.ops,
    generated: r.generated,
    distinct: r.distinct,
    distinctStates: r.distinctStates,
    judged: r.judged,
    cli: r.cli,
    beforeRecovery: r.before,
    afterRecovery: r.after,
    findings: r.findings.length,
    seconds: Math.round(r.ms / 100) / 10,
  })),
  totals: summary.totals,
  seconds: Math.round((Date.now() - started) / 1000),
  startedAt: new Date(started).toISOString(),
  violations,
});

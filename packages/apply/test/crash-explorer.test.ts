// Issue 23, the short campaign of the crash explorer in `npm test` (the long one: `npm run soak --
// powercut`): power cuts, not SIGKILLs. Every distinct crash state that the ordered-metadata model
// (ext4 data=ordered, XFS) and the strict-POSIX model allow at every boundary of an apply, a
// rollback and a recovery is materialised and judged by the real recovery — the library call the
// CLI makes, and the built CLI for one seeded state per scenario. Verdict per state: the tree
// outside `.axiom/` is exactly pre or exactly post after recovery (the one the state's journal
// promises), no journal is lost under a changed tree, every `.axiom/` file parses or is treated as
// absent without an error or a wait, the chain verifies, and the next operations succeed.
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCampaign } from "./explorer/campaign";

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "mcp", "dist", "cli.cjs");

describe("crash explorer (issue 23): power-cut states of both persistence models", () => {
  it("every small change set exhaustively, the recovery itself cut from K3/K5/K7, the 50-file set at 6 seeded boundaries → 0 torn trees, 0 lost journals, every .axiom file readable, the next apply succeeds", async () => {
    const summary = await runCampaign({ long: false, seed: 12, cliEntry: fs.existsSync(CLI) ? CLI : undefined });
    const findings = summary.scenarios.flatMap((r) =>
      r.findings.flatMap((f) => f.violations.map((v) => `${r.scenario}: ${f.state} [${f.models}] → ${v}`)),
    );
    expect(findings).toEqual([]);
    expect(summary.totals.tornAfter).toBe(0);
    for (const r of summary.scenarios) {
      expect(r.judged, r.scenario).toBeGreaterThan(0);
      expect(r.distinct.strict, r.scenario).toBeGreaterThanOrEqual(r.distinct.ordered > 0 ? 1 : 0);
    }
    // states where recovery had work (a changed tree before it) were judged, not only untouched ones
    expect(summary.scenarios.reduce((a, r) => a + r.before.post + r.before.torn, 0)).toBeGreaterThan(50);
    if (fs.existsSync(CLI)) expect(summary.totals.cli).toBeGreaterThan(0);
    console.log(
      JSON.stringify({
        ms: summary.ms,
        totals: summary.totals,
        scenarios: summary.scenarios.map((r) => ({
          scenario: r.scenario,
          ops: r.ops,
          distinct: r.distinct,
          judged: r.judged,
          cli: r.cli,
          ms: r.ms,
        })),
      }),
    );
  }, 600_000);
});

// One run of the crash explorer over every scenario (issue 23): the small change sets explored
// exhaustively (every distinct state of both models judged), the recovery itself cut from three
// bases (K3 mid-commit, K5 committed without its marker, K7 a manual rollback mid-restore), and the
// 50-file mixed set at seeded boundaries. The short campaign runs in `npm test`
// (crash-explorer.test.ts); the long one is `npm run soak -- powercut` (scripts/soak/powercut.mjs).
import { type CrashState, opLabel } from "./crash-states";
import { explore, exploreNested, pick, prng, recordScenario, type ScenarioReport, stateAt } from "./explore";
import type { OpLog } from "./fs-model";
import { mixed50, prepareScenario, type Scenario, SMALL } from "./scenarios";
import { treeOf } from "./verdict";

export interface CampaignOptions {
  long: boolean;
  seed: number;
  /** The built CLI; without it every state is judged through the library. */
  cliEntry?: string;
  /** Called after each scenario (progress for the soak). */
  onReport?: (r: ScenarioReport) => void;
  /** The 50-file set: how many seeded boundaries, and at most how many of their distinct states are judged. */
  bigBoundaries?: number;
  bigJudged?: number;
}

export interface CampaignSummary {
  mode: "short" | "long";
  seed: number;
  scenarios: ScenarioReport[];
  totals: { generated: number; distinct: number; judged: number; cli: number; tornAfter: number; findings: number };
  ms: number;
}

/** Settings per campaign (short: what `npm test` can afford on 2 cores; long: everything). */
function settings(long: boolean) {
  return {
    small: { cliSample: long ? 4 : 1, nextEvery: long ? 1 : 4 },
    nested: { maxJudged: long ? undefined : 24, cliSample: long ? 2 : 0, nextEvery: long ? 1 : 4 },
    big: { boundaries: long ? 240 : 6, maxJudged: long ? 2400 : 30, cliSample: long ? 6 : 1, nextEvery: long ? 1 : 6 },
  };
}

/** The boundary after the first logged operation matching `match`, every operation kept. */
function after(log: OpLog, match: (label: string) => boolean): CrashState {
  const i = log.ops.findIndex((o) => match(opLabel(o)));
  if (i < 0) throw new Error("explorer campaign: nested base operation not found");
  return stateAt(log, "ordered", i + 1);
}

/** K5: the boundary after the journal's last rename (`committed`), before the marker is written. */
function committedNoMarker(log: OpLog): CrashState {
  let last = -1;
  log.ops.forEach((o, i) => {
    if (o.kind === "dir" && o.what === "rename" && /→ \.axiom\/journal\/[0-9a-f]{64}\.json$/.test(o.label)) last = i;
  });
  return stateAt(log, "ordered", last + 1);
}

/** The nested bases: K3 (committing, a target changed), K5 (committed, no marker), K7 (rolling-back, a restore done). */
function nestedBases(mixed: OpLog, rollback: OpLog): [CrashState, "mixed" | "rollback", string][] {
  return [
    [after(mixed, (l) => l === "unlink g.txt"), "mixed", "recovery cut (K3)"],
    [committedNoMarker(mixed), "mixed", "recovery cut (K5)"],
    [after(rollback, (l) => l.startsWith("rename .axiom/backup/")), "rollback", "recovery cut (K7)"],
  ];
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignSummary> {
  const t0 = Date.now();
  const cfg = settings(opts.long);
  if (opts.bigBoundaries !== undefined) cfg.big.boundaries = opts.bigBoundaries;
  if (opts.bigJudged !== undefined) cfg.big.maxJudged = opts.bigJudged;
  const rand = prng(opts.seed);
  const reports: ScenarioReport[] = [];
  const done = (r: ScenarioReport) => {
    reports.push(r);
    opts.onReport?.(r);
  };
  const recorded = new Map<string, { s: Scenario; log: OpLog }>();
  for (const spec of SMALL) {
    const s = await prepareScenario(spec, treeOf);
    const log = await recordScenario(s);
    recorded.set(spec.name, { s, log });
    done(await explore(s, log, { ...cfg.small, cliEntry: opts.cliEntry, seed: opts.seed }));
  }
  const mixed = recorded.get("mixed") as { s: Scenario; log: OpLog };
  const rollback = recorded.get("rollback") as { s: Scenario; log: OpLog };
  for (const [i, [base, from, tag]] of nestedBases(mixed.log, rollback.log).entries()) {
    const { s, log } = from === "mixed" ? mixed : rollback;
    done(await exploreNested(s, log, base, { ...cfg.nested, cliEntry: opts.cliEntry, seed: opts.seed + i }, tag));
  }
  const big = await prepareScenario(mixed50(), treeOf);
  const bigLog = await recordScenario(big);
  const boundaries = pick(bigLog.ops.length + 1, cfg.big.boundaries, rand);
  done(await explore(big, bigLog, { ...cfg.big, boundaries, cliEntry: opts.cliEntry, seed: opts.seed }));
  const sum = (f: (r: ScenarioReport) => number) => reports.reduce((a, r) => a + f(r), 0);
  return {
    mode: opts.long ? "long" : "short",
    seed: opts.seed,
    scenarios: reports,
    totals: {
      generated: sum((r) => r.generated.ordered + r.generated.strict),
      distinct: sum((r) => r.distinctStates),
      judged: sum((r) => r.judged),
      cli: sum((r) => r.cli),
      tornAfter: sum((r) => r.after.torn),
      findings: sum((r) => r.findings.length),
    },
    ms: Date.now() - t0,
  };
}

// The crash explorer's driver (issue 23): record a scenario's operation through the fs seam,
// generate the crash states of both persistence models at every boundary, render each, merge the
// states that are the same for recovery (bookkeeping.ts), materialise each distinct one in a temp
// directory and judge it (verdict.ts): the library call the CLI makes for every state, the real
// CLI process for every `cliEvery`-th one (a CLI run costs a Node start, ~20 library runs).
import * as fs from "node:fs";
import * as path from "node:path";
import { installFs } from "@codai/axiom-apply";
import { classify } from "./bookkeeping";
import { type CrashState, crashStates, type GenerateOptions, MODELS, type Model, timeline } from "./crash-states";
import type { OpLog } from "./fs-model";
import { diskListing, startRecording } from "./recorder";
import { materialise, type RenderedEntry, render } from "./render";
import { removeRoot, runOperation, type Scenario, setupBase, tempRoot } from "./scenarios";
import { backdateHarmful, judge, type Outcome } from "./verdict";

export interface Finding {
  /** The first crash state (model, boundary, choices) that rendered this tree. */
  state: string;
  models: Model[];
  violations: string[];
}

export interface ScenarioReport {
  scenario: string;
  ops: number;
  /** Crash states generated per model, and how many distinct trees they render to. */
  generated: Record<Model, number>;
  distinct: Record<Model, number>;
  /** Distinct trees judged (both models together) and how many of them through the CLI. */
  judged: number;
  cli: number;
  before: Record<Outcome, number>;
  after: Record<Outcome, number>;
  findings: Finding[];
  ms: number;
}

export interface ExploreOptions extends GenerateOptions {
  /** Judge every cliEvery-th distinct state through the built CLI (0 = never). */
  cliEvery?: number;
  cliEntry?: string;
  /** Stop judging after this many distinct states (the rest are counted, not run). */
  maxJudged?: number;
  /** The base of a nested exploration is a crash state: its recovery is the recorded operation. */
  completed?: Outcome;
}

/** Renders a state without the dead-pid substitution (for the model-vs-disk check). */
function rawListing(entries: RenderedEntry[]): Map<string, string> {
  return new Map(
    entries.map((e) => [e.rel, e.kind === "dir" ? "dir" : `${(e.mode ?? 0).toString(8)}:${e.data?.toString("hex")}`]),
  );
}

/** Runs `op` on the tree at `root` under the recorder; the model must replay to what is on disk. */
export async function recordIn(root: string, op: () => Promise<unknown>): Promise<OpLog> {
  const rec = startRecording(root);
  let log: OpLog;
  try {
    await op();
  } finally {
    log = rec.stop();
  }
  const all: CrashState = {
    model: "ordered",
    boundary: log.ops.length,
    dropped: [],
    dataDefault: "latest",
    data: [],
    label: "end",
  };
  const model = rawListing(render({ ...log, pid: -1 }, timeline(log), all));
  const disk = diskListing(root);
  const diff = [...new Set([...model.keys(), ...disk.keys()])].filter((k) => model.get(k) !== disk.get(k));
  if (diff.length)
    throw new Error(`explorer: the recorded model differs from the disk at ${diff.slice(0, 5).join(", ")}`);
  return log;
}

/** Records the scenario's operation on a fresh base tree. */
export async function recordScenario(s: Scenario): Promise<OpLog> {
  const root = tempRoot("axiom-explore-rec-");
  try {
    await setupBase(s, root);
    return await recordIn(root, () => runOperation(s, root));
  } finally {
    removeRoot(root);
  }
}

const zero = () => ({ pre: 0, post: 0, torn: 0 });

export async function explore(s: Scenario, log: OpLog, opts: ExploreOptions = {}): Promise<ScenarioReport> {
  const t0 = Date.now();
  const tl = timeline(log);
  const models = opts.models ?? MODELS;
  const report: ScenarioReport = {
    scenario: s.name,
    ops: log.ops.length,
    generated: { ordered: 0, strict: 0 },
    distinct: { ordered: 0, strict: 0 },
    judged: 0,
    cli: 0,
    before: zero(),
    after: zero(),
    findings: [],
    ms: 0,
  };
  const removals: Promise<void>[] = [];
  const seen = new Map<string, { finding?: Finding; models: Set<Model>; judged: boolean }>();
  const work = tempRoot("axiom-explore-");
  const otherFile = path.join(path.dirname(work), "other.json");
  fs.writeFileSync(otherFile, JSON.stringify(s.other));
  const completedAt = log.ops.length;
  const opOutcome: Outcome = opts.completed ?? (s.op === "rollback" ? "pre" : "post");
  // The recoveries judged here are not cut: their fsyncs decide nothing and cost most of a run.
  const restoreFs = installFs({ fsync: async () => undefined });
  try {
    for (const state of crashStates(log, { models, boundaries: opts.boundaries })) {
      report.generated[state.model]++;
      const entries = render(log, tl, state);
      const { fingerprint, harms } = classify(entries);
      // a cut after the operation returned is judged on its own: it must also keep the outcome
      const completed = state.boundary === completedAt;
      const key = completed ? `${fingerprint} end` : fingerprint;
      let rec = seen.get(key);
      if (!rec) {
        rec = { models: new Set(), judged: false };
        seen.set(key, rec);
      }
      if (!rec.models.has(state.model)) {
        rec.models.add(state.model);
        report.distinct[state.model]++;
        if (rec.finding) rec.finding.models.push(state.model);
      }
      if (rec.judged || (opts.maxJudged !== undefined && report.judged >= opts.maxJudged)) continue;
      rec.judged = true;
      const root = path.join(work, `s${report.judged}`);
      fs.mkdirSync(root);
      materialise(entries, root);
      if (harms.length) backdateHarmful(root);
      const useCli = !!opts.cliEvery && !!opts.cliEntry && report.judged % opts.cliEvery === 0;
      const verdict = await judge({
        scenario: s,
        root,
        recovery: s.op === "rollback" && opts.completed === undefined ? "rollback" : "apply",
        completed: completed ? opOutcome : undefined,
        cli: useCli ? { entry: opts.cliEntry as string, otherFile } : undefined,
      });
      report.judged++;
      if (useCli) report.cli++;
      report.before[verdict.before]++;
      report.after[verdict.after]++;
      const violations = [...harms, ...verdict.violations];
      if (violations.length) {
        rec.finding = { state: state.label, models: [...rec.models], violations };
        report.findings.push(rec.finding);
      }
      // removed on the thread pool while the next state is judged
      removals.push(fs.promises.rm(root, { recursive: true, force: true }));
    }
  } finally {
    restoreFs();
    await Promise.allSettled(removals);
    removeRoot(work);
  }
  report.ms = Date.now() - t0;
  return report;
}

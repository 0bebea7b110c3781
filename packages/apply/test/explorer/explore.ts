// The crash explorer's driver (issue 23): record a scenario's operation through the fs seam,
// generate the crash states of both persistence models at every boundary, render each, merge the
// states that are the same for recovery (bookkeeping.ts), then materialise each distinct one in a
// temp directory and judge it (verdict.ts) — through the library call the CLI makes, and for a
// seeded handful per scenario through the built CLI itself (a CLI run costs a Node start, about
// twenty library runs). A "nested" exploration takes a crash state as its base and records the
// recovery of it, so the recovery itself is cut (threats.md K8).
import * as fs from "node:fs";
import * as path from "node:path";
import { installFs } from "@codai/axiom-store/testing";
import { classify, holdsTornRecord } from "./bookkeeping";
import { type CrashState, crashStates, type GenerateOptions, MODELS, type Model, timeline } from "./crash-states";
import type { OpLog } from "./fs-model";
import { diskListing, startRecording } from "./recorder";
import { fillData, materialise, type RenderedEntry, render, renderTree, type TreeEntry } from "./render";
import { cliApply, removeRoot, runOperation, type Scenario, setupBase, tempRoot } from "./scenarios";
import { judge, type Outcome, rebootAfterCut, treeOf, treeOfRendered } from "./verdict";

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
  /** Distinct trees of both models together (a tree both models allow counts once). */
  distinctStates: number;
  /** Distinct trees judged (both models together) and how many of them through the CLI. */
  judged: number;
  cli: number;
  before: Record<Outcome, number>;
  after: Record<Outcome, number>;
  findings: Finding[];
  ms: number;
}

export interface ExploreOptions extends GenerateOptions {
  /** The built CLI (`packages/mcp/dist/cli.js`) and how many distinct states it judges (seeded pick). */
  cliEntry?: string;
  cliSample?: number;
  /** Judge at most this many distinct states, a seeded sample (default: all). */
  maxJudged?: number;
  seed?: number;
  /** The base of a nested exploration is a crash state: the outcome its recovery must reach. */
  completed?: Outcome;
  /** Run the next operations after every nextEvery-th untouched state (verdict.ts; default 1 = every state). */
  nextEvery?: number;
  /** Stop judging at the first finding (ablation.ts). */
  stopAtFirst?: boolean;
}

/** mulberry32 (as scripts/soak/lib.mjs): the same picks for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct indices of 0..size-1, seeded, in ascending order. */
export function pick(size: number, n: number, rand: () => number): number[] {
  const all = Array.from({ length: size }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return all.slice(0, Math.min(n, size)).sort((a, b) => a - b);
}

/** A state's listing without the dead-pid substitution (for the model-vs-disk check). */
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
  const end: CrashState = {
    model: "ordered",
    boundary: log.ops.length,
    dropped: [],
    dataDefault: "latest",
    data: [],
    label: "end",
  };
  const model = rawListing(render({ ...log, pid: -1 }, timeline(log), end));
  const disk = diskListing(root);
  const diff = [...new Set([...model.keys(), ...disk.keys()])].filter((k) => model.get(k) !== disk.get(k));
  if (diff.length)
    throw new Error(`explorer: the recorded model differs from the disk at ${diff.slice(0, 5).join(", ")}`);
  return log;
}

/** Records the scenario's operation on a fresh base tree (fsync skipped: nothing is cut here). */
export async function recordScenario(s: Scenario): Promise<OpLog> {
  const root = tempRoot("axiom-explore-rec-");
  const restore = installFs({ fsync: async () => undefined });
  try {
    await setupBase(s, root);
    return await recordIn(root, () => runOperation(s, root));
  } finally {
    restore();
    removeRoot(root);
  }
}

interface Distinct {
  state: CrashState;
  entries: RenderedEntry[];
  harms: string[];
  /** Holds a lock or mutex that does not parse: judged in-process only, after `rebootAfterCut` (SPEED-22). */
  tornRecord: boolean;
  models: Set<Model>;
  completed: boolean;
}

/** Phase 1: every state, rendered and merged by fingerprint (cheap: no disk, no recovery). */
function distinctStates(log: OpLog, models: readonly Model[], report: ScenarioReport, opts: GenerateOptions) {
  const tl = timeline(log);
  const seen = new Map<string, Distinct>();
  // the states of one directory choice come one after another: its names are rendered once
  let treeKey = "";
  let tree: TreeEntry[] = [];
  for (const state of crashStates(log, { models, boundaries: opts.boundaries })) {
    report.generated[state.model]++;
    const dirKey = `${state.boundary}:${state.dropped.join(",")}`;
    if (dirKey !== treeKey) {
      treeKey = dirKey;
      tree = renderTree(log, state);
    }
    const entries = fillData(log, tl, tree, state);
    const { fingerprint, harms, fingerprintHarms } = classify(entries);
    // a cut after the operation returned is judged on its own: it must also keep the outcome
    const completed = state.boundary === log.ops.length;
    const key = completed ? `${fingerprint} end` : fingerprint;
    let d = seen.get(key);
    if (!d) {
      d = { state, entries, harms, tornRecord: holdsTornRecord(fingerprintHarms), models: new Set(), completed };
      seen.set(key, d);
    }
    if (!d.models.has(state.model)) {
      d.models.add(state.model);
      report.distinct[state.model]++;
    }
  }
  return [...seen.values()];
}

const zero = () => ({ pre: 0, post: 0, torn: 0 });

export async function explore(s: Scenario, log: OpLog, opts: ExploreOptions = {}): Promise<ScenarioReport> {
  const t0 = Date.now();
  const report: ScenarioReport = {
    scenario: s.name,
    ops: log.ops.length,
    generated: { ordered: 0, strict: 0 },
    distinct: { ordered: 0, strict: 0 },
    distinctStates: 0,
    judged: 0,
    cli: 0,
    before: zero(),
    after: zero(),
    findings: [],
    ms: 0,
  };
  const all = distinctStates(log, opts.models ?? MODELS, report, opts);
  report.distinctStates = all.length;
  const rand = prng(opts.seed ?? 12);
  const judged =
    opts.maxJudged === undefined ? all : pick(all.length, opts.maxJudged, rand).map((i) => all[i] as Distinct);
  // the CLI runs where recovery has work: a state whose tree is not the untouched one (else any)
  const untouched = s.op === "rollback" && opts.completed === undefined ? s.postTree : s.preTree;
  // a CLI child cannot be told the machine rebooted (the boot time is a test hook of this process)
  const cliable = judged.filter((d) => !d.tornRecord);
  const busy = cliable.filter((d) => treeOfRendered(d.entries) !== untouched);
  const cliPool = busy.length >= (opts.cliSample ?? 0) ? busy : cliable;
  const viaCli = new Set(opts.cliEntry ? pick(cliPool.length, opts.cliSample ?? 0, rand).map((i) => cliPool[i]) : []);
  const opOutcome: Outcome = opts.completed ?? (s.op === "rollback" ? "pre" : "post");
  const work = tempRoot("axiom-explore-");
  const otherFile = path.join(path.dirname(work), "other.json");
  fs.writeFileSync(otherFile, JSON.stringify(s.other));
  const removals: Promise<void>[] = [];
  // The recoveries judged here are not cut: their fsyncs decide nothing and cost most of a run.
  const restoreFs = installFs({ fsync: async () => undefined });
  try {
    for (const d of judged) {
      const root = path.join(work, `s${report.judged}`);
      fs.mkdirSync(root);
      materialise(d.entries, root);
      const cli = viaCli.has(d);
      const undoReboot = rebootAfterCut(root);
      const verdict = await judge({
        scenario: s,
        root,
        recovery: s.op === "rollback" && opts.completed === undefined ? "rollback" : "apply",
        completed: d.completed ? opOutcome : undefined,
        cli: cli ? { entry: opts.cliEntry as string, otherFile } : undefined,
        next: (opts.nextEvery ?? 1) > 1 ? "sampled" : "always",
        sampled: report.judged % (opts.nextEvery ?? 1) === 0,
      }).finally(undoReboot);
      report.judged++;
      if (cli) report.cli++;
      report.before[verdict.before]++;
      report.after[verdict.after]++;
      const violations = [...d.harms, ...verdict.violations];
      if (violations.length) report.findings.push({ state: d.state.label, models: [...d.models], violations });
      if (violations.length && opts.stopAtFirst) break;
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

/** A crash state of `log` picked by its label's start (e.g. `ordered @60 `) and directory choice. */
export function stateAt(log: OpLog, model: Model, boundary: number): CrashState {
  for (const st of crashStates(log, { models: [model], boundaries: [boundary] })) {
    if (st.dropped.length === 0 && st.dataDefault === "latest" && st.data.length === 0) return st;
  }
  throw new Error(`explorer: no all-kept state at @${boundary}`);
}

/**
 * Recovery itself cut (threats.md K8): the base is `base` (a crash state of `log`), the recorded
 * operation the recovery apply of it, and every state of that recovery must reach the outcome the
 * uncut recovery reaches.
 */
export async function exploreNested(
  s: Scenario,
  log: OpLog,
  base: CrashState,
  opts: ExploreOptions = {},
  tag = "recovery",
): Promise<ScenarioReport & { base: string }> {
  const root = tempRoot("axiom-explore-nested-");
  let nested: OpLog;
  let outcome: Outcome;
  const restore = installFs({ fsync: async () => undefined });
  try {
    materialise(render(log, timeline(log), base), root);
    const undoReboot = rebootAfterCut(root);
    nested = await recordIn(root, async () => {
      const r = await cliApply(root, s.other, { lockTimeoutMs: 3000 });
      if (r.status !== "applied") throw new Error(`nested base: recovery ${r.status} ${JSON.stringify(r.error)}`);
    }).finally(undoReboot);
    const tree = treeOf(root);
    outcome = tree === s.preTree ? "pre" : tree === s.postTree ? "post" : "torn";
  } finally {
    restore();
    removeRoot(root);
  }
  if (outcome === "torn") throw new Error(`nested base ${base.label}: the uncut recovery gave a torn tree`);
  const r = await explore({ ...s, name: `${s.name} ${tag}` }, nested, { ...opts, completed: outcome });
  return { ...r, base: base.label };
}

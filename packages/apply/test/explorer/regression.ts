// Helpers for the crash explorer's named regression tests: a scenario prepared and recorded once
// per suite, the boundaries around one logged operation, and the findings of the states there.
import { installFs } from "@codai/axiom-store/testing";
import { classify } from "./bookkeeping";
import { crashStates, type Model, opLabel, timeline } from "./crash-states";
import { explore, type Finding, recordScenario } from "./explore";
import type { DirOp, LoggedOp, OpLog } from "./fs-model";
import { materialise, render } from "./render";
import { prepareScenario, removeRoot, type Scenario, type ScenarioSpec, SMALL, tempRoot } from "./scenarios";
import { rebootAfterCut, treeOf } from "./verdict";

const cache = new Map<string, Promise<{ s: Scenario; log: OpLog }>>();

/** The named small scenario, compiled and recorded once (fsync skipped: it decides nothing here). */
export function recorded(name: string, spec?: ScenarioSpec): Promise<{ s: Scenario; log: OpLog }> {
  let hit = cache.get(name);
  if (!hit) {
    hit = (async () => {
      const found = spec ?? SMALL.find((x) => x.name === name);
      if (!found) throw new Error(`no scenario ${name}`);
      const restore = installFs({ fsync: async () => undefined });
      try {
        const s = await prepareScenario(found, treeOf);
        return { s, log: await recordScenario(s) };
      } finally {
        restore();
      }
    })();
    cache.set(name, hit);
  }
  return hit;
}

/** Index of the first logged operation whose label matches (throws when none does). */
export function indexOf(log: OpLog, match: (label: string, op: LoggedOp) => boolean, from = 0): number {
  const i = log.ops.findIndex((op, k) => k >= from && match(opLabel(op), op));
  if (i < 0) throw new Error("explorer regression: no such operation in the log");
  return i;
}

/** Is directory operation `i` covered by an fsync of its directory before operation `before`? */
export function coveredBefore(log: OpLog, i: number, before: number): boolean {
  const op = log.ops[i] as DirOp;
  return log.ops.some((o, k) => k > i && k < before && o.kind === "fsync" && o.target === "dir" && o.ino === op.cover);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

/** Findings of every state of `models` at `boundaries` (each judged by the real recovery). */
export async function findingsAt(
  s: Scenario,
  log: OpLog,
  models: ("ordered" | "strict")[],
  boundaries: number[],
): Promise<Finding[]> {
  return (await explore(s, log, { models, boundaries })).findings;
}

/** Findings as "state → violation" lines (what a failing expectation prints), those matching `about` only. */
export function lines(findings: Finding[], about?: RegExp): string[] {
  return findings.flatMap((f) => f.violations.filter((v) => !about || about.test(v)).map((v) => `${f.state} → ${v}`));
}

/**
 * Labels of the states (no recovery run: the rule is the file's own) whose bookkeeping has a harm
 * matching `about` — an unparsable lock or mutex, a torn report (bookkeeping.ts).
 */
export function harmsAt(log: OpLog, models: Model[], boundaries: number[], about: RegExp): string[] {
  const tl = timeline(log);
  const out: string[] = [];
  for (const st of crashStates(log, { models, boundaries })) {
    const { fingerprintHarms } = classify(render(log, tl, st));
    for (const h of fingerprintHarms) if (about.test(h)) out.push(`${st.label} → ${h}`);
  }
  return out;
}

/**
 * Every distinct state of `models` at `boundaries`, materialised in a fresh root after the reboot a
 * power cut implies (verdict.ts `rebootAfterCut`) and handed to `check` with its label and its
 * judged marks ("torn lock", "torn mutex", "torn report"): for a rule the verdict cannot time, such
 * as the intent mutex's boot rule hidden in the registry's 10 s wait (SPEED-22).
 */
export async function eachRebootedState(
  log: OpLog,
  models: Model[],
  boundaries: number[],
  check: (root: string, label: string, marks: string[]) => Promise<void>,
): Promise<void> {
  const tl = timeline(log);
  const seen = new Set<string>();
  for (const st of crashStates(log, { models, boundaries })) {
    const entries = render(log, tl, st);
    const { fingerprint, fingerprintHarms } = classify(entries);
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    const root = tempRoot("axiom-explore-state-");
    try {
      materialise(entries, root);
      const undo = rebootAfterCut(root);
      try {
        await check(root, st.label, fingerprintHarms);
      } finally {
        undo();
      }
    } finally {
      removeRoot(root);
    }
  }
}

// Which crash state does each fsync rule out? (issue 23: the fsync table of docs/benchmarks.md.)
// The recorded run is replayed with the fsyncs of one class treated as never issued, and the
// explorer reports the first state that then fails its verdict: that state is what the fsync is
// for. A class whose removal breaks nothing in the scenario is reported as such (it may matter in
// another scenario, or only for durability after the operation returned).

import { explore, type Finding } from "./explore";
import type { Barrier, OpLog } from "./fs-model";
import type { Scenario } from "./scenarios";

/** The fsync classes of a log: a label with digests, pids and random names normalised. */
export function fsyncClass(label: string): string {
  return label
    .replace(/[0-9a-f]{64}/g, "<hex>")
    .replace(/\.tmp-\d+/g, ".tmp-<pid>")
    .replace(/\.[0-9a-f]{8}\.tmp/g, ".<8hex>.tmp")
    .replace(/\.axiom-tmp-[0-9a-f]{16}/g, ".axiom-tmp-<16hex>");
}

export function fsyncClasses(log: OpLog): string[] {
  const seen: string[] = [];
  for (const op of log.ops) {
    if (op.kind !== "fsync") continue;
    const c = `${op.target} ${fsyncClass(op.label)}`;
    if (!seen.includes(c)) seen.push(c);
  }
  return seen;
}

/** The log with every fsync of `cls` (a fsyncClasses entry) treated as never issued. */
export function without(log: OpLog, cls: string): OpLog {
  return {
    ...log,
    ops: log.ops.map((op) =>
      op.kind === "fsync" && `${op.target} ${fsyncClass(op.label)}` === cls
        ? ({ ...op, ablated: true } as Barrier)
        : op,
    ),
  };
}

/** The first finding with the class removed, or undefined when nothing fails without it. */
export async function whatItRulesOut(s: Scenario, log: OpLog, cls: string): Promise<Finding | undefined> {
  const r = await explore(s, without(log, cls), { nextEvery: 1, stopAtFirst: true });
  return r.findings[0];
}

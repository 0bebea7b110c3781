// The engine (apply.md §5): runs under the root lock on `tree`. Never throws for an engine outcome:
// returns the status/files/error part of the ApplyResult. It reads as the chapter's checklist:
// each step (engine-steps.ts, engine-commit.ts) either ends the run with an outcome or hands the
// run to the next one.
import { layout } from "@codai/axiom-store";
import { commitPhase, successTail } from "./engine-commit";
import {
  driftOf,
  dryRunExit,
  idempotency,
  journalCommitting,
  prepareAndCheck,
  recoveryGate,
  unchangedFiles,
} from "./engine-steps";
import type { EngineInput, EngineOutcome, Run, Step } from "./engine-types";

export type { EngineInput, EngineOutcome, PreCheckReport, PreChecks } from "./engine-types";
export { driftOf, unchangedFiles };

/** apply.md §5, in order. */
const STEPS: readonly Step[] = [
  recoveryGate, // §5.1 fs: recover (§7); dry-run: refuse over a pending or corrupt journal
  idempotency, // §5.2 applied → noop, or a re-apply over the drift
  prepareAndCheck, // §5.3 prepare (path checks, blobs, staging) and §5.4 pre-apply checks
  dryRunExit, // §5.5 the diff; nothing outside `.axiom/` written
  journalCommitting, // §5.7 C0 bundle stored, C1–C2 §5.6 journal `committing` (SPEED-16)
  commitPhase, // §5.7 C3–C6, or §5.9 on failure
  successTail, // §5.8 S1–S5
];

export async function runEngine(input: EngineInput): Promise<EngineOutcome> {
  const hex = input.bundle.manifestDigest.slice(7);
  const run: Run = {
    input,
    digest: input.bundle.manifestDigest,
    hex,
    stagingDir: layout.staging(input.tree, hex),
    journalPath: layout.journal(input.tree, hex),
    reapply: false,
  };
  for (const step of STEPS) {
    const outcome = await step(run);
    if (outcome) return outcome;
  }
  throw new Error("unreachable: the success tail always returns an outcome");
}

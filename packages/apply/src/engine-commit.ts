// The engine's steps from phase 2 on (apply.md §5.7 C2–C6, §5.9 commit failure, §5.8 success
// tail). Once `committed` is durable nothing turns the result into a failure.
import { axiomError } from "@codai/axiom-schema";
import { rmrf, stageAppliedMarker } from "@codai/axiom-store";
import { appendChainEntry } from "./chain";
import { rememberClean } from "./clean-state";
import { type CommitState, commitSteps } from "./commit";
import type { EngineOutcome, Run, Step } from "./engine-types";
import { withDrift } from "./engine-types";
import { isEscape } from "./escape-guard";
import { readJournal } from "./journal";
import type { Prepared } from "./prepare";
import { pruneBackups } from "./prune";
import { briefError, buildResult, toApplyError } from "./result";
import { pruneStoredManifests } from "./retention";
import { rollbackRoutine } from "./rollback-routine";

function started(run: Run): { prepared: Prepared; state: CommitState } {
  if (!run.prepared || !run.commit) throw new Error("unreachable: commit before the committing journal");
  return { prepared: run.prepared, state: run.commit };
}

/**
 * An escape detected by the commit or by its rollback (issue 20 Medium 3): `failed` with
 * ERR_ESCAPE_DETECTED and the outside path, never `rolled-back`, whatever the rollback did.
 */
function escaped(run: Run, esc: unknown, other: { original?: unknown; rollback?: unknown }): EngineOutcome {
  const { prepared } = started(run);
  const e = toApplyError(esc);
  const details: Record<string, unknown> = { ...e.details };
  if (other.original !== undefined) details.original = toApplyError(other.original);
  details.rollback = other.rollback === undefined ? "completed" : briefError(other.rollback);
  const error = axiomError("ERR_ESCAPE_DETECTED", { message: e.message, path: e.path, details });
  return withDrift(run, {
    status: "failed",
    files: prepared.files,
    journal: run.journalPath,
    error: toApplyError(error),
  });
}

/** §5.9, rollback outcome "throws": ERR_ROLLBACK naming both errors, and a `failed` chain entry. */
async function rollbackFailed(run: Run, original: unknown, rbErr: unknown): Promise<EngineOutcome> {
  const { prepared, state } = started(run);
  const orig = toApplyError(original);
  const rb = briefError(rbErr);
  const esc = isEscape(original) ? original : isEscape(rbErr) ? rbErr : undefined;
  try {
    await appendChainEntry(run.input.tree, {
      manifestDigest: run.digest,
      state: "failed",
      files: state.journal.steps.length,
      code: esc ? "ERR_ESCAPE_DETECTED" : "ERR_ROLLBACK",
    });
  } catch (chainErr) {
    run.input.onWarn?.("chain append failed", {
      manifestDigest: run.digest,
      error: String((chainErr as Error).message),
    });
  }
  if (esc !== undefined && esc === original) return escaped(run, original, { rollback: rbErr });
  if (esc) return escaped(run, rbErr, { original, rollback: rbErr });
  const error = axiomError("ERR_ROLLBACK", {
    message: `commit failed (${orig.code}: ${orig.message}) and its rollback failed (${rb.code}: ${rb.message})`,
    path: orig.path,
    details: { original: orig, rollback: rb },
  });
  return withDrift(run, { status: "failed", files: prepared.files, error: toApplyError(error) });
}

/** §5.9 Commit failure: the rollback routine from the journal on disk → rolled-back, or failed. */
async function commitFailure(run: Run, original: unknown): Promise<EngineOutcome> {
  const { tree, onWarn } = run.input;
  const { prepared, state } = started(run);
  try {
    const onDisk = (await readJournal(tree, run.hex).catch(() => undefined)) ?? state.journal;
    const esc = isEscape(original);
    await rollbackRoutine(tree, onDisk, false, {
      onWarn,
      ...(esc ? { failedCode: "ERR_ESCAPE_DETECTED" as const } : {}),
    });
    if (esc) return escaped(run, original, {});
    return withDrift(run, {
      status: "rolled-back",
      files: prepared.files,
      journal: run.journalPath,
      error: toApplyError(original),
    });
  } catch (rbErr) {
    return rollbackFailed(run, original, rbErr);
  }
}

/** §5.7 C3–C6 (commit.ts): backups, renames, directory fsyncs, committed. */
export const commitPhase: Step = async (run) => {
  const { prepared, state } = started(run);
  try {
    await commitSteps(run.input.tree, run.hex, prepared.steps, state);
  } catch (original) {
    return commitFailure(run, original);
  }
  return undefined;
};

/** §5.8 S1–S5: chain, marker, trust advance, staging, pruning — each failure a warn, the result applied. */
export const successTail: Step = async (run) => {
  const { input } = run;
  const { prepared, state } = started(run);
  let warned = false;
  const warn = (what: string) => (err: unknown) => {
    warned = true;
    input.onWarn?.(what, { manifestDigest: run.digest, error: String((err as Error)?.message ?? err) });
  };
  // S2–S3: the marker without the fsync of applied/ (SPEED-17): the durable `committed` journal
  // already makes the digest applied (§5.2), and recovery rewrites a marker whose name a power cut
  // lost (§7); the file's own fsync keeps a surviving name from holding a torn result. Its temp is
  // written and fsynced while S1's append is (SPEED-19), and named only once the append returned:
  // a marker never survives a cut that lost the chain entry (recovery re-appends only without one).
  const outcome = withDrift<EngineOutcome>(run, { status: "applied", files: prepared.files, journal: run.journalPath });
  const marker = stageAppliedMarker(input.tree, run.hex, buildResult(run.digest, "fs", input.tree, outcome), "data");
  marker.catch(() => undefined); // its failure is warned below, after S1
  // S1
  await appendChainEntry(input.tree, {
    manifestDigest: run.digest,
    state: "committed",
    files: state.journal.steps.length,
  }).catch(warn("chain append failed"));
  await marker.then((m) => m.install()).catch(warn("applied marker write failed"));
  // S3a
  if (input.advanceTrustState && input.trustAdvancer) {
    try {
      await input.trustAdvancer(input.tree, input.bundle);
    } catch (err) {
      input.onTrustStateError?.(toApplyError(err));
    }
  }
  // S4–S5
  await rmrf(run.stagingDir).catch(warn("staging cleanup failed"));
  await pruneBackups(input.tree, input.keepBackups).catch(warn("backup pruning failed"));
  await pruneStoredManifests(input.tree).catch(warn("manifest retention failed"));
  // The gate found the root clean, and this run completed every step it leaves behind: it is clean
  // again, with this run's journal, marker and backups in it (SPEED-10). A warned step may not be.
  if (!warned) await rememberClean(input.tree, run.hex).catch(() => undefined);
  return outcome;
};

// The engine's steps up to the journal (apply.md §5.1–§5.6): recovery gate, idempotency, prepare
// and pre-apply checks, the dry-run exit, C0–C1. Each returns an outcome to end the run or
// undefined to go on (engine.ts lists them in order).
import { type ApplyErrorObject, type ApplyFileResult, axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { isFsMarker, postImageExpectations, rmrf, storeBundle, treeDrift } from "@codai/axiom-store";
import { stillClean } from "./clean-state";
import { buildDiff } from "./diff";
import { type EngineInput, failed, type Step, withDrift } from "./engine-types";
import { isEscape } from "./escape-guard";
import { deleteJournal, listJournals, PENDING_PHASES, readJournal, writeJournal } from "./journal";
import { prepare } from "./prepare";
import { RecoveryError, recoverIfNeeded } from "./recovery";
import { briefError, toApplyError } from "./result";
import { stageSteps } from "./stage";
import { readTarget } from "./tree-value";

/** §5.2: drifted paths of an applied digest (manifest order), by the store's drift rule. */
export async function driftOf(tree: string, bundle: ManifestBundle): Promise<string[]> {
  const drifts = await treeDrift(postImageExpectations(bundle.manifest), (rel) => readTarget(tree, rel));
  return drifts.map((d) => d.path);
}

/** Every artifact reported `unchanged` (a noop result). */
export function unchangedFiles(bundle: ManifestBundle): ApplyFileResult[] {
  return bundle.manifest.artifacts.map((a) => {
    const f: ApplyFileResult = { path: a.path, op: a.op, status: "unchanged" };
    if (a.digest) f.digest = { sha256: a.digest.sha256 };
    return f;
  });
}

/** §5.1 in dry-run: never recover; a corrupt or pending journal refuses. */
async function dryRunGate(tree: string) {
  // Seen clean and unchanged since: no journal is pending or corrupt (SPEED-10).
  if (await stillClean(tree)) return undefined;
  const all = await listJournals(tree);
  const bad = all.filter((e) => e.corrupt).map((e) => e.file);
  if (bad.length)
    return failed(
      axiomError("ERR_JOURNAL_CORRUPT", {
        message: `corrupt journal(s): ${bad.join(", ")}`,
        details: { files: bad },
      }),
    );
  const pending = all
    .filter((e) => e.journal && PENDING_PHASES.has(e.journal.phase))
    .map((e) => e.journal?.manifestDigest)
    .sort();
  if (pending.length) {
    return failed(
      axiomError("ERR_RECOVERY_PENDING", {
        message: "an interrupted apply must be recovered first: run apply or rollback on this root",
        details: { interrupted: pending },
      }),
    );
  }
  return undefined;
}

/** §5.1 Recovery gate: fs recovers (§7) and stops on a recovery failure; dry-run never recovers. */
export const recoveryGate: Step = async ({ input }) => {
  if (input.mode === "dry-run") return dryRunGate(input.tree);
  try {
    await recoverIfNeeded(input.tree, { onWarn: input.onWarn });
  } catch (err) {
    if (!(err instanceof RecoveryError)) return failed(err);
    const cause = briefError(err.cause);
    // an escape keeps its own code and its outside path, whoever detected it (issue 20 Medium 3)
    if (isEscape(err.cause)) {
      const e = toApplyError(err.cause);
      return failed(
        axiomError("ERR_ESCAPE_DETECTED", {
          message: `recovery of ${err.digest} failed: ${e.message}`,
          path: e.path,
          details: { ...e.details, recovering: err.digest },
        }),
      );
    }
    const code = err.rollbackFailed ? "ERR_ROLLBACK" : (cause.code as ApplyErrorObject["code"]);
    return failed(
      axiomError(code, {
        message: `recovery of ${err.digest} failed: ${cause.message}`,
        details: { recovering: err.digest, cause },
      }),
    );
  }
  return undefined;
};

/** §5.2 Idempotency: applied and no drift → noop; applied with drift → re-apply. */
export const idempotency: Step = async (run) => {
  const { tree, bundle } = run.input;
  try {
    const own = await readJournal(tree, run.hex);
    if ((await isFsMarker(tree, run.hex)) || own?.phase === "committed") {
      run.drifted = await driftOf(tree, bundle);
      if (run.drifted.length === 0) return { status: "noop", files: unchangedFiles(bundle) };
      run.reapply = true;
    }
  } catch (err) {
    return failed(err);
  }
  return undefined;
};

async function runPreChecks(
  input: EngineInput,
  stagingDir: string,
  reapply: boolean,
  stage?: () => Promise<void>,
): Promise<void> {
  if (!input.preChecks) return;
  const report = await input.preChecks(
    stagingDir,
    stage ? { verifyPreImage: !reapply, stage } : { verifyPreImage: !reapply },
  );
  if (report.verdict !== "pass") {
    const findings = (report.findings ?? [])
      .filter((f) => f.severity === undefined || f.severity === "error")
      .map((f) => f.id);
    throw axiomError("ERR_CHECKS_FAILED", {
      message: `pre-apply checks: verdict ${report.verdict}`,
      details: { verdict: report.verdict, findings },
    });
  }
}

/** §5.3 Prepare (an fs apply stages durably here; a dry-run only when a check reads staging) and §5.4 checks. */
export const prepareAndCheck: Step = async (run) => {
  const { input, stagingDir } = run;
  const dryRun = input.mode === "dry-run";
  try {
    const prepared = await prepare({
      tree: input.tree,
      casRoot: input.casRoot,
      hex: run.hex,
      bundle: input.bundle,
      reapply: run.reapply,
      keepBytes: dryRun,
      stage: !dryRun,
    });
    run.prepared = prepared;
    let staged: Promise<void> | undefined;
    const stage = () => {
      staged ??= stageSteps(stagingDir, prepared.steps, false);
      return staged;
    };
    await runPreChecks(input, stagingDir, run.reapply, dryRun ? stage : undefined);
  } catch (err) {
    await rmrf(stagingDir).catch(() => undefined);
    return failed(err);
  }
  return undefined;
};

/** §5.5 Dry-run exit: the diff, staging removed, nothing else written. */
export const dryRunExit: Step = async (run) => {
  if (run.input.mode !== "dry-run") return undefined;
  const steps = run.prepared?.steps ?? [];
  const diff = buildDiff(steps.map((s) => ({ path: s.rel, before: s.preBytes, after: s.bytes })));
  await rmrf(run.stagingDir).catch(() => undefined);
  return withDrift(run, { status: "applied", files: run.prepared?.files ?? [], diff });
};

/** More segments first, then code-unit order: children before their parents. */
function deepestFirst(a: string, b: string): number {
  const d = b.split("/").length - a.split("/").length;
  return d !== 0 ? d : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * §5.7 C0 (the bundle stored durably), then C1 and C2 as one write: the first journal is already
 * `committing`, durable (file and journal/) before the tree changes (decisions SPEED-16). A failure
 * undoes both and the apply fails with the tree untouched.
 */
export const journalCommitting: Step = async (run) => {
  const { input } = run;
  const prepared = run.prepared;
  if (!prepared) throw new Error("unreachable: journal before prepare");
  const dirs = [...new Set(prepared.steps.flatMap((s) => s.newDirs ?? []))].sort(deepestFirst);
  run.commit = {
    journal: {
      manifestDigest: run.digest,
      phase: "committing",
      steps: prepared.steps.map((s) => ({
        path: s.rel,
        op: s.op,
        done: false,
        ...(s.pre.kind === "file" ? { pre: s.pre.hex } : {}),
      })),
      startedAt: new Date().toISOString(),
      pid: process.pid,
      ...(dirs.length > 0 ? { dirs } : {}),
    },
  };
  try {
    await storeBundle(input.tree, input.bundle, { durable: true });
    await writeJournal(input.tree, run.commit.journal);
  } catch (err) {
    await rmrf(run.stagingDir).catch(() => undefined);
    await deleteJournal(input.tree, run.hex).catch(() => undefined);
    return failed(err, prepared.files);
  }
  return undefined;
};

// The engine (apply.md §5): runs under the root lock on `tree`. Recovery gate, idempotency,
// prepare, pre-apply checks, dry-run exit or two-phase commit, success tail. Never throws for an
// engine outcome: returns the status/files/error part of the ApplyResult.
import { type ApplyErrorObject, type ApplyFileResult, axiomError, type ManifestBundle } from "@codai/axiom-schema";
import {
  isFsMarker,
  layout,
  postImageExpectations,
  rmrf,
  storeBundle,
  treeDrift,
  writeAppliedMarker,
} from "@codai/axiom-store";
import { appendChainEntry } from "./chain";
import { type CommitState, commitSteps } from "./commit";
import { buildDiff } from "./diff";
import { deleteJournal, listJournals, PENDING_PHASES, readJournal, writeJournal } from "./journal";
import { type Prepared, prepare } from "./prepare";
import { pruneBackups } from "./prune";
import { RecoveryError, recoverIfNeeded } from "./recovery";
import { briefError, buildResult, toApplyError } from "./result";
import { rollbackRoutine } from "./rollback-routine";
import { stageSteps } from "./stage";
import { readTarget } from "./tree-value";

/** The subset of a CheckReport the engine reads (checks.md). */
export interface PreCheckReport {
  verdict: string;
  findings?: { id: string; severity?: string }[];
}

/**
 * `stage` is present only in a dry-run, whose staging directory is not written up front (APL-10):
 * a callback that reads `stagingDir` (a guard) first awaits `stage()`, which stages once.
 */
export type PreChecks = (
  stagingDir: string,
  opts: { verifyPreImage: boolean; stage?: () => Promise<void> },
) => Promise<PreCheckReport>;

export interface EngineInput {
  tree: string;
  casRoot: string;
  bundle: ManifestBundle;
  mode: "dry-run" | "fs";
  keepBackups: number;
  preChecks?: PreChecks;
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  advanceTrustState?: boolean;
  trustAdvancer?: (root: string, bundle: ManifestBundle) => Promise<void>;
  onTrustStateError?: (error: ApplyErrorObject) => void;
}

export interface EngineOutcome {
  status: "applied" | "noop" | "rolled-back" | "failed";
  files: ApplyFileResult[];
  diff?: string;
  journal?: string;
  drifted?: string[];
  error?: ApplyErrorObject;
}

const failed = (err: unknown, files: ApplyFileResult[] = []): EngineOutcome => ({
  status: "failed",
  files,
  error: toApplyError(err),
});

async function recoveryGate(input: EngineInput): Promise<EngineOutcome | undefined> {
  const { tree } = input;
  if (input.mode === "dry-run") {
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
  try {
    await recoverIfNeeded(tree, { onWarn: input.onWarn });
  } catch (err) {
    if (!(err instanceof RecoveryError)) return failed(err);
    const cause = briefError(err.cause);
    const code = err.rollbackFailed ? "ERR_ROLLBACK" : (cause.code as ApplyErrorObject["code"]);
    return failed(
      axiomError(code, {
        message: `recovery of ${err.digest} failed: ${cause.message}`,
        details: { recovering: err.digest, cause },
      }),
    );
  }
  return undefined;
}

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

export async function runEngine(input: EngineInput): Promise<EngineOutcome> {
  const { tree, bundle } = input;
  const digest = bundle.manifestDigest;
  const hex = digest.slice(7);
  const gate = await recoveryGate(input);
  if (gate) return gate;

  // §5.2 idempotency
  let reapply = false;
  let drifted: string[] | undefined;
  try {
    const own = await readJournal(tree, hex);
    if ((await isFsMarker(tree, hex)) || own?.phase === "committed") {
      drifted = await driftOf(tree, bundle);
      if (drifted.length === 0) return { status: "noop", files: unchangedFiles(bundle) };
      reapply = true;
    }
  } catch (err) {
    return failed(err);
  }

  // §5.3–§5.4
  let prepared: Prepared;
  const stagingDir = layout.staging(tree, hex);
  const dryRun = input.mode === "dry-run";
  try {
    prepared = await prepare({
      tree,
      casRoot: input.casRoot,
      hex,
      bundle,
      reapply,
      keepBytes: dryRun,
      stage: !dryRun,
    });
    const steps = prepared.steps;
    let staged: Promise<void> | undefined;
    const stage = () => {
      staged ??= stageSteps(stagingDir, steps, false);
      return staged;
    };
    await runPreChecks(input, stagingDir, reapply, dryRun ? stage : undefined);
  } catch (err) {
    await rmrf(stagingDir).catch(() => undefined);
    return failed(err);
  }
  const withDrift = <T extends EngineOutcome>(o: T): T => (drifted?.length ? { ...o, drifted } : o);

  // §5.5 dry-run exit
  if (input.mode === "dry-run") {
    const diff = buildDiff(prepared.steps.map((s) => ({ path: s.rel, before: s.preBytes, after: s.bytes })));
    await rmrf(stagingDir).catch(() => undefined);
    return withDrift({ status: "applied", files: prepared.files, diff });
  }

  // C0–C1
  const journalPath = layout.journal(tree, hex);
  const state: CommitState = {
    journal: {
      manifestDigest: digest,
      phase: "staged",
      steps: prepared.steps.map((s) => ({ path: s.rel, op: s.op, done: false })),
      startedAt: new Date().toISOString(),
      pid: process.pid,
    },
  };
  try {
    await storeBundle(tree, bundle, { durable: true });
    await writeJournal(tree, state.journal);
  } catch (err) {
    await rmrf(stagingDir).catch(() => undefined);
    await deleteJournal(tree, hex).catch(() => undefined);
    return failed(err, prepared.files);
  }

  // C2–C6, §5.9
  try {
    await commitSteps(tree, hex, prepared.steps, state);
  } catch (original) {
    try {
      const onDisk = (await readJournal(tree, hex).catch(() => undefined)) ?? state.journal;
      await rollbackRoutine(tree, onDisk.phase === "staged" ? { ...onDisk, phase: "committing" } : onDisk, false, {
        onWarn: input.onWarn,
      });
      return withDrift({
        status: "rolled-back",
        files: prepared.files,
        journal: journalPath,
        error: toApplyError(original),
      });
    } catch (rbErr) {
      const orig = toApplyError(original);
      const rb = briefError(rbErr);
      try {
        await appendChainEntry(tree, {
          manifestDigest: digest,
          state: "failed",
          files: state.journal.steps.length,
          code: "ERR_ROLLBACK",
        });
      } catch (chainErr) {
        input.onWarn?.("chain append failed", { manifestDigest: digest, error: String((chainErr as Error).message) });
      }
      const error = axiomError("ERR_ROLLBACK", {
        message: `commit failed (${orig.code}: ${orig.message}) and its rollback failed (${rb.code}: ${rb.message})`,
        path: orig.path,
        details: { original: orig, rollback: rb },
      });
      return withDrift({ status: "failed", files: prepared.files, error: toApplyError(error) });
    }
  }

  // §5.8 success tail: nothing here turns the result into a failure.
  const warn = (what: string) => (err: unknown) =>
    input.onWarn?.(what, { manifestDigest: digest, error: String((err as Error)?.message ?? err) });
  await appendChainEntry(tree, { manifestDigest: digest, state: "committed", files: state.journal.steps.length }).catch(
    warn("chain append failed"),
  );
  const outcome = withDrift<EngineOutcome>({ status: "applied", files: prepared.files, journal: journalPath });
  const marker = buildResult(digest, "fs", tree, outcome);
  await writeAppliedMarker(tree, hex, marker).catch(warn("applied marker write failed"));
  if (input.advanceTrustState && input.trustAdvancer) {
    try {
      await input.trustAdvancer(tree, bundle);
    } catch (err) {
      input.onTrustStateError?.(toApplyError(err));
    }
  }
  await rmrf(stagingDir).catch(warn("staging cleanup failed"));
  await pruneBackups(tree, input.keepBackups).catch(warn("backup pruning failed"));
  return outcome;
}

// The engine's input, outcome and the record its steps share (apply.md §5). A step returns an
// outcome to end the run there, or undefined to hand the run to the next step (engine.ts).
import type { ApplyErrorObject, ApplyFileResult, ManifestBundle } from "@codai/axiom-schema";
import type { CommitState } from "./commit";
import type { Prepared } from "./prepare";
import { toApplyError } from "./result";

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

/** What an apply in place and a PR apply take alike: backups kept, checks, warnings, trust advance. */
export interface ApplyHooks {
  keepBackups: number;
  preChecks?: PreChecks;
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  advanceTrustState?: boolean;
  trustAdvancer?: (root: string, bundle: ManifestBundle) => Promise<void>;
  onTrustStateError?: (error: ApplyErrorObject) => void;
}

export interface EngineInput extends ApplyHooks {
  tree: string;
  casRoot: string;
  bundle: ManifestBundle;
  mode: "dry-run" | "fs";
}

export interface EngineOutcome {
  status: "applied" | "noop" | "rolled-back" | "failed";
  files: ApplyFileResult[];
  diff?: string;
  journal?: string;
  drifted?: string[];
  error?: ApplyErrorObject;
}

/** What the steps of one engine run learn and hand on. */
export interface Run {
  readonly input: EngineInput;
  readonly digest: string;
  readonly hex: string;
  readonly stagingDir: string;
  readonly journalPath: string;
  /** §5.2: the digest is applied and its tree drifted (the preImage binding is skipped). */
  reapply: boolean;
  drifted?: string[];
  /** §5.3: set by prepare. */
  prepared?: Prepared;
  /** §5.6–5.7: the journal last written. */
  commit?: CommitState;
}

export type Step = (run: Run) => Promise<EngineOutcome | undefined>;

export const failed = (err: unknown, files: ApplyFileResult[] = []): EngineOutcome => ({
  status: "failed",
  files,
  error: toApplyError(err),
});

/** An outcome after prepare carries the re-apply's drifted paths (§10 `drifted?`). */
export function withDrift<T extends EngineOutcome>(run: Run, o: T): T {
  return run.drifted?.length ? { ...o, drifted: run.drifted } : o;
}

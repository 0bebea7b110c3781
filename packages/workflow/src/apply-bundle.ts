// The one apply orchestration (issue 18): `axiom apply` (cli.md §7.9 steps 5–7), `axiom_apply`
// (mcp.md §5.4 steps 7–9), the confirm of `axiom_write` (§7.3) and both dry runs call it. plan,
// checks and apply never import each other; this module joins checks and apply: the profile is
// loaded once (MCP-13) and handed to the pre-apply checks and to the anti-rollback rule.
import { apply } from "@codai/axiom-apply";
import { makePreChecks, requiresAntiRollback } from "@codai/axiom-checks";
import type { ApplyErrorObject, ApplyResult, CheckReport, ManifestBundle, ResolvedProfile } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";
import { type ChangeOrigin, recordAbout } from "./about";
import { loadProfile } from "./profiles";
import type { GuardOptions } from "./types";

export interface DryRunRequest {
  /** The bundle after intake. */
  bundle: ManifestBundle;
  /** The realpath'd root. */
  root: string;
  /** The profile name to load (CLI: `--profile` ?? manifest.profile; MCP: after D26). */
  profile: string;
  guards: GuardOptions;
  lockTimeoutMs?: number;
  /** Server shutdown: kills running guard groups of the pre-apply checks (before any commit). */
  signal?: AbortSignal;
}

export interface ApplyRequest extends DryRunRequest {
  mode: "fs" | "pr" | "dry-run";
  /** Must equal `bundle.manifestDigest` unless the mode is dry-run (the engine checks it again). */
  confirmDigest?: string;
  keepBackups?: number;
  branch?: string;
  commitMessage?: string;
  /** Who is applying (recorded for `axiom show` / `log` when the change is applied). */
  origin?: ChangeOrigin;
}

export interface ApplyOutcome {
  result: ApplyResult;
  /** The pre-apply CheckReport, when the checks ran. */
  report?: CheckReport;
  /** The anti-rollback trust advance failed after the files were applied (signing.md §8.3). */
  trustError?: ApplyErrorObject;
}

export interface AppliedOutcome extends ApplyOutcome {
  /**
   * What the store of step 9 threw, when it failed; the result stands either way. The MCP tools
   * answer it as isError (mcp.md §5.4 step 9), the CLI ignores it (cli.md §7.9 step 7: no failure).
   */
  storeError?: unknown;
}

/**
 * cli.md §7.9 steps 5–7 / mcp.md §5.4 steps 7–9: profile load → apply with the pre-apply checks
 * and the trust advance → the bundle stored on `applied` or `noop` (a CLI dry run included).
 */
export async function applyBundle(req: ApplyRequest): Promise<AppliedOutcome> {
  // Step 7 (MCP) / 5 (CLI): the profile, loaded once for the whole call (MCP-13).
  const profile = await loadProfile(req.profile, [req.root]);
  // Step 8 / 6: the engine.
  const outcome = await runApply(req, profile);
  // Step 9 / 7: the bundle under `.axiom/manifests/` (the store's one writer, ARCH-S2).
  const storeError = await storeOnSuccess(req.root, req.bundle, outcome.result);
  if (outcome.result.status === "applied" && req.mode !== "dry-run" && req.origin) {
    const branch = outcome.result.git?.branch;
    await recordAbout(req.root, req.bundle.manifestDigest, { origin: req.origin, ...(branch ? { branch } : {}) });
  }
  return storeError === undefined ? outcome : { ...outcome, storeError };
}

/**
 * The dry run of `axiom_apply_dry_run` and of the `axiom_write` preview (mcp.md §5.3, §7.3):
 * profile load → apply in mode dry-run with the pre-apply checks. Stores nothing (the write
 * preview stores its bundle itself, before the dry run).
 */
export async function dryRunBundle(req: DryRunRequest): Promise<ApplyOutcome> {
  const profile = await loadProfile(req.profile, [req.root]);
  return runApply({ ...req, mode: "dry-run" }, profile);
}

/** apply.md §4 with the pre-apply checks (§5.4) and the anti-rollback advance (signing.md §8.3). */
async function runApply(req: ApplyRequest, profile: ResolvedProfile): Promise<ApplyOutcome> {
  const out: Partial<ApplyOutcome> = {};
  const preChecks = await makePreChecks({
    bundle: req.bundle,
    root: req.root,
    profile,
    allowGuards: req.guards.allowGuards,
    guardAllowlist: req.guards.guardAllowlist,
    signal: req.signal,
  });
  const result = await apply({
    bundle: req.bundle,
    root: req.root,
    mode: req.mode,
    confirmDigest: req.confirmDigest,
    keepBackups: req.keepBackups,
    lockTimeoutMs: req.lockTimeoutMs,
    branch: req.branch,
    commitMessage: req.commitMessage,
    // The engine advances the trust state under the lock, only on `applied`; a failed advance is
    // reported here and each front end turns it into its error (isError / the stderr line, exit 2).
    advanceTrustState: requiresAntiRollback(profile.checks, req.bundle.manifest.checks),
    onTrustStateError: (error) => {
      out.trustError = error;
    },
    preChecks: async (stagingDir, o) => {
      out.report = await preChecks(stagingDir, o);
      return out.report;
    },
  });
  return { result, ...out };
}

async function storeOnSuccess(root: string, bundle: ManifestBundle, result: ApplyResult): Promise<unknown> {
  if (result.status !== "applied" && result.status !== "noop") return undefined;
  try {
    await storeBundle(root, bundle, { durable: false });
    return undefined;
  } catch (err) {
    return err ?? new Error("storeBundle failed");
  }
}

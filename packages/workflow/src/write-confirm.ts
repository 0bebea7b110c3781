// The apply call of axiom_write (mcp.md §7.3, §8.2) in two steps, so that the server's human step
// sits between them: prepareConfirm compares the fresh digest F with confirmDigest (the TOCTOU
// guard) and applies the re-send rule; confirmWrite runs exactly axiom_apply's steps 7–9 in mode fs.
import { digestRef } from "@codai/axiom-canon";
import { computePlanDigest, parsePlan } from "@codai/axiom-plan";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { appliedState, treeHolds } from "./applied-state";
import { type AppliedOutcome, applyBundle } from "./apply-bundle";
import { type CompiledWrite, WRITE_ORIGIN, type WriteRequest } from "./write-compile";
import { appliedFromArgs, rememberApplied } from "./write-memo";
import type { WriteChecksOptions } from "./write-preview";
import { type WriteResult, writeResultOf } from "./write-result";

/** F = confirmDigest: ask the human (§8), then confirmWrite. */
export interface ReadyConfirm extends CompiledWrite {
  kind: "confirm";
}

/** The re-send rule matched: the answer, with nothing locked, written or asked. */
export interface ResentConfirm {
  kind: "noop";
  result: WriteResult;
}

export type PreparedConfirm = ReadyConfirm | ResentConfirm;

/** F ≠ confirmDigest and no re-send → ERR_CONFIRM_DIGEST_MISMATCH `{confirmDigest, manifestDigest: F}`. */
export async function prepareConfirm(compiled: CompiledWrite, confirmDigest: string): Promise<PreparedConfirm> {
  const { bundle } = compiled;
  if (bundle.manifestDigest === confirmDigest) return { ...compiled, kind: "confirm" };
  const noop = await resentNoop(compiled, confirmDigest);
  if (noop) return { kind: "noop", result: noop };
  throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
    message: "the files or the tree changed since the preview; preview again",
    details: { confirmDigest, manifestDigest: bundle.manifestDigest },
  });
}

/**
 * §7.3 re-send rule: confirmDigest is applied (an fs marker, ARCH-S6), its stored bundle has F's
 * planDigest and the tree still matches that bundle → `noop`, every file `unchanged`.
 */
async function resentNoop(compiled: CompiledWrite, confirmDigest: string): Promise<WriteResult | undefined> {
  const stored = await appliedAndHeld(compiled.root, confirmDigest);
  if (stored === undefined || !samePlan(stored, compiled)) return undefined;
  return noopResult(compiled.root, stored);
}

/**
 * The re-send rule for a write this process applied from these very arguments (EDIT-7): answered
 * before any compile, which an edits or patch write could not pass again (its oldText is gone).
 */
export async function resentWrite(req: WriteRequest, confirmDigest: string): Promise<WriteResult | undefined> {
  if (!appliedFromArgs(req, confirmDigest)) return undefined;
  const stored = await appliedAndHeld(req.root, confirmDigest);
  return stored === undefined ? undefined : noopResult(req.root, stored);
}

/** The stored bundle of `digest` when it is applied (an fs marker, ARCH-S6) and the tree still holds it. */
async function appliedAndHeld(root: string, digest: string): Promise<ManifestBundle | undefined> {
  const state = await appliedState(root, digest);
  const stored = state.bundle;
  if (!state.applied || stored === undefined) return undefined;
  return (await treeHolds(root, stored)) ? stored : undefined;
}

function noopResult(root: string, stored: ManifestBundle): WriteResult {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "ApplyResult",
    manifestDigest: stored.manifestDigest,
    mode: "fs",
    status: "noop",
    root,
    files: stored.manifest.artifacts.map((a) => ({ path: a.path, op: a.op, status: "unchanged" as const })),
  };
}

/**
 * The re-send's Plan is the applied one: the same planDigest, once a file the applied write
 * created (op create, EDIT-3) is read back as the overwrite it now is.
 */
function samePlan(stored: ManifestBundle, fresh: CompiledWrite): boolean {
  const want = stored.manifest.planDigest;
  if (fresh.bundle.manifest.planDigest === want) return true;
  const created = new Set(stored.manifest.artifacts.filter((a) => a.op === "create").map((a) => a.path));
  const artifacts = fresh.plan.artifacts.map((a) =>
    a.op === "overwrite" && created.has(a.path) ? { ...a, op: "create" as const } : a,
  );
  const digests = new Map<string, string>();
  for (const a of fresh.bundle.manifest.artifacts) if (a.digest) digests.set(a.path, digestRef(a.digest.sha256));
  return computePlanDigest(parsePlan({ ...fresh.plan, artifacts }), digests) === want;
}

export interface ConfirmOptions extends WriteChecksOptions {
  lockTimeoutMs?: number;
  keepBackups?: number;
}

export interface ConfirmOutcome extends AppliedOutcome {
  /** The call's answer: the ApplyResult fields, with `checks` when the checks ran (§7.4). */
  write: WriteResult;
}

/** mcp.md §5.4 steps 7–9 with `mode: "fs"`; the server turns storeError / trustError into isError. */
export async function confirmWrite(ready: ReadyConfirm, opts: ConfirmOptions): Promise<ConfirmOutcome> {
  const outcome = await applyBundle({
    bundle: ready.bundle,
    root: ready.root,
    mode: "fs",
    confirmDigest: ready.bundle.manifestDigest,
    origin: WRITE_ORIGIN,
    ...opts,
  });
  if (outcome.result.status === "applied") rememberApplied(ready.root, ready.bundle.manifestDigest, ready.argsKey);
  return { ...outcome, write: writeResultOf(outcome.result, outcome.result.status, outcome.report) };
}

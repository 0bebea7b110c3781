// The apply call of axiom_write (mcp.md §7.3, §8.2) in two steps, so that the server's human step
// sits between them: prepareConfirm compares the fresh digest F with confirmDigest (the TOCTOU
// guard) and applies the re-send rule; confirmWrite runs exactly axiom_apply's steps 7–9 in mode fs.
import { axiomError } from "@codai/axiom-schema";
import { appliedState, treeHolds } from "./applied-state";
import { type AppliedOutcome, applyBundle } from "./apply-bundle";
import type { CompiledWrite } from "./write-compile";
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
  const { root, bundle } = compiled;
  if (bundle.manifestDigest === confirmDigest) return { kind: "confirm", root, bundle };
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
async function resentNoop(
  { root, bundle: fresh }: CompiledWrite,
  confirmDigest: string,
): Promise<WriteResult | undefined> {
  const state = await appliedState(root, confirmDigest);
  const stored = state.bundle;
  if (!state.applied || stored === undefined) return undefined;
  if (stored.manifest.planDigest !== fresh.manifest.planDigest) return undefined;
  if (!(await treeHolds(root, stored))) return undefined;
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
    origin: { surface: "mcp", tool: "axiom_write" },
    ...opts,
  });
  return { ...outcome, write: writeResultOf(outcome.result, outcome.result.status, outcome.report) };
}

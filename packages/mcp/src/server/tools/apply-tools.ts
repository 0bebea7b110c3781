// Apply-side tools: axiom_apply_dry_run, axiom_apply, axiom_rollback (mcp.md §5.3, §5.4).
import {
  type ApplyResult,
  ApplyResultSchema,
  axiomError,
  DigestRefSchema,
  JournalPhaseSchema,
  JournalStepSchema,
} from "@codai/axiom-schema";
import type { AppliedOutcome } from "@codai/axiom-workflow";
import { z } from "zod";
import type { GuardOptions, ServerContext } from "../context";
import { humanStep } from "../human/step";
import { selectProfile } from "../profile-rule";
import {
  compact,
  DocumentArg,
  digestHexOf,
  first,
  KeepBackupsArg,
  LockTimeoutArg,
  ProfileArg,
  RootArg,
} from "./shared";
import { defineTool, RawToolResult, type ToolCall } from "./types";

/** `{manifestDigest, mode, status, root, files: {<status>: n}, diffBytes, journal, error, sample}` (§6.4). */
export function applySummary(
  r: Pick<ApplyResult, "manifestDigest" | "mode" | "status" | "root" | "files" | "diff" | "journal" | "error">,
) {
  const files: Record<string, number> = {};
  for (const f of r.files) files[f.status] = (files[f.status] ?? 0) + 1;
  return compact({
    manifestDigest: r.manifestDigest,
    mode: r.mode,
    status: r.status,
    root: r.root,
    files,
    diffBytes: r.diff === undefined ? undefined : Buffer.byteLength(r.diff, "utf8"),
    journal: r.journal,
    error: r.error,
    sample: first(r.files).map((f) => ({ path: f.path, op: f.op, status: f.status })),
  });
}

/** What every checks-running call passes through: the server's guard flags and its shutdown signal. */
export function checksRun(deps: ServerContext): { guards: GuardOptions; signal: AbortSignal } {
  return { guards: deps.guards, signal: deps.shutdown.signal };
}

/**
 * §5.4 step 9 as the server answers it, shared with the confirm call of axiom_write: a failed store
 * is the call's error; the root is a seen root; `apply` is logged; a failed trust advance after
 * `applied` is isError `{manifestDigest, status: "applied"}` (signing.md §8.3) — the files stay.
 */
export function answerApplied(deps: ServerContext, root: string, outcome: AppliedOutcome): void {
  const { result } = outcome;
  if (outcome.storeError !== undefined) throw outcome.storeError;
  if (result.status === "applied" || result.status === "noop") deps.seenRoots.add(root);
  deps.log.info("apply", { manifestDigest: result.manifestDigest, status: result.status, root: result.root });
  if (outcome.trustError && result.status === "applied") {
    throw axiomError(outcome.trustError.code, {
      message: outcome.trustError.message,
      details: { manifestDigest: result.manifestDigest, status: "applied" },
    });
  }
}

export const applyDryRun = defineTool({
  name: "axiom_apply_dry_run",
  title: "Dry-run apply (stage + diff, no writes to the tree)",
  description:
    "Stage a ManifestBundle, run the pre-apply checks and return the unified diff; nothing outside .axiom/ changes and no human is asked.",
  toolset: "core",
  preset: "READ",
  input: z.strictObject({ bundle: DocumentArg, root: RootArg.optional(), profile: ProfileArg.optional() }),
  output: ApplyResultSchema,
  summary: applySummary,
  async handler(args, { deps }) {
    const wf = await deps.workflow();
    const bundle = wf.intakeBundle(args.bundle);
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const profile = await selectProfile(deps, args.profile, bundle.manifest.profile, root);
    const { result } = await wf.dryRunBundle({ bundle, root, profile, ...checksRun(deps) });
    return result;
  },
});

export const applyTool = defineTool({
  name: "axiom_apply",
  title: "Apply a bundle to the filesystem (two-phase commit)",
  description:
    "Apply a ManifestBundle with a two-phase commit under the root's lock. confirmDigest must echo bundle.manifestDigest; checks, intent, lock, journal and chain run as in axiom apply.",
  toolset: "core",
  preset: "WRITE",
  input: z.strictObject({
    bundle: DocumentArg,
    root: RootArg.optional(),
    profile: ProfileArg.optional(),
    confirmDigest: z.string().optional(),
    mode: z.enum(["fs", "pr"]).optional(),
    branch: z.string().min(1).optional(),
    commitMessage: z.string().min(1).optional(),
    lockTimeoutMs: LockTimeoutArg.optional(),
    keepBackups: KeepBackupsArg.optional(),
  }),
  output: ApplyResultSchema,
  summary: applySummary,
  async handler(args, call: ToolCall) {
    const { deps } = call;
    const wf = await deps.workflow();
    // §5.4 steps 3–4: intake, then the echo (nobody is asked when it fails).
    const bundle = wf.intakeBundle(args.bundle);
    if (args.confirmDigest !== bundle.manifestDigest) {
      throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
        message: "confirmDigest does not equal bundle.manifestDigest",
        details: { confirmDigest: args.confirmDigest ?? null, manifestDigest: bundle.manifestDigest },
      });
    }
    // Step 5: root, then the profile rule (D26).
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const profile = await selectProfile(deps, args.profile, bundle.manifest.profile, root);
    // Step 6: the human step (§8).
    const round = await humanStep(call, {
      tool: "axiom_apply",
      root,
      bundle,
    });
    if (round instanceof RawToolResult) return round;
    // Steps 7–9: the workflow's one apply orchestration, then the server's answer to step 9.
    const outcome = await wf.applyBundle({
      bundle,
      root,
      profile,
      mode: args.mode ?? "fs",
      confirmDigest: bundle.manifestDigest,
      branch: args.branch,
      commitMessage: args.commitMessage,
      lockTimeoutMs: args.lockTimeoutMs,
      keepBackups: args.keepBackups,
      origin: { surface: "mcp", tool: "axiom_apply" },
      ...checksRun(deps),
    });
    answerApplied(deps, root, outcome);
    return outcome.result;
  },
});

const RollbackOutput = z.strictObject({
  manifestDigest: DigestRefSchema,
  status: z.literal("rolled-back"),
  phase: JournalPhaseSchema,
  steps: z.array(JournalStepSchema),
  root: z.string(),
});

export const rollback = defineTool({
  name: "axiom_rollback",
  title: "Roll back an applied manifest",
  description: "Roll back an applied manifest by reverse-replaying its journal, scoped to the journal's paths.",
  toolset: "core",
  preset: "WRITE",
  input: z.strictObject({ manifestDigest: z.string(), root: RootArg.optional() }),
  output: RollbackOutput,
  summary: (o) => ({
    manifestDigest: o.manifestDigest,
    status: o.status,
    phase: o.phase,
    steps: o.steps.length,
    root: o.root,
  }),
  async handler(args, { deps }) {
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const hex = digestHexOf(args.manifestDigest, { digest: args.manifestDigest });
    const result = await (await deps.workflow()).rollbackApplied({ root, digest: `sha256:${hex}` });
    deps.log.info("rollback", { manifestDigest: result.manifestDigest, root, phase: result.phase });
    return result;
  },
});

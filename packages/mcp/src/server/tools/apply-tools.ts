// Apply-side tools: axiom_apply_dry_run, axiom_apply, axiom_rollback (mcp.md §5.3, §5.4).
import {
  type ApplyResult,
  ApplyResultSchema,
  axiomError,
  type CheckReport,
  DigestRefSchema,
  JournalPhaseSchema,
  JournalStepSchema,
  type ManifestBundle,
} from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { z } from "zod";
import type { ServerContext } from "../context";
import { type ApplyOpts, need } from "../engines";
import { humanStep } from "../human/step";
import { selectProfile } from "../profile-rule";
import { intake, storeBundle } from "./bundles";
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

/** The apply options every apply-type call shares (the preview of axiom_write too). */
export function applyBase(
  deps: ServerContext,
  bundle: ManifestBundle,
  root: string,
  profile: string,
): Pick<ApplyOpts, "bundle" | "root" | "profile" | "allowGuards" | "guardAllowlist" | "signal"> {
  return {
    bundle,
    root,
    profile,
    allowGuards: deps.guards.allowGuards,
    guardAllowlist: deps.guards.guardAllowlist,
    signal: deps.shutdown.signal,
  };
}

/**
 * §5.4 steps 7–9, shared with the confirm call of axiom_write: profile load, apply, store, log.
 * The store (step 9) leaves a file that already holds this bundle alone, at the cost of one lstat.
 */
export async function applyConfirmed(
  deps: ServerContext,
  bundle: ManifestBundle,
  root: string,
  profile: string,
  extra: Pick<ApplyOpts, "mode" | "branch" | "commitMessage" | "lockTimeoutMs" | "keepBackups">,
): Promise<{ result: ApplyResult; report?: CheckReport }> {
  const loadedProfile = await need(deps.engines, "loadProfile")(profile, [layout.profilesDir(root)]);
  const out = await need(
    deps.engines,
    "apply",
  )({ ...applyBase(deps, bundle, root, profile), ...extra, confirmDigest: bundle.manifestDigest, loadedProfile });
  const { result } = out;
  if (result.status === "applied" || result.status === "noop") await storeBundle(deps, root, bundle);
  deps.log.info("apply", { manifestDigest: result.manifestDigest, status: result.status, root: result.root });
  if (out.trustError && result.status === "applied") {
    // §5.4 step 9: the files are applied, but the trust-state advance failed (signing.md §8.3).
    throw axiomError(out.trustError.code, {
      message: out.trustError.message,
      details: { manifestDigest: result.manifestDigest, status: "applied" },
    });
  }
  return out;
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
    const bundle = intake(deps, args.bundle);
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const profile = await selectProfile(deps, args.profile, bundle.manifest.profile, root);
    const { result } = await need(
      deps.engines,
      "apply",
    )({ ...applyBase(deps, bundle, root, profile), mode: "dry-run" });
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
    const bundle = intake(deps, args.bundle);
    if (args.confirmDigest !== bundle.manifestDigest) {
      throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
        message: "confirmDigest does not equal bundle.manifestDigest",
        details: { confirmDigest: args.confirmDigest ?? null, manifestDigest: bundle.manifestDigest },
      });
    }
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const profile = await selectProfile(deps, args.profile, bundle.manifest.profile, root);
    const round = await humanStep(call, {
      tool: "axiom_apply",
      root,
      manifestDigest: bundle.manifestDigest,
      artifacts: bundle.manifest.artifacts,
    });
    if (round instanceof RawToolResult) return round;
    const { result } = await applyConfirmed(deps, bundle, root, profile, {
      mode: args.mode ?? "fs",
      branch: args.branch,
      commitMessage: args.commitMessage,
      lockTimeoutMs: args.lockTimeoutMs,
      keepBackups: args.keepBackups,
    });
    return result;
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
    const result = (await need(deps.engines, "rollback")(root, `sha256:${hex}`, {})) as z.output<typeof RollbackOutput>;
    deps.log.info("rollback", { manifestDigest: result.manifestDigest, root, phase: result.phase });
    return result;
  },
});

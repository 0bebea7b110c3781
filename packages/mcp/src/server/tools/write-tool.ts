// axiom_write (mcp.md §7): one tool, two calls. The preview compiles against the tree (preImage in
// the digest), stores the bundle and dry-runs it; the confirm call recompiles and applies only when
// the fresh digest equals confirmDigest — the TOCTOU guard, since pre-images are in the digest.
import { ARTIFACTS_MAX, INTENT_MAX } from "@codai/axiom-rules";
import {
  type ApplyResult,
  ApplyResultSchema,
  axiomError,
  type CheckReport,
  FindingSchema,
  type ManifestBundle,
  RelPathSchema,
} from "@codai/axiom-schema";
import { z } from "zod";
import type { ServerContext } from "../context";
import { need } from "../engines";
import { humanStep } from "../human/step";
import { selectProfile } from "../profile-rule";
import { applyBase, applyConfirmed, applySummary } from "./apply-tools";
import { storeBundle } from "./bundles";
import { digestHexOf, KeepBackupsArg, LockTimeoutArg, ProfileArg, RootArg } from "./shared";
import { defineTool, RawToolResult, type ToolCall } from "./types";

const FileArg = z.strictObject({
  path: RelPathSchema,
  content: z.string().optional(),
  encoding: z.enum(["utf8", "base64"]).optional(),
  op: z.enum(["write", "delete"]).optional(),
  mode: z.enum(["0644", "0755"]).optional(),
});
type FileArgT = z.output<typeof FileArg>;

const WriteInput = z.strictObject({
  files: z.array(FileArg).min(1).max(ARTIFACTS_MAX),
  root: RootArg.optional(),
  intent: z.string().max(INTENT_MAX).optional(),
  profile: ProfileArg.optional(),
  confirmDigest: z.string().optional(),
  lockTimeoutMs: LockTimeoutArg.optional(),
  keepBackups: KeepBackupsArg.optional(),
});

const { status: _status, ...applyShape } = ApplyResultSchema.shape;
const WriteChecks = z.strictObject({
  verdict: z.enum(["pass", "fail", "error"]),
  profile: z.string(),
  findings: z.array(FindingSchema),
});
export const WriteResultSchema = z.strictObject({
  ...applyShape,
  status: z.enum(["preview", "applied", "noop", "rolled-back", "failed"]),
  checks: WriteChecks.optional(),
  next: z.string().optional(),
});
type WriteResult = z.output<typeof WriteResultSchema>;

/** §7.1 file rules beyond the schema: unique paths; content iff op is write. */
function checkFiles(files: FileArgT[]): void {
  const seen = new Set<string>();
  files.forEach((f, i) => {
    if (seen.has(f.path)) throw axiomError("ERR_INVALID_PLAN", { message: "duplicate artifact path", path: f.path });
    seen.add(f.path);
    const op = f.op ?? "write";
    if (op === "write" && f.content === undefined) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: "content is required for op write",
        path: f.path,
        details: { index: i },
      });
    }
    if (op === "delete" && f.content !== undefined) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: "content is forbidden for op delete",
        path: f.path,
        details: { index: i },
      });
    }
  });
}

/** §7.2: byte-identical Plan for identical input. */
export function buildWritePlan(files: FileArgT[], intent: string, profile: string): Record<string, unknown> {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "agent-write",
    intent,
    profile,
    artifacts: files.map((f) =>
      (f.op ?? "write") === "delete"
        ? { path: f.path, op: "delete", mode: f.mode ?? "0644" }
        : {
            path: f.path,
            op: "overwrite",
            mode: f.mode ?? "0644",
            source: { type: "inline", encoding: f.encoding ?? "utf8", content: f.content },
          },
    ),
  };
}

function checksOf(report: CheckReport | undefined): WriteResult["checks"] {
  return report ? { verdict: report.verdict, profile: report.profile, findings: report.findings } : undefined;
}

function withChecks(result: ApplyResult, status: WriteResult["status"], report: CheckReport | undefined): WriteResult {
  const out: WriteResult = { ...result, status };
  const checks = checksOf(report);
  if (checks) out.checks = checks;
  return out;
}

/**
 * The re-send rule of §7.3: an applied confirmation whose tree still matches → noop. "Applied" is
 * the store's fs-marker rule (a PR-mode or failed marker is not), ARCH-S6.
 */
async function resentNoop(
  deps: ServerContext,
  root: string,
  confirmDigest: string,
  fresh: ManifestBundle,
): Promise<WriteResult | undefined> {
  let hex: string;
  try {
    hex = digestHexOf(confirmDigest, {});
  } catch {
    return undefined;
  }
  if (!(await need(deps.engines, "isApplied")(root, hex))) return undefined;
  let stored: ManifestBundle;
  try {
    stored = await need(deps.engines, "readStoredBundle")(root, hex);
  } catch {
    return undefined;
  }
  if (stored.manifest.planDigest !== fresh.manifest.planDigest) return undefined;
  if (!(await need(deps.engines, "treeMatches")(root, stored))) return undefined;
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

export const write = defineTool({
  name: "axiom_write",
  title: "Write files through the gate (preview, then confirm)",
  description:
    "Write or delete files through the gate. Call without confirmDigest to preview (compile, checks, dry-run diff); call again with the same root, files, intent and profile plus confirmDigest to apply.",
  toolset: "core",
  preset: "WRITE",
  input: WriteInput,
  output: WriteResultSchema,
  summary: (o) => ({
    ...applySummary(o as unknown as ApplyResult),
    status: o.status,
    verdict: o.checks?.verdict,
    next: o.next,
  }),
  async handler(args, call: ToolCall) {
    const { deps } = call;
    checkFiles(args.files);
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const planProfile = args.profile ?? deps.serverProfile;
    const profile = await selectProfile(deps, planProfile, undefined, root);
    const plan = buildWritePlan(args.files, args.intent ?? "", planProfile);
    const { bundle } = await need(deps.engines, "compilePlan")(plan, {
      store: "inline",
      root,
      emitters: deps.emitters,
    });
    deps.log.info("compiled", { manifestDigest: bundle.manifestDigest, artifacts: bundle.manifest.artifacts.length });

    if (args.confirmDigest === undefined) {
      await storeBundle(deps, root, bundle);
      const { result, report } = await need(
        deps.engines,
        "apply",
      )({ ...applyBase(deps, bundle, root, profile), mode: "dry-run" });
      if (report && report.verdict !== "pass" && result.status !== "failed") {
        const failed: ApplyResult = {
          ...result,
          status: "failed",
          error: { code: "ERR_CHECKS_FAILED", message: `checks verdict ${report.verdict}` },
        };
        return withChecks(failed, "failed", report);
      }
      if (result.status === "failed") return withChecks(result, "failed", report);
      const preview = withChecks(result, "preview", report);
      preview.next = `Call axiom_write again with the same root, files, intent and profile and confirmDigest "${bundle.manifestDigest}" to apply.`;
      return preview;
    }

    if (bundle.manifestDigest !== args.confirmDigest) {
      const noop = await resentNoop(deps, root, args.confirmDigest, bundle);
      if (noop) return noop;
      throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
        message: "the files or the tree changed since the preview; preview again",
        details: { confirmDigest: args.confirmDigest, manifestDigest: bundle.manifestDigest },
      });
    }
    const round = await humanStep(call, {
      tool: "axiom_write",
      root,
      manifestDigest: bundle.manifestDigest,
      artifacts: bundle.manifest.artifacts,
    });
    if (round instanceof RawToolResult) return round;
    const { result, report } = await applyConfirmed(deps, bundle, root, profile, {
      mode: "fs",
      lockTimeoutMs: args.lockTimeoutMs,
      keepBackups: args.keepBackups,
    });
    return withChecks(result, result.status, report);
  },
});

// axiom_write (mcp.md §7): one tool, two calls. The preview compiles against the tree (preImage in
// the digest), stores the bundle and dry-runs it; the confirm call recompiles and applies only when
// the fresh digest equals confirmDigest — the TOCTOU guard, since pre-images are in the digest.
import { ARTIFACTS_MAX, INLINE_CONTENT_MAX_UNITS, INTENT_MAX } from "@codai/axiom-rules";
import { type ApplyResult, ApplyResultSchema, FindingSchema, RelPathSchema } from "@codai/axiom-schema";
import { z } from "zod";
import { humanStep } from "../human/step";
import { selectProfile } from "../profile-rule";
import { answerApplied, applySummary, checksRun } from "./apply-tools";
import { KeepBackupsArg, LockTimeoutArg, ProfileArg, RootArg } from "./shared";
import { defineTool, RawToolResult, type ToolCall } from "./types";

/** Bounds the work of one file's edits (each scans the text); a longer list is a content write. */
const EDITS_MAX = 1000;

const EditArg = z.strictObject({
  oldText: z.string().min(1),
  newText: z.string(),
  replaceAll: z.boolean().optional(),
});

const PatchArg = z.strictObject({
  format: z.enum(["unified", "v4a"]),
  text: z.string().max(INLINE_CONTENT_MAX_UNITS),
});

// Per file exactly one of content, edits, patch (checkWriteFiles: ERR_INVALID_PLAN otherwise).
const FileArg = z.strictObject({
  path: RelPathSchema,
  content: z.string().optional(),
  encoding: z.enum(["utf8", "base64"]).optional(),
  edits: z.array(EditArg).min(1).max(EDITS_MAX).optional(),
  patch: PatchArg.optional(),
  op: z.enum(["write", "delete"]).optional(),
  mode: z.enum(["0644", "0755"]).optional(),
});

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

export const write = defineTool({
  name: "axiom_write",
  title: "Write files through the gate (preview, then confirm)",
  description:
    "Write or delete files through the gate. Call without confirmDigest to preview (compile, checks, dry-run diff); call again with the same root, files, intent and profile plus confirmDigest to apply.\n" +
    'Per file send one of: content (whole file, or a new file), edits [{oldText, newText, replaceAll?}] (each oldText exactly once in the current file, applied in order), or patch {format: "unified"|"v4a", text}; op "delete" sends none.',
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
    const wf = await deps.workflow();
    // §7.3, both calls: schema (with §7.1's file rules) → root → profile rule → build and compile.
    wf.checkWriteFiles(args.files);
    const root = await deps.resolveRoot(args.root, { lockTaking: true });
    const planProfile = args.profile ?? deps.serverProfile;
    const profile = await selectProfile(deps, planProfile, undefined, root);
    const req = { root, files: args.files, intent: args.intent ?? "", planProfile, emitters: deps.emitters };
    // A re-send of a confirm this server applied from these arguments: noop, before any compile (EDIT-7).
    const resent = args.confirmDigest === undefined ? undefined : await wf.resentWrite(req, args.confirmDigest);
    if (resent !== undefined) return resent;
    const compiled = await wf.compileWrite(req, args.confirmDigest);
    const { bundle } = compiled;
    deps.log.info("compiled", { manifestDigest: bundle.manifestDigest, artifacts: bundle.manifest.artifacts.length });

    // The preview call: store → dry run → WriteResult (never asks a human).
    if (args.confirmDigest === undefined) {
      const preview = await wf.previewWrite(compiled, { profile, ...checksRun(deps) });
      deps.seenRoots.add(root);
      return preview;
    }

    // The apply call: F vs confirmDigest (and the re-send rule) → human step (§8) → §5.4 steps 7–9.
    const prepared = await wf.prepareConfirm(compiled, args.confirmDigest);
    if (prepared.kind === "noop") return prepared.result;
    const round = await humanStep(call, {
      tool: "axiom_write",
      root,
      bundle,
    });
    if (round instanceof RawToolResult) return round;
    const outcome = await wf.confirmWrite(prepared, {
      profile,
      lockTimeoutMs: args.lockTimeoutMs,
      keepBackups: args.keepBackups,
      ...checksRun(deps),
    });
    answerApplied(deps, root, outcome);
    return outcome.write;
  },
});

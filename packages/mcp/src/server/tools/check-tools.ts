// Checks and tasks: axiom_check, axiom_check_start, axiom_task_get, axiom_task_cancel
// (mcp.md §5.3, §9.1; checks.md §8).
import { type CheckReport, CheckReportSchema, type ManifestBundle } from "@codai/axiom-schema";
import type { Workflow } from "@codai/axiom-workflow";
import { z } from "zod";
import type { ServerContext } from "../context";
import { selectProfile } from "../profile-rule";
import { TASK_LIMITS } from "../tasks";
import { optionalRoot } from "./plan-tools";
import { compact, DocumentArg, ErrorObjectSchema, first, ProfileArg, RootArg } from "./shared";
import { defineTool } from "./types";

/** `{manifestDigest, profile, verdict, counts, findings[≤20], providers, durationMs}` (§6.4). */
export function checkSummary(r: CheckReport) {
  const counts: Record<string, number> = {};
  for (const f of r.findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return {
    manifestDigest: r.manifestDigest,
    profile: r.profile,
    verdict: r.verdict,
    counts,
    findings: first(r.findings).map((f) =>
      compact({ id: f.id, severity: f.severity, message: f.message, path: f.path }),
    ),
    providers: r.providers,
    durationMs: r.durationMs,
  };
}

/** The whole axiom_check after intake and root: profile rule (D26), then the workflow's checkBundle. */
async function runCheckWork(
  deps: ServerContext,
  wf: Workflow,
  bundle: ManifestBundle,
  root: string | undefined,
  profileArg: string | undefined,
  signal?: AbortSignal,
): Promise<CheckReport> {
  const profile = await selectProfile(deps, profileArg, bundle.manifest.profile, root);
  const report = await wf.checkBundle({ bundle, root, profile, guards: deps.guards, signal });
  if (root !== undefined) deps.seenRoots.add(root);
  return report;
}

const CheckInput = z.strictObject({ bundle: DocumentArg, profile: ProfileArg.optional(), root: RootArg.optional() });

export const check = defineTool({
  name: "axiom_check",
  title: "Run policy checks on a bundle",
  description:
    "Run the selected check profile over a ManifestBundle and return the CheckReport; with a root the report is stored under .axiom/reports.",
  toolset: "core",
  preset: "READ",
  input: CheckInput,
  output: CheckReportSchema,
  summary: checkSummary,
  async handler(args, { deps, signal }) {
    const wf = await deps.workflow();
    const bundle = wf.intakeBundle(args.bundle);
    const root = await optionalRoot(deps, args.root);
    // The signal kills running guard process groups at shutdown, so SIGTERM never waits out a guard.
    return runCheckWork(deps, wf, bundle, root, args.profile, signal);
  },
});

const TaskDescriptorSchema = z.strictObject({
  taskId: z.string(),
  tool: z.literal("axiom_check"),
  status: z.enum(["working", "completed", "failed", "cancelled"]),
  pollIntervalMs: z.number().int(),
  ttlMs: z.number().int(),
  elapsedMs: z.number().int().min(0),
});

const TaskViewSchema = TaskDescriptorSchema.extend({
  result: CheckReportSchema.optional(),
  error: ErrorObjectSchema.optional(),
});

export const checkStart = defineTool({
  name: "axiom_check_start",
  title: "Start policy checks as a background task",
  description: `Start axiom_check as a background task; poll axiom_task_get every ${TASK_LIMITS.pollIntervalMs} ms until completed, failed or cancelled.`,
  toolset: "full",
  preset: "READ",
  input: CheckInput,
  output: TaskDescriptorSchema,
  async handler(args, { deps }) {
    const wf = await deps.workflow();
    const bundle = wf.intakeBundle(args.bundle);
    const root = await optionalRoot(deps, args.root);
    const descriptor = deps.tasks.start((signal) => runCheckWork(deps, wf, bundle, root, args.profile, signal));
    deps.log.info("task started", { taskId: descriptor.taskId, manifestDigest: bundle.manifestDigest, root });
    return descriptor;
  },
});

const TaskIdInput = z.strictObject({ taskId: z.string().min(1) });

export const taskGet = defineTool({
  name: "axiom_task_get",
  title: "Poll a task",
  description:
    "Poll a check task: its descriptor, plus result (the CheckReport) when completed, or error when failed or cancelled.",
  toolset: "full",
  preset: "READ",
  input: TaskIdInput,
  output: TaskViewSchema,
  summary: (v) =>
    compact({
      taskId: v.taskId,
      status: v.status,
      elapsedMs: v.elapsedMs,
      pollIntervalMs: v.pollIntervalMs,
      result: v.result ? checkSummary(v.result) : undefined,
      error: v.error,
    }),
  async handler(args, { deps }) {
    return deps.tasks.get(args.taskId) as z.output<typeof TaskViewSchema>;
  },
});

export const taskCancel = defineTool({
  name: "axiom_task_cancel",
  title: "Cancel a task",
  description: "Cancel a working check task (its guard processes are killed); a finished task is returned unchanged.",
  toolset: "full",
  preset: "ACT",
  input: TaskIdInput,
  output: TaskDescriptorSchema,
  async handler(args, { deps }) {
    const { result: _r, error: _e, ...descriptor } = deps.tasks.cancel(args.taskId);
    deps.log.info("task cancelled", { taskId: descriptor.taskId, status: descriptor.status });
    return descriptor;
  },
});

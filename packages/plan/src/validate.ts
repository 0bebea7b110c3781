// Plan validation (formats.md §2, §3.2 steps 1–2): schema with defaults, JCS well-formedness,
// then the duplicate scans. `parsePlan` throws; `validatePlan` reports (mcp.md axiom_plan_validate).
import {
  axiomError,
  type ErrorCode,
  type FullIssue,
  isAxiomError,
  isErrorCode,
  joinPath,
  type Plan,
  PlanSchema,
  wellFormedIssues,
  wireIssues,
} from "@codai/axiom-schema";

/** A schema issue with its raw path (kept as segments so it can be dotted or JSON-pointered). */
interface PathedIssue {
  segments: (string | number)[];
  message: string;
  code?: ErrorCode;
}

function planIssues(input: unknown): { ok: true; plan: Plan } | { ok: false; issues: PathedIssue[] } {
  try {
    return planIssuesUnguarded(input);
  } catch (err) {
    // A document nested deeply enough to exhaust the stack is bad input, not an internal error.
    if (err instanceof RangeError)
      return { ok: false, issues: [{ segments: [], message: "document is nested too deeply" }] };
    throw err;
  }
}

function planIssuesUnguarded(input: unknown): { ok: true; plan: Plan } | { ok: false; issues: PathedIssue[] } {
  const issues: PathedIssue[] = wellFormedIssues(input).map((i) => ({ segments: i.path, message: i.message }));
  const parsed = PlanSchema.safeParse(input);
  if (parsed.success && issues.length === 0) return { ok: true, plan: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const params = (issue as { params?: Record<string, unknown> }).params;
      const out: PathedIssue = {
        segments: issue.path.map((p) => (typeof p === "number" ? p : String(p))),
        message: issue.message,
      };
      if (params && isErrorCode(params.axiomCode)) out.code = params.axiomCode;
      issues.push(out);
    }
  }
  return { ok: false, issues };
}

function dotted(issues: PathedIssue[]): FullIssue[] {
  return issues.map((i) =>
    i.code
      ? { path: joinPath(i.segments), message: i.message, code: i.code }
      : { path: joinPath(i.segments), message: i.message },
  );
}

/** RFC 6901 JSON Pointer of a path ("" for the document). */
export function jsonPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

type Conflict =
  | { kind: "path"; index: number; value: string }
  | { kind: "id"; index: number; value: string }
  | { kind: "nested"; index: number; value: string; ancestor: string; descendant: string };

/**
 * First repeated artifact path / check id, in authored order (formats.md §3.2 step 2); then the
 * first artifact that is a file above or below another one (`d` and `d/e`): no tree holds both, so
 * apply could only fail on it mid-commit (issue 20 Low 8, decisions SEC-21). Exact strings, like the
 * duplicate rule; a case variant (`D`, `d/e`) is apply's case-collision concern.
 */
export function findDuplicate(plan: Plan): Conflict | undefined {
  const paths = new Set<string>();
  for (const [index, a] of plan.artifacts.entries()) {
    if (paths.has(a.path)) return { kind: "path", index, value: a.path };
    paths.add(a.path);
  }
  const ids = new Set<string>();
  for (const [index, c] of plan.checks.entries()) {
    if (ids.has(c.id)) return { kind: "id", index, value: c.id };
    ids.add(c.id);
  }
  return findNested(plan);
}

/** Scanned after the duplicates so an exact repeat keeps its own error; O(artifacts × depth). */
function findNested(plan: Plan): Conflict | undefined {
  const seen = new Set<string>();
  // Every proper ancestor of a path seen so far → that path (the first one under it).
  const under = new Map<string, string>();
  for (const [index, a] of plan.artifacts.entries()) {
    const below = under.get(a.path);
    if (below !== undefined) return { kind: "nested", index, value: a.path, ancestor: a.path, descendant: below };
    const segments = a.path.split("/");
    for (let n = 1; n < segments.length; n++) {
      const ancestor = segments.slice(0, n).join("/");
      if (seen.has(ancestor)) return { kind: "nested", index, value: a.path, ancestor, descendant: a.path };
      if (!under.has(ancestor)) under.set(ancestor, a.path);
    }
    seen.add(a.path);
  }
  return undefined;
}

function duplicateError(dup: Conflict) {
  if (dup.kind === "nested") {
    return axiomError("ERR_INVALID_PLAN", {
      message: `artifact path ${JSON.stringify(dup.descendant)} is under artifact path ${JSON.stringify(dup.ancestor)}: a file and a path under it cannot be in one set`,
      path: dup.value,
      details: { ancestor: dup.ancestor, descendant: dup.descendant },
    });
  }
  return dup.kind === "path"
    ? axiomError("ERR_INVALID_PLAN", { message: "duplicate artifact path", path: dup.value })
    : axiomError("ERR_INVALID_PLAN", { message: "duplicate check id", details: { id: dup.value } });
}

/**
 * Validates and applies defaults; throws ERR_INVALID_PLAN (`details.issues`; or the duplicate's
 * `path` / `details.id`; or a file and a path under it, `path` + `details {ancestor, descendant}`).
 */
export function parsePlan(input: unknown): Plan {
  const result = planIssues(input);
  if (!result.ok) {
    throw axiomError("ERR_INVALID_PLAN", {
      message: "plan does not match its schema",
      details: { issues: wireIssues(dotted(result.issues)) },
    });
  }
  const dup = findDuplicate(result.plan);
  if (dup) throw duplicateError(dup);
  return result.plan;
}

export interface PlanValidationError {
  /** The issue's own code; a schema issue without one is ERR_INVALID_PLAN (SEC-32: every entry has one). */
  code: ErrorCode;
  message: string;
  /** RFC 6901 JSON Pointer into the Plan ("" for the document), mcp.md §4. */
  path: string;
}

export interface PlanValidation {
  ok: boolean;
  planDigest?: string;
  errors: PlanValidationError[];
}

export const VALIDATE_MAX_ERRORS = 20;

/**
 * The axiom_plan_validate result (mcp.md §4): schema issues, then the duplicate scan, then — only
 * when every non-delete source is inline — a root-less trial compile for `planDigest`. Never
 * throws, never writes. `trialCompile` is injected so this file does not depend on compile.ts.
 */
export async function validatePlanWith(
  input: unknown,
  trialCompile: (plan: Plan) => Promise<{ planDigest: string }>,
): Promise<PlanValidation> {
  const result = planIssues(input);
  if (!result.ok) {
    // `{path, message, code}`: the issue's AXIOM code (a path rule's), else ERR_INVALID_PLAN (SEC-32)
    const errors = result.issues.slice(0, VALIDATE_MAX_ERRORS).map(
      (i): PlanValidationError => ({
        path: jsonPointer(i.segments),
        message: i.message,
        code: i.code ?? "ERR_INVALID_PLAN",
      }),
    );
    return { ok: false, errors };
  }
  const plan = result.plan;
  const dup = findDuplicate(plan);
  if (dup) {
    const path = dup.kind === "id" ? `/checks/${dup.index}/id` : `/artifacts/${dup.index}/path`;
    return { ok: false, errors: [{ code: "ERR_INVALID_PLAN", message: duplicateError(dup).message, path }] };
  }
  const allInline = plan.artifacts.every((a) => a.op === "delete" || a.source?.type === "inline");
  if (!allInline) return { ok: true, errors: [] };
  try {
    const { planDigest } = await trialCompile(plan);
    return { ok: true, planDigest, errors: [] };
  } catch (err) {
    const code: ErrorCode = isAxiomError(err) ? err.code : "ERR_INTERNAL";
    const message = err instanceof Error ? err.message : String(err);
    const errPath = isAxiomError(err) ? err.path : undefined;
    const index = errPath === undefined ? -1 : plan.artifacts.findIndex((a) => a.path === errPath);
    return { ok: false, errors: [{ code, message, path: index < 0 ? "" : `/artifacts/${index}` }] };
  }
}

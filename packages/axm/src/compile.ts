// Stages 2 and 3 (axm.md §1): semantic checks, then the Plan schema with every issue mapped back
// to a source range (§7.5).
import { collectIssues, isErrorCode, type Plan, PlanSchema } from "@codai/axiom-schema";
import type { AxmFile } from "./ast";
import type { Span, SpanDiagnostic } from "./diagnostics";
import { buildPlanInput, spanForPath } from "./mapping";
import { checkSemantics } from "./semantic";

export type CompileResult = { plan: Plan; diagnostics: [] } | { plan?: undefined; diagnostics: SpanDiagnostic[] };

export function compileFile(file: AxmFile): CompileResult {
  const semantic = checkSemantics(file);
  if (!semantic.ok) return { diagnostics: semantic.diagnostics };
  const { input, spans } = buildPlanInput(semantic.plan);
  const result = collectIssues(PlanSchema, input);
  if (result.ok) return { plan: result.value, diagnostics: [] };
  const fallback: Span = spans.get("name") ?? { start: 0, end: 0 };
  const diagnostics = result.issues.map(
    (issue): SpanDiagnostic => ({
      code: issue.code && isErrorCode(issue.code) ? issue.code : "ERR_INVALID_PLAN",
      message: issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`,
      span: spanForPath(spans, issue.path) ?? fallback,
    }),
  );
  return { diagnostics };
}

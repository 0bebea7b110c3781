// One `details.issues` shape on every surface (formats.md §12.1): at most 20
// `{ path (dotted), message, code? }`, where `code` is the issue's own AXIOM code when it has one.
import { MAX_ISSUES } from "@codai/axiom-rules";
import type { z } from "zod";
import { AxiomError, type ErrorCode, isErrorCode } from "./errors";
import { wellFormedIssues } from "./wellformed";

export interface Issue {
  path: string;
  message: string;
  code?: ErrorCode;
}

/** An issue with the params a coded check attached (e.g. `total`, `max`), before truncation. */
export interface FullIssue extends Issue {
  params?: Record<string, unknown>;
}

export function joinPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join(".");
}

export function issuesFromZod(error: z.ZodError): FullIssue[] {
  return error.issues.map((issue) => {
    const out: FullIssue = { path: joinPath(issue.path), message: issue.message };
    const params = (issue as { params?: Record<string, unknown> }).params;
    if (params && isErrorCode(params.axiomCode)) {
      out.code = params.axiomCode;
      const { axiomCode: _, ...rest } = params;
      if (Object.keys(rest).length > 0) out.params = rest;
    }
    return out;
  });
}

/** The wire form: at most 20 issues, no params. */
export function wireIssues(issues: readonly FullIssue[]): Issue[] {
  return issues
    .slice(0, MAX_ISSUES)
    .map(({ path, message, code }) => (code ? { path, message, code } : { path, message }));
}

/** Schema issues plus the JCS well-formedness issues (lone surrogates, non-finite numbers). */
export function collectIssues<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; issues: FullIssue[] } {
  const formed: FullIssue[] = wellFormedIssues(input).map((i) => ({ path: joinPath(i.path), message: i.message }));
  const parsed = schema.safeParse(input);
  if (parsed.success && formed.length === 0) return { ok: true, value: parsed.data };
  const issues = parsed.success ? formed : [...formed, ...issuesFromZod(parsed.error)];
  return { ok: false, issues };
}

/** Parses `input` or throws `AxiomError(failCode)` with `details.issues`. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  failCode: ErrorCode,
  what: string,
): z.output<S> {
  const result = collectIssues(schema, input);
  if (result.ok) return result.value;
  throw new AxiomError(failCode, {
    message: `${what} does not match its schema`,
    details: { issues: wireIssues(result.issues) },
  });
}

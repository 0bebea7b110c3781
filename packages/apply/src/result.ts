// Mapping thrown values into `ApplyResult.error` (apply.md §4.3 "Error mapping"; threats.md:
// IO errors that surface as ERR_INTERNAL carry `details: {errno, syscall}`).
import { isRelPath } from "@codai/axiom-rules";
import { type ApplyErrorObject, isAxiomError } from "@codai/axiom-schema";

export function toApplyError(err: unknown): ApplyErrorObject {
  if (isAxiomError(err)) {
    const e = err as unknown as {
      code: ApplyErrorObject["code"];
      message?: unknown;
      path?: unknown;
      details?: unknown;
    };
    const out: ApplyErrorObject = {
      code: e.code,
      message: typeof e.message === "string" && e.message ? e.message : e.code,
    };
    const stepPath = (err as { stepPath?: unknown }).stepPath;
    if (typeof e.path === "string" && isRelPath(e.path)) out.path = e.path;
    else if (typeof stepPath === "string" && isRelPath(stepPath)) out.path = stepPath;
    if (e.details && typeof e.details === "object" && Object.keys(e.details).length > 0) {
      out.details = e.details as Record<string, unknown>;
    }
    return out;
  }
  const message = err instanceof Error ? err.message : String(err);
  const out: ApplyErrorObject = { code: "ERR_INTERNAL", message };
  const stepPath = (err as { stepPath?: unknown } | null)?.stepPath;
  if (typeof stepPath === "string" && isRelPath(stepPath)) out.path = stepPath;
  const errno = (err as { code?: unknown } | null)?.code;
  const syscall = (err as { syscall?: unknown } | null)?.syscall;
  if (typeof errno === "string") {
    out.details = { errno };
    if (typeof syscall === "string") out.details.syscall = syscall;
  }
  return out;
}

/** `{code, message}` for nested causes. */
export function briefError(err: unknown): { code: string; message: string } {
  const e = toApplyError(err);
  return { code: e.code, message: e.message };
}

export interface ResultParts {
  status: "applied" | "noop" | "rolled-back" | "failed";
  files: import("@codai/axiom-schema").ApplyFileResult[];
  diff?: string;
  journal?: string;
  git?: { branch: string; commit?: string; compareUrl?: string };
  drifted?: string[];
  error?: ApplyErrorObject;
}

/** Assembles an ApplyResult with its keys in §10 order. */
export function buildResult(
  manifestDigest: string,
  mode: "dry-run" | "fs" | "pr",
  root: string,
  parts: ResultParts,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    apiVersion: "axiom.dev/v2",
    kind: "ApplyResult",
    manifestDigest,
    mode,
    status: parts.status,
    root,
    files: parts.files,
  };
  if (parts.diff !== undefined) out.diff = parts.diff;
  if (parts.journal !== undefined) out.journal = parts.journal;
  if (parts.git !== undefined) out.git = parts.git;
  if (parts.drifted !== undefined) out.drifted = parts.drifted;
  if (parts.error !== undefined) out.error = parts.error;
  return out;
}

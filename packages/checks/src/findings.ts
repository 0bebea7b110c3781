// Finding helpers: provider failures, severity resolution (§2.5), order (§2.7), verdict (§2.6).
import {
  compareUtf8,
  type ErrorCode,
  type Finding,
  type JsonValue,
  SEVERITY_RANK,
  type Severity,
  type Verdict,
} from "@codai/axiom-schema";
import type { RawFinding } from "./types";

/** A "could not judge" finding: severity error, `facts.__provider: true` and an ERR_* code. */
export function providerFailure(
  id: string,
  predicate: string,
  code: ErrorCode,
  message: string,
  extra: { path?: string; facts?: Record<string, JsonValue> } = {},
): Finding {
  const finding: Finding = {
    id,
    severity: "error",
    predicate,
    message,
    facts: { ...extra.facts, code, __provider: true },
  };
  if (extra.path !== undefined) finding.path = extra.path;
  return finding;
}

/** The raw form a predicate returns for a provider failure; the runner rewrites the id (§2.5). */
export function rawProviderFailure(
  id: string,
  code: ErrorCode,
  message: string,
  extra: { path?: string; facts?: Record<string, JsonValue> } = {},
): RawFinding {
  const raw: RawFinding = { id, message, facts: { ...extra.facts, code, __provider: true } };
  if (extra.path !== undefined) raw.path = extra.path;
  return raw;
}

export function isProviderFailure(f: { facts?: Record<string, unknown> }): boolean {
  return f.facts?.__provider === true;
}

/** The less severe of two severities (higher rank). */
export function lessSevere(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b;
}

/** Sort key: severity rank, id by UTF-8 bytes, path by UTF-8 bytes (absent = ""); stable. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (x, y) =>
        SEVERITY_RANK[x.f.severity] - SEVERITY_RANK[y.f.severity] ||
        compareUtf8(x.f.id, y.f.id) ||
        compareUtf8(x.f.path ?? "", y.f.path ?? "") ||
        x.i - y.i,
    )
    .map(({ f }) => f);
}

export function verdictOf(findings: readonly Finding[]): Verdict {
  if (findings.some(isProviderFailure)) return "error";
  if (findings.some((f) => f.severity === "error")) return "fail";
  return "pass";
}

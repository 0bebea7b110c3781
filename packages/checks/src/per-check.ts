// One check of runChecks (checks.md §2.4 evaluation order, §2.5 collecting findings): which row of
// the §2.4 table a check falls in, and running its predicate. Kept apart from runner.ts so the
// runner reads as the §2.2 step list.
import { isRelPath, MAX_ISSUES } from "@codai/axiom-rules";
import { type CheckRef, collectIssues, type Finding, type ResolvedProfile } from "@codai/axiom-schema";
import { isProviderFailure, lessSevere, providerFailure } from "./findings";
import type { PredicateRegistry } from "./registry";
import type { Facts, PredicateDef, RawFinding } from "./types";

/** A check whose predicate is found and whose params parsed: ready to run (now or in the guard pool). */
export interface CheckJob {
  def: PredicateDef<unknown>;
  check: CheckRef;
  params: unknown;
}

/** The §2.4 row a check falls in. `guardFailed`: the failure counts toward the guard status. */
export type Admission =
  | { row: "failure"; finding: Finding; guardFailed: boolean }
  | { row: "skip" }
  | { row: "queue"; job: CheckJob }
  | { row: "run"; job: CheckJob };

/** §2.4 rows 1–6, in table order. */
export function admitCheck(
  check: CheckRef,
  registry: PredicateRegistry,
  profile: ResolvedProfile,
  hasRepo: boolean,
): Admission {
  const def = registry.get(check.predicate);
  if (!def) {
    const message = `predicate ${check.predicate} is not registered`;
    return { row: "failure", finding: failure(check, "ERR_PREDICATE_UNKNOWN", message), guardFailed: false };
  }
  const needsGuard = def.requires.includes("guard");
  if (needsGuard && !profile.facts.allowGuards) {
    const message = "guards are not allowed by this profile";
    return { row: "failure", finding: failure(check, "ERR_FACT_DISABLED", message), guardFailed: true };
  }
  const parsed = collectIssues(def.params, check.params === null ? {} : check.params);
  if (!parsed.ok) {
    const issues = parsed.issues.slice(0, MAX_ISSUES).map(({ path, message }) => ({ path, message }));
    const finding = providerFailure(
      check.id,
      check.predicate,
      "ERR_PREDICATE_PARAMS",
      `invalid params for ${check.predicate}`,
      { facts: { issues } },
    );
    return { row: "failure", finding, guardFailed: needsGuard };
  }
  if (def.requires.includes("repo") && !hasRepo) return { row: "skip" };
  const job = { def, check, params: parsed.value };
  return needsGuard ? { row: "queue", job } : { row: "run", job };
}

function failure(check: CheckRef, code: "ERR_PREDICATE_UNKNOWN" | "ERR_FACT_DISABLED", message: string): Finding {
  return providerFailure(check.id, check.predicate, code, message);
}

/** Runs a job's predicate; a throw is a provider failure (§2.4 row 6). */
export async function runJob({ def, check, params }: CheckJob, facts: Facts): Promise<Finding[]> {
  try {
    return finalize(await def.run({ params, check, facts }), check, def);
  } catch (err) {
    const message = `predicate threw: ${err instanceof Error ? err.message : String(err)}`;
    return [providerFailure(check.id, check.predicate, "ERR_PROVIDER_FAILED", message)];
  }
}

/** Turns a predicate's raw findings into report findings (§2.5). */
function finalize(raw: readonly RawFinding[], check: CheckRef, def: PredicateDef<unknown>): Finding[] {
  return raw.map((r) => {
    const facts = { ...(r.facts ?? {}) };
    const provider = isProviderFailure(r);
    let severity = check.severity;
    if (provider) severity = "error";
    else if (def.lowersSeverity && (r.severity === "info" || r.severity === "warn"))
      severity = lessSevere(r.severity, check.severity);
    const finding: Finding = {
      id: provider && r.id === def.id ? check.id : r.id,
      severity,
      predicate: check.predicate,
      message: r.message,
      facts,
    };
    if (r.path !== undefined) {
      if (isRelPath(r.path)) finding.path = r.path;
      else finding.facts = { ...facts, rawPath: r.path };
    }
    return finding;
  });
}

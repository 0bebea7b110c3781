// axiom_write's result (mcp.md §7.4): the ApplyResult with `status` widened to `preview`, plus
// `checks` when the pre-apply checks ran and `next` on a preview.
import type { ApplyResult, CheckReport, Finding, Verdict } from "@codai/axiom-schema";

export type WriteStatus = "preview" | "applied" | "noop" | "rolled-back" | "failed";

/** `{verdict, profile, findings}` of the CheckReport (§7.4). */
export interface WriteChecks {
  verdict: Verdict;
  profile: string;
  findings: Finding[];
}

export type WriteResult = Omit<ApplyResult, "status"> & {
  status: WriteStatus;
  checks?: WriteChecks;
  next?: string;
};

/** The ApplyResult as a WriteResult of `status`, with `checks` when a report exists. */
export function writeResultOf(result: ApplyResult, status: WriteStatus, report: CheckReport | undefined): WriteResult {
  const out: WriteResult = { ...result, status };
  if (report) out.checks = { verdict: report.verdict, profile: report.profile, findings: report.findings };
  return out;
}

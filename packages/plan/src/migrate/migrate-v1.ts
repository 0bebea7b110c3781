// migrateV1 (sources.md §5): an AXIOM v1 manifest → a v2 Plan and a report. Deterministic: the
// same input and options give a deep-equal Plan; no clock value is written. Every resolved byte
// goes to the CAS only with `casRoot`, and only after the whole migration succeeded.
import { axiomError, collectIssues, type Plan, PlanSchema, wireIssues } from "@codai/axiom-schema";
import { casPut } from "../cas";
import { FORMAT_VERSION } from "../version";
import { type ArtifactCounts, type ContentResolver, migrateArtifacts } from "./artifacts";
import { migrateChecks } from "./checks";
import { readV1Manifest } from "./input";
import { normalisePlanName } from "./name";
import { type Dropped, type MigrationLog, newLog, REASONS } from "./report";

export interface MigrateV1Options {
  /** The source format: only "v1" exists. */
  version: "v1";
  /** `profile` written into the Plan (default "default"). */
  profile?: string;
  /** Plan name before normalisation (default `migrated-v1-<v1 profile | "manifest">`). */
  name?: string;
  /** `op: "overwrite"` instead of `"create"`. */
  overwrite?: boolean;
  /** A realpath'd root: every resolved artifact is written to its CAS and referenced as `cas`. */
  casRoot?: string;
  /** Bytes of an artifact that carries only a hash; undefined = unavailable. */
  resolveContent?: ContentResolver;
}

export interface MigrateReport {
  ok: boolean;
  artifacts: ArtifactCounts;
  checks: number;
  dropped: Dropped[];
  warnings: string[];
}

export interface MigrateV1Result {
  plan: Plan;
  report: MigrateReport;
}

const TOP_LEVEL_CONSUMED = new Set(["artifacts", "evidence", "profile"]);

function dropTopLevel(raw: Record<string, unknown>, log: MigrationLog): void {
  for (const key of Object.keys(raw)) {
    if (TOP_LEVEL_CONSUMED.has(key)) continue;
    const known = key === "buildId" || key === "irHash" || key === "createdAt" || key === "version";
    log.dropped.push({ field: key, reason: known ? REASONS[key as "buildId"] : REASONS.other });
  }
}

export async function migrateV1(json: unknown, options: MigrateV1Options): Promise<MigrateV1Result> {
  if (options.version !== "v1") {
    throw axiomError("ERR_INTERNAL", { message: `unknown migration source ${JSON.stringify(options.version)}` });
  }
  const { manifest, raw } = readV1Manifest(json);
  const log = newLog();
  dropTopLevel(raw, log);
  const { artifacts, counts, pendingCas } = await migrateArtifacts(
    manifest.artifacts,
    {
      overwrite: options.overwrite ?? false,
      toCas: options.casRoot !== undefined,
      resolveContent: options.resolveContent,
    },
    log,
  );
  const checks = migrateChecks(manifest.profile, manifest.evidence ?? [], log);

  const v1Profile = manifest.profile ?? null;
  const candidate = {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: normalisePlanName(options.name ?? `migrated-v1-${v1Profile ?? "manifest"}`),
    intent: `Migrated from AXIOM v1 manifest (profile ${v1Profile ?? "none"}, ${artifacts.length} artifacts)`,
    profile: options.profile ?? "default",
    artifacts,
    checks,
    metadata: {
      migration: {
        from: "v1",
        tool: "axiom migrate",
        version: FORMAT_VERSION,
        source: { version: manifest.version, profile: v1Profile },
        dropped: log.dropped,
        warnings: log.warnings,
      },
    },
  };
  const parsed = collectIssues(PlanSchema, candidate);
  if (!parsed.ok) {
    throw axiomError("ERR_INVALID_PLAN", {
      message: "the migrated Plan does not match the Plan schema",
      details: { issues: wireIssues(parsed.issues) },
    });
  }
  if (options.casRoot !== undefined) for (const bytes of pendingCas) await casPut(options.casRoot, bytes);
  return {
    plan: candidate as unknown as Plan,
    report: {
      ok: log.warnings.length === 0,
      artifacts: counts,
      checks: checks.length,
      dropped: log.dropped,
      warnings: log.warnings,
    },
  };
}

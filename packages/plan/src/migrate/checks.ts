// v1 profile constraints and evidence → v2 CheckRefs (sources.md §5.4): profile constraints first,
// then evidence; a second check with the same predicate and params is dropped as a duplicate.
import { canonicalize } from "@codai/axiom-canon";
import type { V1Evidence } from "./input";
import { type MigrationLog, REASONS } from "./report";

export interface MigratedCheck {
  id: string;
  predicate: string;
  params: Record<string, unknown>;
}

/** Known v1 profiles and their constraints, in iteration order. */
const V1_PROFILES: Record<string, [string, number | boolean][]> = {
  default: [],
  budget: [
    ["max_bundle_size_kb", 500],
    ["max_dependencies", 5],
    ["no_analytics", true],
    ["no_telemetry", true],
  ],
  edge: [
    ["timeout_ms", 50],
    ["memory_mb", 128],
    ["max_artifact_size_mb", 50],
    ["cold_start_ms", 100],
    ["no_fs_heavy", true],
  ],
};

const NO_PERSONAL_DATA = "scan.artifacts.no_personal_data()";

function constraintCheck(key: string, value: number | boolean): Omit<MigratedCheck, "id"> | undefined {
  if (typeof value !== "number") return undefined;
  if (key === "max_dependencies") return { predicate: "deps.max", params: { max: value } };
  if (key === "max_bundle_size_kb") return { predicate: "manifest.maxTotalBytes", params: { max: value * 1024 } };
  if (key === "max_artifact_size_mb") return { predicate: "content.maxBytes", params: { max: value * 1_048_576 } };
  return undefined;
}

export function migrateChecks(
  profile: string | undefined,
  evidence: readonly V1Evidence[],
  log: MigrationLog,
): MigratedCheck[] {
  const checks: MigratedCheck[] = [];
  const keys = new Set<string>();
  const ids = new Set<string>();
  const isDuplicate = (c: Omit<MigratedCheck, "id">) => keys.has(`${c.predicate}\u0000${canonicalize(c.params)}`);
  const push = (c: MigratedCheck) => {
    checks.push(c);
    ids.add(c.id);
    keys.add(`${c.predicate}\u0000${canonicalize(c.params)}`);
  };

  if (profile !== undefined) {
    const constraints = Object.hasOwn(V1_PROFILES, profile) ? V1_PROFILES[profile] : undefined;
    if (constraints === undefined) {
      log.dropped.push({ field: "profile", reason: `unknown v1 profile ${JSON.stringify(profile)}` });
    } else {
      for (const [key, value] of constraints) {
        const check = constraintCheck(key, value);
        if (check === undefined) {
          log.dropped.push({ field: `profile.${profile}.${key}`, reason: REASONS.runtimeMetric });
          continue;
        }
        push({ id: `v1-${profile}-${key.replaceAll("_", "-")}`, ...check });
      }
    }
  }

  for (const [i, e] of evidence.entries()) {
    const name = e.checkName ?? `v1-check-${i}`;
    const field = `evidence[${i}] (${name})`;
    if (e.kind === "sla" || e.kind === "unit") {
      log.dropped.push({ field, reason: `${e.kind} evidence is a runtime measurement` });
      continue;
    }
    const expression = e.details?.expression;
    if (expression !== NO_PERSONAL_DATA) {
      log.dropped.push({ field, reason: `no v2 predicate for expression ${JSON.stringify(expression ?? null)}` });
      continue;
    }
    const check = { predicate: "content.noSecrets", params: {} };
    if (isDuplicate(check)) {
      log.dropped.push({ field, reason: `duplicate of an earlier ${check.predicate} check` });
      continue;
    }
    push({ id: ids.has(name) ? `${name}-${i}` : name, ...check });
  }
  return checks;
}

// runChecks (checks.md §2): fail-closed evaluation of a resolved profile plus the manifest's own
// checks over a bundle. Every "could not judge" becomes a provider failure, so the verdict is
// `error`, never a silent pass.
import { performance } from "node:perf_hooks";
import { canonicalize } from "@codai/axiom-canon";
import {
  type CheckRef,
  type CheckReport,
  collectIssues,
  type Finding,
  isRelPath,
  type ManifestBundle,
  type PreImageState,
  type ProviderStatus,
  type ResolvedProfile,
} from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store";
import { makeContentReader } from "./content";
import { isProviderFailure, lessSevere, providerFailure, sortFindings, verdictOf } from "./findings";
import { deepFreeze, frozenCopy } from "./frozen";
import { factsDigestOf, manifestFactsOf } from "./manifest-facts";
import { guardPoolSize, runPool } from "./pool";
import { createDefaultRegistry } from "./predicates/index";
import { preImageDrifts } from "./preimage";
import type { PredicateRegistry } from "./registry";
import { buildRepoFacts } from "./repo";
import type { Facts, GuardFacts, PredicateDef, RawFinding, RepoFacts } from "./types";

export interface RunChecksInput {
  bundle: ManifestBundle;
  /** A resolved profile (no `extends`). */
  profile: ResolvedProfile;
  /** Realpath'd root; absent = root-less run. */
  root?: string;
  /** Defaults to `<root>/.axiom/cas` when a root is given. */
  casDir?: string;
  /** The process flag --allow-guards (never a tool argument). */
  allowGuards?: boolean;
  guardAllowlist?: readonly string[];
  stagingDir?: string;
  /** Writes `stagingDir` when it is staged on demand (a dry-run); awaited before the first guard runs. */
  stage?: () => Promise<void>;
  /** Default true; false only for the pre-apply checks of a re-apply (D27). */
  verifyPreImage?: boolean;
  signal?: AbortSignal;
  registry?: PredicateRegistry;
  /** Builds the repo facts; injectable so provider failures can be tested. */
  repoProvider?: (root: string) => Promise<RepoFacts>;
  /** Guard pool size; default max(1, min(4, cpus)). */
  guardConcurrency?: number;
}

/** §2.3: profile checks, then manifest checks by id; a different colliding entry fails the run. */
export function mergeChecks(profileChecks: readonly CheckRef[], manifestChecks: readonly CheckRef[]) {
  const merged = new Map<string, CheckRef>();
  for (const c of profileChecks) merged.set(c.id, c);
  const overrides: Finding[] = [];
  const key = (c: CheckRef) =>
    canonicalize({ id: c.id, predicate: c.predicate, params: c.params, severity: c.severity });
  for (const c of manifestChecks) {
    const existing = merged.get(c.id);
    if (!existing) merged.set(c.id, c);
    else if (key(existing) !== key(c)) {
      overrides.push({
        id: "manifest.checkOverride",
        severity: "error",
        predicate: "manifest",
        message: `the manifest redefines profile check ${c.id}; the profile entry stays in force`,
        facts: { checkId: c.id },
      });
    }
  }
  return { checks: [...merged.values()], overrides };
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

async function runOne(def: PredicateDef<unknown>, check: CheckRef, params: unknown, facts: Facts): Promise<Finding[]> {
  try {
    return finalize(await def.run({ params, check, facts }), check, def);
  } catch (err) {
    const message = `predicate threw: ${err instanceof Error ? err.message : String(err)}`;
    return [providerFailure(check.id, check.predicate, "ERR_PROVIDER_FAILED", message)];
  }
}

// The built-in registry is never registered into after creation, so every run can share one.
let defaultRegistry: PredicateRegistry | undefined;
const builtins = () => {
  defaultRegistry ??= createDefaultRegistry();
  return defaultRegistry;
};

export async function runChecks(input: RunChecksInput): Promise<CheckReport> {
  const started = performance.now();
  const registry = input.registry ?? builtins();
  const bundle = frozenCopy(input.bundle);
  const { profile, root } = input;
  const statuses: Record<ProviderStatus["name"], ProviderStatus> = {
    manifest: { name: "manifest", status: "ok", ms: 0 },
    content: { name: "content", status: "ok", ms: 0 },
    repo: { name: "repo", status: "skipped", ms: 0 },
    guard: { name: "guard", status: "skipped", ms: 0 },
  };
  const since = (t: number) => Math.max(0, Math.round(performance.now() - t));

  // 1. merge
  const { checks, overrides } = mergeChecks(profile.checks, bundle.manifest.checks);
  const runnerFindings: Finding[] = [...overrides];

  // 2. manifest facts
  let t = performance.now();
  const manifestFacts = deepFreeze(manifestFactsOf(bundle));
  statuses.manifest.ms = since(t);

  // 3. content reader
  t = performance.now();
  const casDir = input.casDir ?? (root !== undefined ? layout.casDir(root) : undefined);
  const content = makeContentReader(bundle, casDir);
  statuses.content.ms = since(t);

  // 4. repo facts
  let repo: RepoFacts | undefined;
  if (root !== undefined && profile.facts.allowRepo) {
    t = performance.now();
    try {
      repo = await (input.repoProvider ?? buildRepoFacts)(root);
      statuses.repo = { name: "repo", status: "ok", ms: since(t) };
    } catch (err) {
      statuses.repo = { name: "repo", status: "error", ms: since(t) };
      const message = `repo provider failed: ${err instanceof Error ? err.message : String(err)}`;
      runnerFindings.push(providerFailure("repo", "repo", "ERR_PROVIDER_FAILED", message));
    }
  }

  // 5. pre-image
  let preImage: PreImageState = "unverified";
  const entries = bundle.manifest.preImage;
  if (root !== undefined && input.verifyPreImage !== false && entries !== undefined) {
    const drifts = await preImageDrifts(root, entries);
    preImage = drifts.length > 0 ? "drifted" : "verified";
    for (const d of drifts) {
      runnerFindings.push(
        d.actual === undefined
          ? providerFailure(
              "manifest.preImage",
              "manifest.preImage",
              "ERR_PROVIDER_FAILED",
              `the target cannot be read (${d.reason})`,
              {
                path: d.path,
                facts: { expected: d.expected, reason: d.reason ?? "unreadable" },
              },
            )
          : providerFailure(
              "manifest.preImage",
              "manifest.preImage",
              "ERR_PREIMAGE_CHANGED",
              "the target changed since the manifest was compiled",
              {
                path: d.path,
                facts: { expected: d.expected, actual: d.actual },
              },
            ),
      );
    }
  }

  // 6–7. guard facts, frozen context
  const guard: GuardFacts | undefined =
    input.allowGuards === true && profile.facts.allowGuards && root !== undefined
      ? Object.freeze({
          root,
          allowlist: Object.freeze([...(input.guardAllowlist ?? [])]),
          stagingDir: input.stagingDir,
          signal: input.signal,
        })
      : undefined;
  const facts: Facts = Object.freeze({
    bundle,
    manifest: bundle.manifest,
    manifestDigest: bundle.manifestDigest,
    manifestFacts,
    content,
    root,
    repo,
    guard,
  });

  // 8. per check (§2.4)
  const checkFindings: Finding[] = [];
  const queued: { def: PredicateDef<unknown>; check: CheckRef; params: unknown }[] = [];
  let guardFailed = false;
  for (const check of checks) {
    const def = registry.get(check.predicate);
    if (!def) {
      checkFindings.push(
        providerFailure(
          check.id,
          check.predicate,
          "ERR_PREDICATE_UNKNOWN",
          `predicate ${check.predicate} is not registered`,
        ),
      );
      continue;
    }
    const needsGuard = def.requires.includes("guard");
    if (needsGuard && !profile.facts.allowGuards) {
      checkFindings.push(
        providerFailure(check.id, check.predicate, "ERR_FACT_DISABLED", "guards are not allowed by this profile"),
      );
      guardFailed = true;
      continue;
    }
    const parsed = collectIssues(def.params, check.params === null ? {} : check.params);
    if (!parsed.ok) {
      const issues = parsed.issues.slice(0, 20).map(({ path, message }) => ({ path, message }));
      checkFindings.push(
        providerFailure(check.id, check.predicate, "ERR_PREDICATE_PARAMS", `invalid params for ${check.predicate}`, {
          facts: { issues },
        }),
      );
      if (needsGuard) guardFailed = true;
      continue;
    }
    if (def.requires.includes("repo") && repo === undefined) continue;
    if (needsGuard) {
      queued.push({ def, check, params: parsed.value });
      continue;
    }
    checkFindings.push(...(await runOne(def, check, parsed.value, facts)));
  }

  // 9. guard pool; results appended in merged-check order
  if (queued.length > 0) {
    t = performance.now();
    if (guard?.stagingDir !== undefined) await input.stage?.();
    const size = input.guardConcurrency ?? guardPoolSize();
    const results = await runPool(
      queued.map((q) => () => runOne(q.def, q.check, q.params, facts)),
      size,
    );
    for (const list of results) {
      if (list.some(isProviderFailure)) guardFailed = true;
      checkFindings.push(...list);
    }
    statuses.guard = { name: "guard", status: guardFailed ? "error" : "ok", ms: since(t) };
  } else if (guardFailed) {
    statuses.guard = { name: "guard", status: "error", ms: 0 };
  }

  // 10. collect, sort, verdict, digest
  const findings = sortFindings([...runnerFindings, ...checkFindings]);
  return {
    apiVersion: "axiom.dev/v2",
    kind: "CheckReport",
    manifestDigest: bundle.manifestDigest,
    profile: profile.name,
    verdict: verdictOf(findings),
    findings,
    factsDigest: factsDigestOf(
      manifestFacts,
      profile.name,
      checks.map((c) => c.id),
    ),
    durationMs: since(started),
    providers: [statuses.manifest, statuses.content, statuses.repo, statuses.guard],
    preImage,
  };
}

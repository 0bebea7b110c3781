// runChecks (checks.md §2): fail-closed evaluation of a resolved profile plus the manifest's own
// checks over a bundle. Every "could not judge" becomes a provider failure, so the verdict is
// `error`, never a silent pass. runChecks is the §2.2 step list, one call per step; each step is a
// small function below, one check's evaluation (§2.4, §2.5) lives in per-check.ts.
import { performance } from "node:perf_hooks";
import { canonicalize } from "@codai/axiom-canon";
import type {
  CheckRef,
  CheckReport,
  Finding,
  ManifestBundle,
  PreImageState,
  ProviderStatus,
  ResolvedProfile,
} from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store";
import { makeContentReader } from "./content";
import { isProviderFailure, providerFailure, sortFindings, verdictOf } from "./findings";
import { deepFreeze, frozenCopy } from "./frozen";
import { factsDigestOf, manifestFactsOf } from "./manifest-facts";
import { admitCheck, type CheckJob, runJob } from "./per-check";
import { guardPoolSize, runPool } from "./pool";
import { createDefaultRegistry } from "./predicates/index";
import { type PreImageDrift, preImageDrifts } from "./preimage";
import type { PredicateRegistry } from "./registry";
import { buildRepoFacts } from "./repo";
import type { ContentReader, Facts, GuardFacts, ManifestFacts, RepoFacts } from "./types";

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

// The built-in registry is never registered into after creation, so every run can share one.
let defaultRegistry: PredicateRegistry | undefined;
const builtins = () => {
  defaultRegistry ??= createDefaultRegistry();
  return defaultRegistry;
};

type Statuses = Record<ProviderStatus["name"], ProviderStatus>;

/** The state one run threads through its steps. */
interface Run {
  readonly input: RunChecksInput;
  readonly started: number;
  readonly registry: PredicateRegistry;
  /** A frozen copy: predicates cannot mutate the caller's bundle. */
  readonly bundle: ManifestBundle;
  readonly statuses: Statuses;
  /** The runner's own findings (§2.3 overrides, repo and pre-image failures), before the checks'. */
  readonly runnerFindings: Finding[];
  readonly checkFindings: Finding[];
  /** A guard check failed (§2.4 rows 2–3, or in the pool): the guard status is `error`. */
  guardFailed: boolean;
}

export async function runChecks(input: RunChecksInput): Promise<CheckReport> {
  const run = startRun(input);
  const checks = mergeStep(run); // 1. merge checks
  const manifestFacts = timed(run, "manifest", () => deepFreeze(manifestFactsOf(run.bundle))); // 2. manifest provider
  const content = timed(run, "content", () => contentReaderOf(run)); // 3. content provider
  const repo = await repoStep(run); // 4. repo provider
  const preImage = await preImageStep(run); // 5. pre-image
  const facts = factContext(run, manifestFacts, content, repo); // 6–7. guard facts, frozen context
  const queued = await perCheckStep(run, checks, facts); // 8. per check
  await guardPoolStep(run, queued, facts); // 9. guard pool, guard status
  return report(run, checks, manifestFacts, preImage); // 10. collect, sort, verdict, factsDigest
}

function startRun(input: RunChecksInput): Run {
  return {
    input,
    started: performance.now(),
    registry: input.registry ?? builtins(),
    bundle: frozenCopy(input.bundle),
    statuses: {
      manifest: { name: "manifest", status: "ok", ms: 0 },
      content: { name: "content", status: "ok", ms: 0 },
      repo: { name: "repo", status: "skipped", ms: 0 },
      guard: { name: "guard", status: "skipped", ms: 0 },
    },
    runnerFindings: [],
    checkFindings: [],
    guardFailed: false,
  };
}

const since = (t: number) => Math.max(0, Math.round(performance.now() - t));

/** Runs `make` and records its duration as the provider's `ms`. */
function timed<T>(run: Run, provider: "manifest" | "content", make: () => T): T {
  const t = performance.now();
  const value = make();
  run.statuses[provider].ms = since(t);
  return value;
}

/** Step 1 (§2.3). */
function mergeStep(run: Run): CheckRef[] {
  const { checks, overrides } = mergeChecks(run.input.profile.checks, run.bundle.manifest.checks);
  run.runnerFindings.push(...overrides);
  return checks;
}

/** Step 3: inline blobs first, else the CAS (`<root>/.axiom/cas` by default). */
function contentReaderOf(run: Run): ContentReader {
  const { root } = run.input;
  const casDir = run.input.casDir ?? (root !== undefined ? layout.casDir(root) : undefined);
  return makeContentReader(run.bundle, casDir);
}

/** Step 4: only with a root and `allowRepo`; a throw is a provider failure, status `error`. */
async function repoStep(run: Run): Promise<RepoFacts | undefined> {
  const { root, profile } = run.input;
  if (root === undefined || !profile.facts.allowRepo) return undefined;
  const t = performance.now();
  try {
    const repo = await (run.input.repoProvider ?? buildRepoFacts)(root);
    run.statuses.repo = { name: "repo", status: "ok", ms: since(t) };
    return repo;
  } catch (err) {
    run.statuses.repo = { name: "repo", status: "error", ms: since(t) };
    const message = `repo provider failed: ${err instanceof Error ? err.message : String(err)}`;
    run.runnerFindings.push(providerFailure("repo", "repo", "ERR_PROVIDER_FAILED", message));
    return undefined;
  }
}

/** Step 5: each `preImage[]` entry against the tree; every drift is a provider failure. */
async function preImageStep(run: Run): Promise<PreImageState> {
  const { root, verifyPreImage } = run.input;
  const entries = run.bundle.manifest.preImage;
  if (root === undefined || verifyPreImage === false || entries === undefined) return "unverified";
  const drifts = await preImageDrifts(root, entries);
  run.runnerFindings.push(...drifts.map(driftFailure));
  return drifts.length > 0 ? "drifted" : "verified";
}

function driftFailure(d: PreImageDrift): Finding {
  if (d.actual === undefined) {
    return providerFailure(
      "manifest.preImage",
      "manifest.preImage",
      "ERR_PROVIDER_FAILED",
      `the target cannot be read (${d.reason})`,
      { path: d.path, facts: { expected: d.expected, reason: d.reason ?? "unreadable" } },
    );
  }
  return providerFailure(
    "manifest.preImage",
    "manifest.preImage",
    "ERR_PREIMAGE_CHANGED",
    "the target changed since the manifest was compiled",
    { path: d.path, facts: { expected: d.expected, actual: d.actual } },
  );
}

/** Steps 6–7: guard facts only with --allow-guards, the profile's allowGuards and a root; all frozen. */
function factContext(
  run: Run,
  manifestFacts: ManifestFacts,
  content: ContentReader,
  repo: RepoFacts | undefined,
): Facts {
  const { input, bundle } = run;
  const guard: GuardFacts | undefined =
    input.allowGuards === true && input.profile.facts.allowGuards && input.root !== undefined
      ? Object.freeze({
          root: input.root,
          allowlist: Object.freeze([...(input.guardAllowlist ?? [])]),
          stagingDir: input.stagingDir,
          signal: input.signal,
        })
      : undefined;
  return Object.freeze({
    bundle,
    manifest: bundle.manifest,
    manifestDigest: bundle.manifestDigest,
    manifestFacts,
    content,
    root: input.root,
    repo,
    guard,
  });
}

/** Step 8: each check in merged order (§2.4); non-guard predicates run now, sequentially. */
async function perCheckStep(run: Run, checks: readonly CheckRef[], facts: Facts): Promise<CheckJob[]> {
  const queued: CheckJob[] = [];
  for (const check of checks) {
    const admission = admitCheck(check, run.registry, run.input.profile, facts.repo !== undefined);
    if (admission.row === "failure") {
      run.checkFindings.push(admission.finding);
      if (admission.guardFailed) run.guardFailed = true;
    } else if (admission.row === "queue") queued.push(admission.job);
    else if (admission.row === "run") run.checkFindings.push(...(await runJob(admission.job, facts)));
  }
  return queued;
}

/** Step 9: the guard pool (§7.9); results appended in merged-check order; then the guard status. */
async function guardPoolStep(run: Run, queued: readonly CheckJob[], facts: Facts): Promise<void> {
  if (queued.length === 0) {
    if (run.guardFailed) run.statuses.guard = { name: "guard", status: "error", ms: 0 };
    return;
  }
  const t = performance.now();
  if (facts.guard?.stagingDir !== undefined) await run.input.stage?.();
  const size = run.input.guardConcurrency ?? guardPoolSize();
  const results = await runPool(
    queued.map((job) => () => runJob(job, facts)),
    size,
  );
  for (const list of results) {
    if (list.some(isProviderFailure)) run.guardFailed = true;
    run.checkFindings.push(...list);
  }
  run.statuses.guard = { name: "guard", status: run.guardFailed ? "error" : "ok", ms: since(t) };
}

/** Step 10: collect, sort (§2.7), verdict (§2.6), factsDigest (§2.8), durationMs. */
function report(
  run: Run,
  checks: readonly CheckRef[],
  manifestFacts: ManifestFacts,
  preImage: PreImageState,
): CheckReport {
  const { bundle, statuses } = run;
  const profileName = run.input.profile.name;
  const findings = sortFindings([...run.runnerFindings, ...run.checkFindings]);
  return {
    apiVersion: "axiom.dev/v2",
    kind: "CheckReport",
    manifestDigest: bundle.manifestDigest,
    profile: profileName,
    verdict: verdictOf(findings),
    findings,
    factsDigest: factsDigestOf(
      manifestFacts,
      profileName,
      checks.map((c) => c.id),
    ),
    durationMs: since(run.started),
    providers: [statuses.manifest, statuses.content, statuses.repo, statuses.guard],
    preImage,
  };
}

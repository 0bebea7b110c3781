// Wires the real engines (@codai/axiom-plan, -checks, -apply, -axm) into the MCP engine seam.
// plan, checks and apply never import each other; this file is where the mcp package joins them
// (e.g. apply's preChecks callback runs checks' runChecks).

import {
  apply as applyEngine,
  lockStatus,
  logDocument,
  repoSnapshot,
  rollback,
  statusDocument,
} from "@codai/axiom-apply";
import { parseAxm } from "@codai/axiom-axm";
import {
  loadProfile,
  makePreChecks,
  profileSearchDirs,
  requiresAntiRollback,
  runChecks,
  storeReport,
} from "@codai/axiom-checks";
import {
  compilePlan,
  diffManifests,
  readPreImage,
  validatePlan,
  verifyBundle,
  withSignatures,
} from "@codai/axiom-plan";
import {
  type AxiomErrorObject,
  type CheckReport,
  isSchemaKind,
  jsonSchemaFor,
  type ManifestBundle,
  type ResolvedProfile,
} from "@codai/axiom-schema";
import {
  intakeBundle,
  isFsMarker,
  postImageExpectations,
  readStoredBundle,
  storeBundle,
  treeDrift,
} from "@codai/axiom-store";
import type { Engines } from "./engines";
import { verifyRootSignatures } from "@codai/axiom-workflow";

export function defaultEngines(): Engines {
  return {
    compilePlan: (plan, opts) => compilePlan(plan, opts),
    validatePlan: (plan) => validatePlan(plan),
    intakeBundle: (bundle) => intakeBundle(bundle),
    async verifyBundle(bundle, { root }) {
      const structural = verifyBundle(bundle);
      if (!structural.ok || root === undefined) return { ...structural };
      const block = await verifyRootSignatures(intakeBundle(bundle), root);
      return { ...withSignatures(structural, block ?? undefined) };
    },
    diffManifests: (a, b) => diffManifests(a, b),
    async storeBundle(root, bundle) {
      await storeBundle(root, bundle, { durable: false });
    },
    readStoredBundle: (root, ref) => readStoredBundle(root, ref),
    isApplied: (root, hex) => isFsMarker(root, hex),
    loadProfile: async (name, searchDirs) =>
      (await loadProfile(name, { searchDirs })) as unknown as Record<string, unknown>,
    async runChecks(bundle, opts) {
      const dirs = opts.root === undefined ? [] : [`${opts.root}/.axiom/profiles`];
      const profile = await loadProfile(opts.profile, { searchDirs: dirs });
      const report = await runChecks({
        bundle,
        profile,
        root: opts.root,
        allowGuards: opts.allowGuards,
        guardAllowlist: opts.guardAllowlist,
        verifyPreImage: opts.verifyPreImage,
        signal: opts.signal,
      });
      if (opts.root !== undefined) await storeReport(opts.root, report);
      return report;
    },
    async apply(opts) {
      let report: CheckReport | undefined;
      let trustError: AxiomErrorObject | undefined;
      const profile =
        (opts.loadedProfile as ResolvedProfile | undefined) ??
        (await loadProfile(opts.profile, { searchDirs: profileSearchDirs(opts.root) }));
      const pre = await makePreChecks({
        bundle: opts.bundle,
        root: opts.root,
        profile,
        allowGuards: opts.allowGuards,
        guardAllowlist: opts.guardAllowlist,
        signal: opts.signal,
      });
      const result = await applyEngine({
        bundle: opts.bundle,
        root: opts.root,
        mode: opts.mode,
        confirmDigest: opts.confirmDigest,
        keepBackups: opts.keepBackups,
        lockTimeoutMs: opts.lockTimeoutMs,
        branch: opts.branch,
        commitMessage: opts.commitMessage,
        // Anti-rollback advance (mcp.md §5.4, signing.md §8.3): the engine advances under the lock on
        // `applied`; a failed advance is reported here and the tool turns it into isError.
        advanceTrustState: requiresAntiRollback(profile.checks, opts.bundle.manifest.checks),
        onTrustStateError: (error) => {
          trustError = error;
        },
        preChecks: async (stagingDir, o) => {
          report = await pre(stagingDir, o);
          return report;
        },
      });
      return { result, report, trustError };
    },
    rollback: (root, digest, opts) => rollback(root, digest, opts),
    status: async (root) => ({ ...(await statusDocument(root)) }),
    lockStatus: async (root) => ({ ...(await lockStatus(root)) }),
    snapshot: async (root, opts) => ({ ...(await repoSnapshot(root, opts)) }),
    chainLog: async (root, limit) => ({ ...(await logDocument(root, limit)) }),
    async treeMatches(root: string, bundle: ManifestBundle) {
      const read = (path: string) => readPreImage(root, path);
      return (await treeDrift(postImageExpectations(bundle.manifest), read, { first: true })).length === 0;
    },
    parseAxm: async (source) => {
      const r = parseAxm(source) as { plan?: unknown; diagnostics: unknown[] };
      return r.plan === undefined ? { diagnostics: r.diagnostics } : { plan: r.plan, diagnostics: r.diagnostics };
    },
    schemaDocument: (kind) => (isSchemaKind(kind) ? jsonSchemaFor(kind) : undefined),
  };
}

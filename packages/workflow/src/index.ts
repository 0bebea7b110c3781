// Public surface of @codai/axiom-workflow: the use cases both front ends call — the CLI verbs
// (packages/mcp/src/cli/verbs) and the MCP tools and resources (packages/mcp/src/server) — each a
// checklist of its spec steps over plan, checks, apply, axm and the store. Anything added here
// becomes public: named exports only.

// Their types, and the text renderings the CLI prints (cli.md §9.1).
export {
  type ChainVerify,
  DEFAULT_HISTORY_LIMIT,
  formatLogText,
  formatStatusText,
  type HistoryEntry,
  type LockStatus,
  RESOURCE_HISTORY_LIMIT,
  type RollbackOutput,
  type SnapshotDiff,
  type SnapshotOptions,
  type StatusDocument,
  type VerifyTreeResult,
} from "@codai/axiom-apply";
export { formatCheckReport, selectCliProfile } from "@codai/axiom-checks";
export type { ManifestDiff, PlanValidation, VerifyResult } from "@codai/axiom-plan";
export { type AppliedState, appliedState, treeHolds } from "./applied-state";
export {
  type AppliedOutcome,
  type ApplyOutcome,
  type ApplyRequest,
  applyBundle,
  type DryRunRequest,
  dryRunBundle,
} from "./apply-bundle";
export { type AxmParse, parseAxm } from "./axm";
// Checks, applies, rollback, "applied".
export { type CheckRequest, checkBundle } from "./check-bundle";
// Plans and manifests.
export { type CompileRequest, compilePlan, type PlanTextFormat, parsePlanText, validatePlan } from "./compile";
export { diffManifests, diffSnapshots, type NamedDocument } from "./diff";
// Profiles.
export { loadProfile } from "./profiles";
export { type RollbackRequest, rollbackApplied } from "./rollback";
// Read-only documents of a root.
export { type HistoryDocument, history, lockStatus, snapshot, status } from "./root-state";
export { schemaDocument } from "./schema-document";
// Bundles.
export { findStoredBundle, intakeBundle } from "./stored";
// The root's trust store (signing.md §2.2).
export {
  normalizeStore,
  readTrustStore,
  type SignaturesBlock,
  trustedKeyProblem,
  trustFilePath,
  verifyRootSignatures,
  writeTrustStore,
} from "./trust-store";
// Shared request pieces.
export type { GuardOptions } from "./types";
export {
  type BundleVerification,
  type TreeRequest,
  type TreeVerification,
  type VerifyRequest,
  verifyBundle,
  verifyJournal,
  verifyTree,
} from "./verify";
// The MCP server's seam.
export { WORKFLOW, type Workflow } from "./workflow";
export { type CompiledWrite, compileWrite, type WriteRequest } from "./write-compile";
export {
  type ConfirmOptions,
  type ConfirmOutcome,
  confirmWrite,
  type PreparedConfirm,
  prepareConfirm,
  type ReadyConfirm,
  type ResentConfirm,
} from "./write-confirm";
// axiom_write (mcp.md §7).
export { buildWritePlan, checkWriteFiles, type WriteFile } from "./write-plan";
export { previewWrite, type WriteChecksOptions } from "./write-preview";
export { type WriteChecks, type WriteResult, type WriteStatus, writeResultOf } from "./write-result";

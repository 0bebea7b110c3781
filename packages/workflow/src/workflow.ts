// The Workflow seam of the MCP server: every use case a tool or a resource calls, as one typed
// object. The server loads this package as one lazy chunk on first use (server/workflow-loader.ts,
// SHIP-8) and reaches it only through `ServerContext.workflow()`, so a test may hand the server a
// Workflow with some members replaced. The CLI verbs import the functions themselves (each verb
// chunk bundles only what it calls).

import { appliedState, treeHolds } from "./applied-state";
import { applyBundle, dryRunBundle } from "./apply-bundle";
import { parseAxm } from "./axm";
import { checkBundle } from "./check-bundle";
import { compilePlan, validatePlan } from "./compile";
import { diffManifests } from "./diff-manifests";
import { fileChanges } from "./file-changes";
import { loadProfile } from "./profiles";
import { rollbackApplied } from "./rollback";
import { history, lockStatus, snapshot, status } from "./root-state";
import { schemaDocument } from "./schema-document";
import { findStoredBundle, intakeBundle } from "./stored";
import { verifyBundle } from "./verify-bundle";
import { compileWrite } from "./write-compile";
import { confirmWrite, prepareConfirm, resentWrite } from "./write-confirm";
import { checkWriteFiles } from "./write-plan";
import { previewWrite } from "./write-preview";

export interface Workflow {
  // Bundles in and out of a root.
  intakeBundle: typeof intakeBundle;
  findStoredBundle: typeof findStoredBundle;
  // Plans and manifests.
  compilePlan: typeof compilePlan;
  validatePlan: typeof validatePlan;
  verifyBundle: typeof verifyBundle;
  diffManifests: typeof diffManifests;
  parseAxm: typeof parseAxm;
  // Checks and applies.
  loadProfile: typeof loadProfile;
  checkBundle: typeof checkBundle;
  dryRunBundle: typeof dryRunBundle;
  applyBundle: typeof applyBundle;
  rollbackApplied: typeof rollbackApplied;
  // axiom_write (mcp.md §7): file rules, compile, then preview — or prepare, the human step, confirm.
  checkWriteFiles: typeof checkWriteFiles;
  resentWrite: typeof resentWrite;
  compileWrite: typeof compileWrite;
  previewWrite: typeof previewWrite;
  prepareConfirm: typeof prepareConfirm;
  confirmWrite: typeof confirmWrite;
  appliedState: typeof appliedState;
  treeHolds: typeof treeHolds;
  // The human step (§8.4): what the form shows of the change set.
  fileChanges: typeof fileChanges;
  // Read-only documents of a root.
  status: typeof status;
  lockStatus: typeof lockStatus;
  history: typeof history;
  snapshot: typeof snapshot;
  schemaDocument: typeof schemaDocument;
}

export const WORKFLOW: Workflow = {
  intakeBundle,
  findStoredBundle,
  compilePlan,
  validatePlan,
  verifyBundle,
  diffManifests,
  parseAxm,
  loadProfile,
  checkBundle,
  dryRunBundle,
  applyBundle,
  rollbackApplied,
  checkWriteFiles,
  resentWrite,
  compileWrite,
  previewWrite,
  prepareConfirm,
  confirmWrite,
  appliedState,
  treeHolds,
  fileChanges,
  status,
  lockStatus,
  history,
  snapshot,
  schemaDocument,
};

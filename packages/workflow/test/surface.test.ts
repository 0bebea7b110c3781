// The public surface of @codai/axiom-workflow (src/index.ts re-exports its modules with `export *`,
// ARCH-W2): every runtime name is listed here, so adding one to a module is a visible change; and
// the WORKFLOW seam the MCP server loads holds exactly the use cases of the Workflow interface, each
// the exported function itself.
import { describe, expect, test } from "vitest";
import * as surface from "../src/index";
import { WORKFLOW } from "../src/index";

const PUBLIC = [
  "DEFAULT_HISTORY_LIMIT",
  "PENDING_MAX",
  "REF_PREFIX_MIN",
  "WORKFLOW",
  "WRITE_ORIGIN",
  "appliedState",
  "applyBundle",
  "buildWritePlan",
  "chainIndex",
  "chainKey",
  "chainPage",
  "checkBundle",
  "checkWriteFiles",
  "compilePlan",
  "compileWrite",
  "confirmWrite",
  "diffContents",
  "diffManifests",
  "diffSnapshots",
  "dryRunBundle",
  "fileChanges",
  "findStoredBundle",
  "formatCheckReport",
  "formatLogText",
  "formatStatusText",
  "history",
  "historyView",
  "intakeBundle",
  "loadProfile",
  "lockStatus",
  "originPhrase",
  "originShort",
  "parseAxm",
  "parsePlanText",
  "pendingPreviews",
  "prepareConfirm",
  "previewWrite",
  "readAbout",
  "readJsonDoc",
  "readTrustStore",
  "recordAbout",
  "resentWrite",
  "resolveRef",
  "rollbackApplied",
  "rollbackChange",
  "schemaDocument",
  "selectCliProfile",
  "showChange",
  "snapshot",
  "status",
  "statusView",
  "storedBundleByRef",
  "stringAt",
  "treeHolds",
  "trustedKeyProblem",
  "validatePlan",
  "verifyBundle",
  "verifyJournal",
  "verifyRootSignatures",
  "verifyTree",
  "writeTrustStore",
];

/** What the server reaches only through `ServerContext.workflow()`. */
const SEAM = [
  "appliedState",
  "applyBundle",
  "checkBundle",
  "checkWriteFiles",
  "compilePlan",
  "compileWrite",
  "confirmWrite",
  "diffManifests",
  "dryRunBundle",
  "fileChanges",
  "findStoredBundle",
  "history",
  "intakeBundle",
  "loadProfile",
  "lockStatus",
  "parseAxm",
  "prepareConfirm",
  "previewWrite",
  "resentWrite",
  "rollbackApplied",
  "schemaDocument",
  "snapshot",
  "status",
  "treeHolds",
  "validatePlan",
  "verifyBundle",
];

describe("@codai/axiom-workflow surface", () => {
  test("the runtime names of the package are exactly the listed ones", () => {
    expect(Object.keys(surface).sort()).toEqual(PUBLIC);
  });

  test("WORKFLOW holds exactly the seam's use cases, each the exported function", () => {
    expect(Object.keys(WORKFLOW).sort()).toEqual(SEAM);
    const exported = new Map(Object.entries(surface));
    for (const [name, fn] of Object.entries(WORKFLOW)) expect(fn, name).toBe(exported.get(name));
  });
});

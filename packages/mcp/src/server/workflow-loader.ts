// The one loader of @codai/axiom-workflow in `axiom mcp`: a dynamic import of its chunk root
// (entries/workflow.ts), so the package and everything under it (plan, checks, apply, axm, the
// store's writers) is one lazy chunk that start-up never evaluates (SHIP-8). The first tools/call,
// resource read or `--profile` check pays for it, once per process; a failed load is retried by
// the next call. Everything else in the server imports the workflow's types only.
import type { Workflow } from "@codai/axiom-workflow";

let loading: Promise<Workflow> | undefined;

export function loadWorkflow(): Promise<Workflow> {
  loading ??= import("../entries/workflow").then(
    (m) => m.WORKFLOW,
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

// axiom_write's input rules and its Plan (mcp.md §7.1, §7.2): both calls build the same Plan
// byte for byte from the same input, so the confirm call recompiles to the preview's digest while
// the tree is unchanged (the TOCTOU guard: the pre-images are inside the digest).
import { axiomError, type PlanInput } from "@codai/axiom-schema";
import { writePlanName } from "./write-name";

/** One `files[]` entry of axiom_write after its input schema (mcp.md §7.1). */
export interface WriteFile {
  path: string;
  content?: string;
  encoding?: "utf8" | "base64";
  op?: "write" | "delete";
  mode?: "0644" | "0755";
}

/** §7.1 file rules beyond the schema: unique paths; content iff op is write. ERR_INVALID_PLAN. */
export function checkWriteFiles(files: readonly WriteFile[]): void {
  const seen = new Set<string>();
  files.forEach((f, i) => {
    if (seen.has(f.path)) throw axiomError("ERR_INVALID_PLAN", { message: "duplicate artifact path", path: f.path });
    seen.add(f.path);
    const op = f.op ?? "write";
    if (op === "write" && f.content === undefined) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: "content is required for op write",
        path: f.path,
        details: { index: i },
      });
    }
    if (op === "delete" && f.content !== undefined) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: "content is forbidden for op delete",
        path: f.path,
        details: { index: i },
      });
    }
  });
}

/** §7.2: `{apiVersion, kind, name: <intent as kebab>, intent, profile, artifacts}`, artifacts in `files` order. */
export function buildWritePlan(files: readonly WriteFile[], intent: string, profile: string): PlanInput {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: writePlanName(intent),
    intent,
    profile,
    artifacts: files.map((f) =>
      (f.op ?? "write") === "delete"
        ? { path: f.path, op: "delete", mode: f.mode ?? "0644" }
        : {
            path: f.path,
            op: "overwrite",
            mode: f.mode ?? "0644",
            // checkWriteFiles has refused a write without content.
            source: { type: "inline", encoding: f.encoding ?? "utf8", content: f.content ?? "" },
          },
    ),
  };
}

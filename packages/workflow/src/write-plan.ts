// axiom_write's input rules and its Plan (mcp.md §7.1, §7.2): both calls build the same Plan
// byte for byte from the same input and tree, so the confirm call recompiles to the preview's
// digest while the tree is unchanged (the TOCTOU guard: the pre-images are inside the digest).
import { axiomError, type PlanArtifactInput, type PlanInput } from "@codai/axiom-schema";
import { writePlanName } from "./write-name";

/** One `edits[]` entry: oldText must occur exactly once in the current text unless replaceAll. */
export interface WriteEdit {
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/** A one-file patch against the current file (sources.md §1.6, §1.7). */
export interface WritePatch {
  format: "unified" | "v4a";
  text: string;
}

/** One `files[]` entry of axiom_write after its input schema (mcp.md §7.1, issue 19 item 6). */
export interface WriteFile {
  path: string;
  content?: string;
  encoding?: "utf8" | "base64";
  edits?: WriteEdit[];
  patch?: WritePatch;
  op?: "write" | "delete";
  mode?: "0644" | "0755";
}

/**
 * What a file becomes in the Plan once the tree was read (write-sources.ts): its op, its source,
 * and a mode when the tree decides it (else the file's `mode`, default 0644).
 */
export type WriteTarget = Pick<PlanArtifactInput, "op" | "source"> & { mode?: "0644" | "0755" };

const BODIES = ["content", "edits", "patch"] as const;

function invalid(message: string, path: string, index: number) {
  return axiomError("ERR_INVALID_PLAN", { message, path, details: { index } });
}

/**
 * §7.1 file rules beyond the schema, ERR_INVALID_PLAN: unique paths; a write has exactly one of
 * content, edits, patch and a delete none; encoding only with content.
 */
export function checkWriteFiles(files: readonly WriteFile[]): void {
  const seen = new Set<string>();
  files.forEach((f, i) => {
    if (seen.has(f.path)) throw axiomError("ERR_INVALID_PLAN", { message: "duplicate artifact path", path: f.path });
    seen.add(f.path);
    const given = BODIES.filter((k) => f[k] !== undefined);
    if ((f.op ?? "write") === "write") {
      if (given.length !== 1) {
        throw invalid(
          `op write takes exactly one of content, edits, patch (got ${given.join(", ") || "none"})`,
          f.path,
          i,
        );
      }
    } else if (given.length > 0) {
      throw invalid(`${given.join(", ")} is forbidden for op delete`, f.path, i);
    }
    if (f.encoding !== undefined && f.content === undefined)
      throw invalid("encoding applies to content only", f.path, i);
  });
}

/**
 * A content file's target without reading the tree: `overwrite`, which applies whether or not the
 * file exists (root-less Plans in tests and tools). Edits and patches need the tree.
 */
function treelessTarget(f: WriteFile, index: number): WriteTarget {
  if ((f.op ?? "write") === "delete") return { op: "delete" };
  if (f.content === undefined) throw invalid("edits and patch need the tree: compile with a root", f.path, index);
  return { op: "overwrite", source: { type: "inline", encoding: f.encoding ?? "utf8", content: f.content } };
}

/**
 * §7.2: `{apiVersion, kind, name: <intent as kebab>, intent, profile, artifacts}`, artifacts in `files`
 * order, each with the op and source its target resolved to (`targets[i]` for `files[i]`, from
 * resolveWriteTargets; without targets, treelessTarget).
 */
export function buildWritePlan(
  files: readonly WriteFile[],
  intent: string,
  profile: string,
  targets?: readonly WriteTarget[],
): PlanInput {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: writePlanName(intent),
    intent,
    profile,
    artifacts: files.map((f, i) => {
      const target = targets?.[i] ?? treelessTarget(f, i);
      const { op, source } = target;
      const mode = target.mode ?? f.mode ?? "0644";
      return source === undefined ? { path: f.path, op, mode } : { path: f.path, op, mode, source };
    }),
  };
}

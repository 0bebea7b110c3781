// path.allow, path.deny, path.reservedNames (checks.md §4.3).
import { compileGlobs, relPathIssues } from "@codai/axiom-rules";
import { z } from "zod";
import type { PredicateDef, RawFinding } from "../types";

const AllowParams = z.strictObject({ globs: z.array(z.string().min(1)).min(1) });
const DenyParams = z.strictObject({ globs: z.array(z.string()).min(1), nocase: z.boolean().default(false) });

export const pathAllow: PredicateDef<z.output<typeof AllowParams>> = {
  id: "path.allow",
  requires: ["manifest"],
  params: AllowParams,
  run({ params, facts }) {
    const match = compileGlobs(params.globs);
    return facts.manifest.artifacts
      .filter((a) => !match(a.path))
      .map((a) => ({
        id: "path.allow",
        path: a.path,
        message: "path matches no allowed glob",
        facts: { globs: params.globs },
      }));
  },
};

export const pathDeny: PredicateDef<z.output<typeof DenyParams>> = {
  id: "path.deny",
  requires: ["manifest"],
  params: DenyParams,
  run({ params, facts }) {
    const match = compileGlobs(params.globs, { nocase: params.nocase });
    return facts.manifest.artifacts
      .filter((a) => match(a.path))
      .map((a) => ({
        id: "path.deny",
        path: a.path,
        message: "path matches a denied glob",
        facts: { globs: params.globs },
      }));
  },
};

export const pathReservedNames: PredicateDef<Record<string, never>> = {
  id: "path.reservedNames",
  requires: ["manifest"],
  params: z.strictObject({}) as unknown as z.ZodType<Record<string, never>>,
  run({ facts }) {
    const out: RawFinding[] = [];
    for (const a of facts.manifest.artifacts) {
      const issues = relPathIssues(a.path);
      // No `path` field: the path itself is invalid.
      if (issues.length > 0)
        out.push({ id: "path.reservedNames", message: "path is not a valid RelPath", facts: { path: a.path, issues } });
    }
    return out;
  },
};

// The search roots of stored documents (mcp.md §3.3: the allowlisted plus the seen roots) and the
// raw reads of the stored-document resources. Stored bundles are read through the workflow.
import { readFile } from "node:fs/promises";
import { compareUtf8, type ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import type { ServerContext } from "../context";

/** Allowlisted roots plus seen roots, in code-point order of the realpath (first hit wins). */
export function searchRoots(deps: Pick<ServerContext, "policy" | "seenRoots">): string[] {
  return [...new Set([...deps.policy.roots, ...deps.seenRoots])].sort(compareUtf8);
}

const STORED = { manifests: layout.manifest, reports: layout.report, applied: layout.applied };

/** Reads `<r>/.axiom/<dir>/<hex>.json` from the first search root that has it. */
export async function readStored(
  deps: Pick<ServerContext, "policy" | "seenRoots">,
  dir: "manifests" | "reports" | "applied",
  hex: string,
): Promise<{ root: string; text: string } | undefined> {
  for (const root of searchRoots(deps)) {
    try {
      return { root, text: await readFile(STORED[dir](root, hex), "utf8") };
    } catch {
      // not in this root
    }
  }
  return undefined;
}

/** The stored bundle `ref` names, from the first search root that stores it (the store's one reader). */
export async function loadStoredBundle(deps: ServerContext, ref: string): Promise<ManifestBundle> {
  return (await deps.workflow()).findStoredBundle(searchRoots(deps), ref);
}

// Helpers the tools share around bundles: intake, storage under a root, and stored-digest lookup
// over the allowlisted plus seen roots (mcp.md §3.3).
import { readFile } from "node:fs/promises";
import { axiomError, compareUtf8, isAxiomError, type ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import type { ServerContext } from "../context";
import { need } from "../engines";

export function intake(deps: ServerContext, bundle: unknown): ManifestBundle {
  return need(deps.engines, "intakeBundle")(bundle);
}

export async function storeBundle(deps: ServerContext, root: string, bundle: ManifestBundle): Promise<void> {
  await need(deps.engines, "storeBundle")(root, bundle);
  deps.seenRoots.add(root);
}

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
  for (const root of searchRoots(deps)) {
    try {
      return await need(deps.engines, "readStoredBundle")(root, ref);
    } catch (err) {
      if (!isAxiomError(err) || err.code !== "ERR_NOT_FOUND") throw err;
    }
  }
  throw axiomError("ERR_NOT_FOUND", { message: `no stored bundle ${ref}`, details: { ref } });
}

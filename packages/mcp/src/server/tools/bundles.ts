// Helpers the tools share around bundles: intake, storage under a root, and stored-digest lookup
// over the allowlisted plus seen roots (mcp.md §3.3).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { axiomError, compareUtf8, type ManifestBundle } from "@codai/axiom-schema";
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

/** Reads `<r>/.axiom/<dir>/<hex>.json` from the first search root that has it. */
export async function readStored(
  deps: Pick<ServerContext, "policy" | "seenRoots">,
  dir: "manifests" | "reports" | "applied",
  hex: string,
): Promise<{ root: string; text: string } | undefined> {
  for (const root of searchRoots(deps)) {
    try {
      return { root, text: await readFile(join(root, ".axiom", dir, `${hex}.json`), "utf8") };
    } catch {
      // not in this root
    }
  }
  return undefined;
}

export async function loadStoredBundle(deps: ServerContext, hex: string, ref: string): Promise<ManifestBundle> {
  const hit = await readStored(deps, "manifests", hex);
  if (!hit) throw axiomError("ERR_NOT_FOUND", { message: `no stored bundle ${ref}`, details: { ref } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(hit.text);
  } catch {
    throw axiomError("ERR_INVALID_MANIFEST", { message: `stored bundle ${ref} is not JSON`, details: { ref } });
  }
  return intake(deps, parsed);
}

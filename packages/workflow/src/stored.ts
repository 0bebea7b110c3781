// Bundles as the front ends receive them (formats.md §6.3 intake) and as a root stores them
// (`manifests/<hex>.json`, the store's one reader, ARCH-S4).
import { axiomError, isAxiomError, type ManifestBundle } from "@codai/axiom-schema";
import { intakeBundle as intake, readStoredBundle } from "@codai/axiom-store";

/** formats.md §6.3: ERR_INVALID_MANIFEST / ERR_NOT_CANONICAL / ERR_BUNDLE_TOO_LARGE, one set of details. */
export function intakeBundle(bundle: unknown): ManifestBundle {
  return intake(bundle);
}

/**
 * The bundle `ref` (`sha256:<hex>` or hex) names, from the first of `roots` that stores it (the
 * server passes its search roots, mcp.md §3.3); none → ERR_NOT_FOUND `{ref}`. A stored file that is
 * not that bundle is the reader's error, not a miss.
 */
export async function findStoredBundle(roots: readonly string[], ref: string): Promise<ManifestBundle> {
  for (const root of roots) {
    try {
      return await readStoredBundle(root, ref);
    } catch (err) {
      if (!isAxiomError(err) || err.code !== "ERR_NOT_FOUND") throw err;
    }
  }
  throw axiomError("ERR_NOT_FOUND", { message: `no stored bundle ${ref}`, details: { ref } });
}

// Applied markers `applied/<hex>.json` (apply.md §3, §5.2): the ApplyResult an apply, a recovery or
// a PR apply leaves behind, written as an atomic durable write. Only an **fs marker** — the file
// parses as an ApplyResult with `mode: "fs"`, `status: "applied"` and this digest — makes a digest
// "applied" (D6): a PR-mode marker in the shared root, a failed or foreign one, or a file that does
// not parse never does. `isFsMarker` (marker-cache.ts) is the one predicate every layer asks.
import { ApplyResultSchema } from "@codai/axiom-schema";
import { atomicWrite, readJsonIfExists, type WriteSync } from "./io";
import { layout } from "./layout";

/**
 * Writes `applied/<hex>.json` = the ApplyResult `result`: an atomic durable write, or with `"data"`
 * the file fsynced but not `applied/` (the engine's success tail, SPEED-17: its `committed` journal
 * already makes the digest applied, and recovery rewrites a marker whose name a power cut lost).
 */
export async function writeAppliedMarker(
  root: string,
  hex: string,
  result: unknown,
  sync: WriteSync = true,
): Promise<void> {
  await atomicWrite(layout.applied(root, hex), JSON.stringify(result), sync);
}

/** Reads `applied/<hex>.json` and answers the fs-marker rule; any read or parse failure → false. */
export async function readFsMarker(root: string, hex: string): Promise<boolean> {
  try {
    const got = await readJsonIfExists(layout.applied(root, hex));
    if (!got.found) return false;
    const r = ApplyResultSchema.safeParse(JSON.parse(got.text));
    return (
      r.success && r.data.mode === "fs" && r.data.status === "applied" && r.data.manifestDigest === `sha256:${hex}`
    );
  } catch {
    return false;
  }
}

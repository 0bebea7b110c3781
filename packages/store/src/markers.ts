// Applied markers `applied/<hex>.json` (apply.md §3, §5.2): the ApplyResult an apply, a recovery or
// a PR apply leaves behind, written as an atomic durable write. Only an **fs marker** — the file
// parses as an ApplyResult with `mode: "fs"`, `status: "applied"` and this digest — makes a digest
// "applied" (D6): a PR-mode marker in the shared root, a failed or foreign one, or a file that does
// not parse never does. `isFsMarker` (marker-cache.ts) is the one predicate every layer asks.
import { ApplyResultSchema } from "@codai/axiom-schema";
import { atomicWrite, readJsonIfExists, type StagedWrite, stageAtomicWrite, type WriteSync } from "./io";
import { layout } from "./layout";

/** Writes `applied/<hex>.json` = the ApplyResult `result` (atomic durable write). */
export async function writeAppliedMarker(root: string, hex: string, result: unknown): Promise<void> {
  await atomicWrite(layout.applied(root, hex), JSON.stringify(result), true);
}

/**
 * The marker's temp, written and fsynced per `sync`, named by `install` (the engine's success tail:
 * `"data"`, and named only after its chain append, SPEED-17 and SPEED-19).
 */
export async function stageAppliedMarker(
  root: string,
  hex: string,
  result: unknown,
  sync: WriteSync,
): Promise<StagedWrite> {
  return stageAtomicWrite(layout.applied(root, hex), JSON.stringify(result), sync);
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

// The one drift rule: "has the tree drifted from what these entries expect". An entry has drifted
// when the value its path reads as now differs from the value it expects; the expected value of a
// manifest's pre-image is its `preImage[]` entry (formats.md §7), of an applied artifact its
// post-image (its sha256, `absent` for a delete; apply.md §5.2, §8). Callers bring their reader,
// because the spec reads the tree two ways: apply prepare/commit/rollback strictly (containment walk
// first, a non-file as `non-file:<kind>`), compile/check/the MCP re-send test by the lenient rule of
// formats.md §7.1 (preimage.ts). Each caller keeps its own result shape.
import type { ManifestArtifact, ManifestBody } from "@codai/axiom-schema";

export interface Expectation {
  path: string;
  /** 64 hex | "absent" */
  expected: string;
}

export interface Drift extends Expectation {
  /** The value read now; absent when the read failed (`error` then holds what it threw). */
  actual?: string;
  error?: unknown;
}

export interface DriftOptions {
  /** Stop at the first drift (a yes/no question, or a refusal that names one path). */
  first?: boolean;
  /** A read that throws: "throw" (default) rethrows it; "drift" counts the entry as drifted with `error`. */
  unreadable?: "throw" | "drift";
}

/** What an artifact leaves at its path once applied: its sha256, or "absent" for a delete. */
export function postImageOf(a: Pick<ManifestArtifact, "op" | "digest">): string {
  return a.op === "delete" ? "absent" : (a.digest?.sha256 ?? "absent");
}

/** The pre-images a manifest was compiled against (formats.md §7): its `preImage[]`. */
export function preImageExpectations(manifest: Pick<ManifestBody, "preImage">): Expectation[] {
  return (manifest.preImage ?? []).map((e) => ({ path: e.path, expected: e.sha256 }));
}

/** The post-images of a manifest's artifacts, in manifest order. */
export function postImageExpectations(manifest: Pick<ManifestBody, "artifacts">): Expectation[] {
  return manifest.artifacts.map((a) => ({ path: a.path, expected: postImageOf(a) }));
}

/** The entries whose path now reads as something other than they expect, in entry order. */
export async function treeDrift(
  entries: Iterable<Expectation>,
  read: (path: string) => Promise<string>,
  opts: DriftOptions = {},
): Promise<Drift[]> {
  const drifts: Drift[] = [];
  for (const { path, expected } of entries) {
    let actual: string;
    try {
      actual = await read(path);
    } catch (error) {
      if (opts.unreadable !== "drift") throw error;
      drifts.push({ path, expected, error });
      if (opts.first) break;
      continue;
    }
    if (actual === expected) continue;
    drifts.push({ path, expected, actual });
    if (opts.first) break;
  }
  return drifts;
}

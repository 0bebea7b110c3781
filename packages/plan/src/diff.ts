// Manifest diff (formats.md §10.2): by path and digest only (op/mode changes with the same digest
// are not reported); every list sorted by path in code-point order. Inputs pass bundle intake.
import { compareUtf8, type ManifestArtifact } from "@codai/axiom-schema";
import { intakeBundle } from "@codai/axiom-store";

export interface ManifestDiff {
  added: string[];
  removed: string[];
  changed: { path: string; from: string | null; to: string | null }[];
}

const side = (a: ManifestArtifact): string | null =>
  a.op === "delete" || !a.digest ? null : `sha256:${a.digest.sha256}`;

export function diffManifests(a: unknown, b: unknown): ManifestDiff {
  const left = new Map(intakeBundle(a).manifest.artifacts.map((x) => [x.path, x]));
  const right = new Map(intakeBundle(b).manifest.artifacts.map((x) => [x.path, x]));
  const added = [...right.keys()].filter((p) => !left.has(p)).sort(compareUtf8);
  const removed = [...left.keys()].filter((p) => !right.has(p)).sort(compareUtf8);
  const changed: ManifestDiff["changed"] = [];
  for (const path of [...left.keys()].filter((p) => right.has(p)).sort(compareUtf8)) {
    const from = side(left.get(path) as ManifestArtifact);
    const to = side(right.get(path) as ManifestArtifact);
    if (from !== to) changed.push({ path, from, to });
  }
  return { added, removed, changed };
}

// Manifest facts and factsDigest (checks.md §2.8).
import { canonicalDigestRef } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import type { ManifestFacts } from "./types";

/** Lowercased POSIX extname of the last segment, with its dot; "" for none (".env" has none). */
export function extOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "";
  return name.slice(dot).toLowerCase();
}

export function manifestFactsOf(bundle: ManifestBundle): ManifestFacts {
  const { artifacts } = bundle.manifest;
  const byExt: Record<string, number> = {};
  let totalBytes = 0;
  for (const a of artifacts) {
    totalBytes += a.bytes ?? 0;
    const ext = extOf(a.path);
    byExt[ext] = (byExt[ext] ?? 0) + 1;
  }
  const signed = (bundle.signatures?.length ?? 0) > 0 || (bundle.envelope?.signatures.length ?? 0) > 0;
  return {
    artifactCount: artifacts.length,
    totalBytes,
    paths: artifacts.map((a) => a.path),
    byExt,
    hasDeletes: artifacts.some((a) => a.op === "delete"),
    signed,
  };
}

export function factsDigestOf(manifestFacts: ManifestFacts, profileName: string, checkIds: readonly string[]): string {
  return canonicalDigestRef({ manifestFacts, profileName, checkIds: [...checkIds] });
}

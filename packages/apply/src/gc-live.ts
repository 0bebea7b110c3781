// The gc live set (sources.md §6.3): which stored manifests are live, and the blob digests they
// name. Fail-closed: a journal/intent/marker naming an unstored manifest, or a stored manifest
// that is not a valid bundle, aborts the run before anything is deleted.
import * as path from "node:path";
import { axiomError, collectIssues, ManifestBundleSchema } from "@codai/axiom-schema";
import { hexJsonNames, layout, readJsonIfExists } from "@codai/axiom-store";
import { listIntents } from "./intents";
import { listJournals } from "./journal";

export type GcKeep = "all-manifests" | "journal";

const DIGEST_REF = /^sha256:([0-9a-f]{64})$/;

/** Live manifest hex → the file that made it live (for `details.file`). */
export async function liveManifests(root: string, keep: GcKeep): Promise<Map<string, string>> {
  const live = new Map<string, string>();
  const add = (hex: string, file: string) => {
    if (!live.has(hex)) live.set(hex, file);
  };
  // Journals of any phase; unparseable ones are skipped (axiom status reports them as corrupt).
  for (const entry of await listJournals(root)) if (entry.journal) add(entry.hex, entry.file);
  // Live intents: an apply queued behind gc has stored its bundle before registering its intent.
  for (const intent of await listIntents(root, false)) {
    const hex = DIGEST_REF.exec(intent.manifestDigest)?.[1];
    if (hex !== undefined) add(hex, intent.file);
  }
  if (keep === "all-manifests") {
    for (const hex of await hexJsonNames(layout.manifestsDir(root))) add(hex, layout.manifest(root, hex));
  } else {
    for (const hex of await hexJsonNames(layout.appliedDir(root))) add(hex, layout.applied(root, hex));
  }
  return live;
}

/** Every artifact digest (64 hex) of the stored manifest `hex`; `namedBy` is the file naming it. */
export async function manifestBlobDigests(root: string, hex: string, namedBy: string): Promise<string[]> {
  const file = layout.manifest(root, hex);
  const got = await readJsonIfExists(file);
  if (!got.found) {
    throw axiomError("ERR_BLOB_MISSING", {
      message: `${path.basename(namedBy)} names manifest sha256:${hex}, which is not stored`,
      details: { manifestDigest: `sha256:${hex}`, file: namedBy },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(got.text);
  } catch {
    throw axiomError("ERR_INVALID_MANIFEST", { message: `stored manifest ${hex} is not JSON`, details: { file } });
  }
  const parsed = collectIssues(ManifestBundleSchema, raw);
  if (!parsed.ok) {
    throw axiomError("ERR_INVALID_MANIFEST", { message: `stored manifest ${hex} fails its schema`, details: { file } });
  }
  return parsed.value.manifest.artifacts.flatMap((a) => (a.digest ? [a.digest.sha256] : []));
}

/** The distinct live blob digests (sorted). */
export async function liveDigests(root: string, keep: GcKeep): Promise<Set<string>> {
  const digests = new Set<string>();
  for (const [hex, namedBy] of await liveManifests(root, keep)) {
    for (const sha of await manifestBlobDigests(root, hex, namedBy)) digests.add(sha);
  }
  return digests;
}

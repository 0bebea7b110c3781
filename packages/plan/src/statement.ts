// The compile Statement (formats.md §8.1): in-toto v1 with a SLSA provenance predicate. The
// release version and the injected clock/invocation id live only here, never in a hashed object.
import type { ManifestBody, Statement } from "@codai/axiom-schema";
import { RELEASE_VERSION } from "./version";

export const STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
export const SLSA_PROVENANCE = "https://slsa.dev/provenance/v1";
export const BUILD_TYPE = "https://axiom.dev/build/plan@v2";
export const BUILDER_ID = "https://axiom.dev/builder/mcp@v2";

export interface RunMetadata {
  invocationId?: string;
  startedOn?: string;
  finishedOn?: string;
}

/** T: `{ axiom, "emitter:<id>": version, … }` with keys sorted. */
export function flattenToolchain(toolchain: ManifestBody["toolchain"]): Record<string, string> {
  const flat: Record<string, string> = { axiom: toolchain.axiom };
  for (const [id, version] of Object.entries(toolchain.emitters)) flat[`emitter:${id}`] = version;
  return Object.fromEntries(Object.entries(flat).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const utf16 = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildStatement(manifest: ManifestBody, manifestDigest: string, metadata?: RunMetadata): Statement {
  const toolchain = flattenToolchain(manifest.toolchain);
  const byproducts = manifest.artifacts
    .filter((a) => a.op !== "delete" && a.digest)
    .map((a) => ({ name: a.path, digest: { sha256: a.digest?.sha256 as string } }))
    .sort((a, b) => utf16(a.name, b.name));
  const runDetails: Record<string, unknown> = {
    builder: { id: BUILDER_ID, version: { ...toolchain, release: RELEASE_VERSION } },
    byproducts,
  };
  if (metadata && Object.keys(metadata).length > 0) runDetails.metadata = metadata;
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: manifest.name, digest: { sha256: manifestDigest.slice(7) } }],
    predicateType: SLSA_PROVENANCE,
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: { plan: { sha256: manifest.planDigest.slice(7) }, profile: manifest.profile },
        internalParameters: { toolchain },
        resolvedDependencies: [],
      },
      runDetails,
    },
  };
}

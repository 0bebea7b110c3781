// Shared by the anti-rollback round trips (CLI and MCP): a bundle with a counter whose own checks
// carry manifest.requireSigned {antiRollback: true}; each counter writes its own file.
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";

/** A bundle whose own checks carry manifest.requireSigned with antiRollback (the manifest path of §8.3 "When"). */
export function signedCounterBundle(counter: number | undefined, antiRollback = true): ManifestBundle {
  const text = `counter ${counter}\n`;
  const hex = sha256Hex(text);
  const manifest: ManifestBundle["manifest"] = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "demo",
    profile: "default",
    planDigest: `sha256:${"1".repeat(64)}`,
    artifacts: [
      {
        path: `c${counter}.txt`,
        op: "create",
        mode: "0644",
        digest: { sha256: hex },
        bytes: Buffer.byteLength(text),
        origin: "inline",
      },
    ],
    checks: antiRollback
      ? [{ id: "signed", predicate: "manifest.requireSigned", params: { antiRollback: true }, severity: "error" }]
      : [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (counter !== undefined) manifest.counter = counter;
  return {
    manifest,
    manifestDigest: canonicalDigestRef(manifest),
    blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
  };
}

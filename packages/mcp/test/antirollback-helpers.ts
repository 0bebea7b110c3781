// Shared by the anti-rollback round trips (CLI and MCP): a bundle with a counter whose own checks
// carry manifest.requireSigned {antiRollback: true}; each counter writes its own file.
import type { ManifestBundle } from "@codai/axiom-schema";
import { demoBundle } from "@codai/axiom-testkit";

/** A bundle whose own checks carry manifest.requireSigned with antiRollback (the manifest path of §8.3 "When"). */
export function signedCounterBundle(counter: number | undefined, antiRollback = true): ManifestBundle {
  return demoBundle({
    counter,
    text: `counter ${counter}\n`,
    path: `c${counter}.txt`,
    checks: antiRollback
      ? [{ id: "signed", predicate: "manifest.requireSigned", params: { antiRollback: true }, severity: "error" }]
      : [],
  });
}

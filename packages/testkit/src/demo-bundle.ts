// A real one-file ManifestBundle built by hand (no compile dependency), for the signing tests of
// checks and mcp: `counter`, `text`, `path` and `checks` vary the manifest so digests differ.
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";

export function demoBundle(
  opts: { counter?: number; text?: string; path?: string; checks?: ManifestBundle["manifest"]["checks"] } = {},
): ManifestBundle {
  const text = opts.text ?? "hello\n";
  const hex = sha256Hex(text);
  const manifest: ManifestBundle["manifest"] = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "demo",
    profile: "default",
    planDigest: `sha256:${"1".repeat(64)}`,
    artifacts: [
      {
        path: opts.path ?? "a.txt",
        op: "create",
        mode: "0644",
        digest: { sha256: hex },
        bytes: Buffer.byteLength(text),
        origin: "inline",
      },
    ],
    checks: opts.checks ?? [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (opts.counter !== undefined) manifest.counter = opts.counter;
  return {
    manifest,
    manifestDigest: canonicalDigestRef(manifest),
    blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
  };
}

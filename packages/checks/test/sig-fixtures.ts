// Test fixtures for signature verification: a real ManifestBundle built by hand (no compile
// dependency) and real Ed25519 keys generated per test.
import { canonicalDigestRef, type Ed25519KeyPair, generateEd25519, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle, TrustedKey, TrustStore } from "@codai/axiom-schema";

export function makeBundle(opts: { counter?: number; text?: string } = {}): ManifestBundle {
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
        path: "a.txt",
        op: "create",
        mode: "0644",
        digest: { sha256: hex },
        bytes: Buffer.byteLength(text),
        origin: "inline",
      },
    ],
    checks: [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (opts.counter !== undefined) manifest.counter = opts.counter;
  return {
    manifest,
    manifestDigest: canonicalDigestRef(manifest),
    blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
  };
}

export function trustedKey(pair: Ed25519KeyPair, extra: Partial<TrustedKey> = {}): TrustedKey {
  return { keyid: pair.keyid, alg: "ed25519", publicKey: Buffer.from(pair.publicRaw).toString("base64"), ...extra };
}

export function storeOf(keys: TrustedKey[], extra: Partial<TrustStore> = {}): TrustStore {
  return { version: 1, keys, ...extra };
}

export { generateEd25519 };

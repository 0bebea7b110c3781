// Test fixtures for signature verification: a real ManifestBundle built by hand (no compile
// dependency) and real Ed25519 keys generated per test.
import { type Ed25519KeyPair, generateEd25519 } from "@codai/axiom-canon";
import type { JsonValue, ResolvedProfile, TrustedKey, TrustStore } from "@codai/axiom-schema";
import { demoBundle } from "@codai/axiom-testkit";

/** The signing tests' one-file bundle (shared with checks/mcp through the testkit). */
export const makeBundle = demoBundle;

export function trustedKey(pair: Ed25519KeyPair, extra: Partial<TrustedKey> = {}): TrustedKey {
  return { keyid: pair.keyid, alg: "ed25519", publicKey: Buffer.from(pair.publicRaw).toString("base64"), ...extra };
}

export function storeOf(keys: TrustedKey[], extra: Partial<TrustStore> = {}): TrustStore {
  return { version: 1, keys, ...extra };
}

export { generateEd25519 };

/** A profile with the one check `signed` = manifest.requireSigned(params). */
export function signedProfile(
  params: unknown,
  opts: { name?: string; facts?: ResolvedProfile["facts"] } = {},
): ResolvedProfile {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name: opts.name ?? "signed",
    checks: [{ id: "signed", predicate: "manifest.requireSigned", params: params as JsonValue, severity: "error" }],
    limits: {},
    facts: opts.facts ?? { allowRepo: true, allowGuards: false },
  };
}

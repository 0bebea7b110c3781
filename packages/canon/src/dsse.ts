// DSSE envelopes over the canonical manifest (signing.md §1): payload construction, Ed25519
// signing and the raw signature check. The policy (which keys, which findings) lives in checks.
import { sign as edSign, verify as edVerify, type KeyObject } from "node:crypto";
import { canonicalBytes } from "./jcs";
import { keyPairOf } from "./keys";
import { pae } from "./pae";

export const MANIFEST_PAYLOAD_TYPE = "application/vnd.axiom.manifest+json";
export const MANIFEST_BOUND_PAYLOAD_TYPE = "application/vnd.axiom.manifest-bound+json";
export type ManifestPayloadType = typeof MANIFEST_PAYLOAD_TYPE | typeof MANIFEST_BOUND_PAYLOAD_TYPE;

export interface DsseSignature {
  keyid?: string;
  sig: string;
}

export interface DsseEnvelope<T extends string = string> {
  payloadType: T;
  payload: string;
  signatures: DsseSignature[];
}

/**
 * The bytes a manifest envelope signs (§1.1): UTF-8 JCS(manifest) unbound, or
 * UTF-8 JCS({manifest, rootId}) with the bound type when a rootId is given.
 */
export function manifestPayload(
  manifest: unknown,
  rootId?: string,
): { payloadType: ManifestPayloadType; bytes: Uint8Array } {
  if (rootId === undefined) return { payloadType: MANIFEST_PAYLOAD_TYPE, bytes: canonicalBytes(manifest) };
  return { payloadType: MANIFEST_BOUND_PAYLOAD_TYPE, bytes: canonicalBytes({ manifest, rootId }) };
}

/** Raw 64-byte Ed25519 signature over PAE(payloadType, payload). */
export function signPae(privateKey: KeyObject, payloadType: string, payload: Uint8Array): Uint8Array {
  return new Uint8Array(edSign(null, pae(payloadType, payload), privateKey));
}

/** True iff `sig` is a valid Ed25519 signature by `publicKey` over PAE(payloadType, payload). Never throws. */
export function verifyPae(publicKey: KeyObject, payloadType: string, payload: Uint8Array, sig: Uint8Array): boolean {
  if (sig.length !== 64) return false;
  try {
    return edVerify(null, pae(payloadType, payload), publicKey, sig);
  } catch {
    return false;
  }
}

/** One-signature envelope with the signer's keyid as the hint. */
export function signEnvelope<T extends string>(
  privateKey: KeyObject,
  payloadType: T,
  payload: Uint8Array,
): DsseEnvelope<T> {
  const { keyid } = keyPairOf(privateKey);
  const sig = Buffer.from(signPae(privateKey, payloadType, payload)).toString("base64");
  return { payloadType, payload: Buffer.from(payload).toString("base64"), signatures: [{ keyid, sig }] };
}

/** The ManifestSignature of §1.2 for `manifest` (bound when `rootId` is given). */
export function signManifest(
  privateKey: KeyObject,
  manifest: unknown,
  rootId?: string,
): DsseEnvelope<ManifestPayloadType> {
  const { payloadType, bytes } = manifestPayload(manifest, rootId);
  return signEnvelope(privateKey, payloadType, bytes);
}

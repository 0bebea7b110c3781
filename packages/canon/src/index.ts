// Public surface of @codai/axiom-canon: anything exported here is public API.

export {
  CANONICAL_BASE64,
  CAS_MAX_BYTES,
  casSlot,
  decodeBase64Strict,
  decodeBlob,
  decodeUtf8Strict,
  type EncodedBlob,
  encodeBlob,
} from "./blob";
export {
  CanonDigestError,
  canonicalDigestRef,
  DIGEST_REF,
  digestHex,
  digestRef,
  isDigestRef,
  isSha256Hex,
  parseDigestRef,
  SHA256_HEX,
  sha256Hex,
} from "./digest";
export {
  type DsseEnvelope,
  type DsseSignature,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  MANIFEST_PAYLOAD_TYPE,
  type ManifestPayloadType,
  manifestPayload,
  signEnvelope,
  signManifest,
  signPae,
  verifyPae,
} from "./dsse";
export { eachLimit } from "./each-limit";
export { canonicalBytes, canonicalize, hasLoneSurrogate, JcsError, verifyCanonical } from "./jcs";
export {
  CanonKeyError,
  decodePublicKeyBase64,
  ED25519_PKCS8_PREFIX_HEX,
  ED25519_SPKI_PREFIX_HEX,
  type Ed25519KeyPair,
  generateEd25519,
  isEd25519Point,
  keyidOf,
  keyPairOf,
  parsePrivateKeyMaterial,
  pkcs8Der,
  privateKeyFromSeed,
  publicKeyFromRaw,
  rawPublicKey,
} from "./keys";
export { pae } from "./pae";
export {
  APPLY_PREDICATE_TYPE,
  type ApplyAttestationInput,
  type ApplyPredicate,
  type ApplySource,
  type AttestedPath,
  AXIOM_VERIFIER_ID,
  applySourceFromEnv,
  attestationFileText,
  buildApplyAttestation,
  IN_TOTO_STATEMENT_TYPE,
  predicateFileName,
  type Statement as InTotoStatement,
  type StatementSubject as InTotoSubject,
} from "./statement-builders";
export {
  isTrustState,
  loadTrustState,
  newTrustStateKeyHex,
  parseTrustStateKey,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
  TRUST_STATE_KEY_MAX_BYTES,
  TRUST_STATE_MAX_BYTES,
  type TrustState,
  type TrustStateCorruptReason,
  type TrustStateLoad,
  trustStateMac,
} from "./trust-state";

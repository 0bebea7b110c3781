// Public surface of @codai/axiom-canon: anything exported here is public API.
export { canonicalize, canonicalBytes, verifyCanonical, hasLoneSurrogate, JcsError } from "./jcs";
export {
  sha256Hex,
  isSha256Hex,
  isDigestRef,
  digestRef,
  digestHex,
  canonicalDigestRef,
  SHA256_HEX,
  DIGEST_REF,
  parseDigestRef,
  CanonDigestError,
} from "./digest";
export {
  encodeBlob,
  decodeBlob,
  decodeBase64Strict,
  decodeUtf8Strict,
  casSlot,
  CAS_MAX_BYTES,
  CANONICAL_BASE64,
  type EncodedBlob,
} from "./blob";
export { pae } from "./pae";
export {
  keyidOf,
  rawPublicKey,
  pkcs8Der,
  generateEd25519,
  keyPairOf,
  privateKeyFromSeed,
  parsePrivateKeyMaterial,
  isEd25519Point,
  publicKeyFromRaw,
  decodePublicKeyBase64,
  CanonKeyError,
  ED25519_PKCS8_PREFIX_HEX,
  ED25519_SPKI_PREFIX_HEX,
  type Ed25519KeyPair,
} from "./keys";
export {
  MANIFEST_PAYLOAD_TYPE,
  MANIFEST_BOUND_PAYLOAD_TYPE,
  manifestPayload,
  signPae,
  verifyPae,
  signEnvelope,
  signManifest,
  type ManifestPayloadType,
  type DsseEnvelope,
  type DsseSignature,
} from "./dsse";
export {
  trustStateMac,
  newTrustStateKeyHex,
  sealTrustState,
  serializeTrustState,
  serializeTrustStateKey,
  isTrustState,
  loadTrustState,
  parseTrustStateKey,
  TRUST_STATE_KEY_MAX_BYTES,
  TRUST_STATE_MAX_BYTES,
  type TrustState,
  type TrustStateLoad,
  type TrustStateCorruptReason,
} from "./trust-state";
export {
  IN_TOTO_STATEMENT_TYPE,
  APPLY_PREDICATE_TYPE,
  AXIOM_VERIFIER_ID,
  applySourceFromEnv,
  buildApplyAttestation,
  attestationFileText,
  predicateFileName,
  type Statement as InTotoStatement,
  type StatementSubject as InTotoSubject,
  type AttestedPath,
  type ApplySource,
  type ApplyPredicate,
  type ApplyAttestationInput,
} from "./statement-builders";
export { eachLimit } from "./each-limit";

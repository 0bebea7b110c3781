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

// Offline Sigstore test kit (signing.md §4.6, decision D21): local Fulcio / Rekor / TUF / Actions
// token mocks for the real `sigstore` package, on 127.0.0.1 only.
export { mintJwt, type TokenClaims, verifyJwt } from "./jwt";
export { type SigstoreMockHits, type SigstoreMocks, startSigstoreMocks, TEST_OIDC_ISSUER } from "./mocks";
export { buildTufRepo, seedTufCache, type TufRepo, tufCacheDirFor } from "./tuf";

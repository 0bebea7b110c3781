// Public surface of @codai/axiom-rules: anything exported here is public API (named exports only).
// The lowest layer: imported by schema, plan, checks, apply and the gate; imports no workspace
// package and no third-party module except picomatch (scripts/check-package-deps.mjs enforces both).

export { AXIOM_DIR, AXIOM_GLOB } from "./axiom-dir";
export {
  compileGlob,
  compileGlobs,
  escapeLiteralParens,
  foldPath,
  type Matcher,
  optionalGlobs,
  seedGlobCache,
} from "./glob";
export {
  ARTIFACTS_MAX,
  BUNDLE_INLINE_MAX,
  EXPR_MESSAGE_MAX,
  INLINE_BASE64_CONTENT_MAX_UNITS,
  INLINE_BYTES_MAX,
  INLINE_CONTENT_MAX_UNITS,
  INTENT_MAX,
  KEEP_BACKUPS_DEFAULT,
  KEEP_BACKUPS_MAX,
  LOCK_TIMEOUT_DEFAULT_MS,
  LOCK_TIMEOUT_MAX_MS,
  MANIFESTS_UNREFERENCED_KEEP,
  MANIFESTS_UNREFERENCED_MIN_AGE_MS,
  MAX_ISSUES,
  RELPATH_MAX,
  SECRET_SCAN_MAX_BYTES,
  SNAPSHOT_DEFAULT_MAX_BYTES,
  SNAPSHOT_DEFAULT_MAX_FILES,
  SNAPSHOT_MAX_FILES_CAP,
  TOTAL_BYTES_MAX,
} from "./limits";
export { D24_HARNESS_PATHS, PROTECTED_PATHS, type ProtectedEntry, RUN_OR_TRUSTED } from "./protected";
export { isRelPath, RELPATH_CODES, type RelPathCode, relPathIssues } from "./relpath";
export {
  activePatterns,
  detect,
  PII_PATTERN_NAMES,
  SECRET_PATTERN_NAMES,
  type SecretPatternName,
} from "./secrets";

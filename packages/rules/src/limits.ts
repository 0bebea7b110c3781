// The user-facing limits, each written once (issue 18: a limit repeated in five files is a future
// disagreement). Here: every limit that more than one module enforces or advertises, and the
// path / count / inline-size rows of formats.md §9.4. A limit with exactly one enforcer stays with
// it (ARCH-R3): e.g. the CAS read cap in canon (a leaf), the MCP argument and HTTP body caps in mcp.
// Plain numbers only, so the gate and every schema can import them without pulling anything in.

/** RelPath length in UTF-16 units (formats.md §1.1, §9.4). */
export const RELPATH_MAX = 1024;

/**
 * Artifacts per Plan and per manifest (formats.md §9.4); also the bound of axiom_write `files`
 * (mcp.md §7.1), of a chunked plan session (checks.md §8.6) and the default profile's
 * `manifest.maxArtifacts` (checks.md §6.2).
 */
export const ARTIFACTS_MAX = 2000;

/**
 * Total artifact bytes, 64 MiB: the default profile's `manifest.maxTotalBytes` (checks.md §6.2)
 * and a chunked plan session's byte cap (checks.md §8.6).
 */
export const TOTAL_BYTES_MAX = 67_108_864;

/** A Plan's `intent`, in UTF-16 units (formats.md §9.4); axiom_write's `intent` too. */
export const INTENT_MAX = 2000;

/** An inline utf8 `content` / patch `body` string, in UTF-16 units (formats.md §9.4, schema). */
export const INLINE_CONTENT_MAX_UNITS = 262_144;

/**
 * One artifact's bytes from inline content in either encoding (utf8, or base64 once decoded), a
 * rendered template or a patched result (formats.md §9.4; SEC-31: the cap counts bytes, never
 * base64 characters).
 */
export const INLINE_BYTES_MAX = 262_144;

/** An inline base64 `content` string: the canonical padded encoding of INLINE_BYTES_MAX bytes. */
export const INLINE_BASE64_CONTENT_MAX_UNITS = 4 * Math.ceil(INLINE_BYTES_MAX / 3);

/** Sum of a bundle's distinct inline blobs, 4 MiB (formats.md §6, §9.4). */
export const BUNDLE_INLINE_MAX = 4_194_304;

/** Entries of a `details.issues` list (formats.md §9.4, §12.1). */
export const MAX_ISSUES = 20;

/** The `message` param of expr.cel and expr.cedar, in UTF-16 units (checks.md §4.2). */
export const EXPR_MESSAGE_MAX = 2000;

/** content.noSecrets and the gate's secret scan read only an artifact's first 4 MiB (checks.md §4.4, threats.md R9). */
export const SECRET_SCAN_MAX_BYTES = 4 * 1024 * 1024;

/** `lockTimeoutMs`: queue + lock wait, default and maximum, minimum 0 (apply.md §4.1, mcp.md §5.2). */
export const LOCK_TIMEOUT_DEFAULT_MS = 30_000;
export const LOCK_TIMEOUT_MAX_MS = 600_000;

/** `keepBackups`: backup sets kept after a commit, default and maximum, minimum 0 (apply.md §4.1, §5.11). */
export const KEEP_BACKUPS_DEFAULT = 3;

/**
 * Retention after every commit (SEC-39): stored manifests (and their check reports) that no journal,
 * applied marker or intent names — previews, compiles never applied — beyond the newest
 * MANIFESTS_UNREFERENCED_KEEP, and older than MANIFESTS_UNREFERENCED_MIN_AGE_MS, are removed.
 */
export const MANIFESTS_UNREFERENCED_KEEP = 100;
export const MANIFESTS_UNREFERENCED_MIN_AGE_MS = 86_400_000;
export const KEEP_BACKUPS_MAX = 1000;

/** Repository snapshot (apply.md §17.2): maxFiles default and clamp, maxBytes default (64 MiB). */
export const SNAPSHOT_DEFAULT_MAX_FILES = 20_000;
export const SNAPSHOT_MAX_FILES_CAP = 50_000;
export const SNAPSHOT_DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

// The closed list of AXIOM error codes (formats.md §12.3). The order is normative:
// generated JSON-Schema enums list the codes in this order. Adding a code needs a spec change (D23).
export const ERROR_CODES = [
  "ERR_PATH_NOT_RELATIVE_POSIX",
  "ERR_PATH_SEGMENT",
  "ERR_PATH_NOT_NFC",
  "ERR_PATH_RESERVED_NAME",
  "ERR_PATH_INVALID_CHAR",
  "ERR_PATH_CASE_COLLISION",
  "ERR_SYMLINK_IN_PATH",
  "ERR_CONTAINMENT",
  "ERR_TARGET_TYPE",
  "ERR_EXISTS",
  "ERR_NOT_FOUND",
  "ERR_BLOB_MISSING",
  "ERR_DIGEST_FORMAT",
  "ERR_DIGEST_MISMATCH",
  "ERR_SIZE_MISMATCH",
  "ERR_BLOB_TOO_LARGE",
  "ERR_BUNDLE_TOO_LARGE",
  "ERR_LOCKED",
  "ERR_ROOT_NOT_ALLOWED",
  "ERR_ROOT_REQUIRED",
  "ERR_ROOT_NOT_DIR",
  "ERR_CONFIRM_DIGEST_MISMATCH",
  "ERR_CHECKS_FAILED",
  "ERR_PREIMAGE_CHANGED",
  "ERR_JOURNAL_CORRUPT",
  "ERR_JOURNAL_CHAIN",
  "ERR_EBUSY",
  "ERR_CONFLICT",
  "ERR_INVALID_PLAN",
  "ERR_INVALID_MANIFEST",
  "ERR_INVALID_PROFILE",
  "ERR_PREDICATE_UNKNOWN",
  "ERR_PREDICATE_PARAMS",
  "ERR_PROVIDER_FAILED",
  "ERR_GUARD_TIMEOUT",
  "ERR_GUARD_OUTPUT",
  "ERR_FACT_DISABLED",
  "ERR_SIGNATURE_MISSING",
  "ERR_SIGNATURE_INVALID",
  "ERR_KEYLESS_UNAVAILABLE",
  "ERR_TRUST_STATE_CORRUPT",
  "ERR_ROLLBACK",
  "ERR_EMITTER_UNKNOWN",
  "ERR_TEMPLATE_UNKNOWN",
  "ERR_TEMPLATE_PARAMS",
  "ERR_PATCH_FORMAT",
  "ERR_PATCH_PREIMAGE",
  "ERR_PATCH_NO_MATCH",
  "ERR_GIT_NOT_FOUND",
  "ERR_GIT_NOT_REPO",
  "ERR_GIT_DIRTY",
  "ERR_GIT_BRANCH_EXISTS",
  "ERR_GIT_BRANCH_INVALID",
  "ERR_GIT_FAILED",
  "ERR_TASK_NOT_FOUND",
  "ERR_TASK_CANCELLED",
  "ERR_PLAN_SESSION_STATE",
  "ERR_REF_OFFLINE",
  "ERR_NET_DISABLED",
  "ERR_NET_DENIED",
  "ERR_NET_FAILED",
  "ERR_NOT_CANONICAL",
  "ERR_UNSUPPORTED_OP",
  "ERR_INTERNAL",
  "ERR_RECOVERY_PENDING",
  "ERR_USAGE",
  "ERR_ESCAPE_DETECTED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && CODE_SET.has(value);
}

/** The wire shape of every failure, on every surface (formats.md §12.1). */
export interface AxiomErrorObject {
  code: ErrorCode;
  message: string;
  path?: string;
  details?: Record<string, unknown>;
}

export interface AxiomErrorOptions {
  message?: string;
  path?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class AxiomError extends Error {
  override readonly name = "AxiomError";
  readonly code: ErrorCode;
  readonly path: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AxiomErrorOptions = {}) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    if (!isErrorCode(code)) throw new TypeError(`not an AXIOM error code: ${String(code)}`);
    this.code = code;
    this.path = options.path;
    this.details = options.details;
  }

  /** Wire shape: `path` and `details` are serialised only when present. */
  toJSON(): AxiomErrorObject {
    const out: AxiomErrorObject = { code: this.code, message: this.message };
    if (this.path !== undefined) out.path = this.path;
    if (this.details !== undefined) out.details = this.details;
    return out;
  }
}

export function isAxiomError(value: unknown): value is AxiomError {
  if (value instanceof AxiomError) return true;
  if (typeof value !== "object" || value === null) return false;
  const v = value as { name?: unknown; code?: unknown };
  return v.name === "AxiomError" && isErrorCode(v.code);
}

/** Shorthand used across packages: `throw axiomError("ERR_EXISTS", { path })`. */
export function axiomError(code: ErrorCode, options: AxiomErrorOptions = {}): AxiomError {
  return new AxiomError(code, options);
}

/** Maps any thrown value to the wire shape; non-AXIOM exceptions become ERR_INTERNAL. */
export function toErrorObject(err: unknown): AxiomErrorObject {
  if (err instanceof AxiomError) return err.toJSON();
  if (isAxiomError(err)) {
    const e = err as unknown as AxiomErrorObject;
    const out: AxiomErrorObject = { code: e.code, message: typeof e.message === "string" ? e.message : e.code };
    if (e.path !== undefined) out.path = e.path;
    if (e.details !== undefined) out.details = e.details;
    return out;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: "ERR_INTERNAL", message };
}

// Argument and output schemas shared by several tools (mcp.md §5.2) and small helpers.
import { KEEP_BACKUPS_MAX, LOCK_TIMEOUT_MAX_MS } from "@codai/axiom-rules";
import { axiomError, ERROR_CODES, SHA256_HEX_RE } from "@codai/axiom-schema";
import { z } from "zod";

/** Free-form documents: open objects here, validated by their own strict schema in the handler. */
export const DocumentArg = z.record(z.string(), z.unknown());
export const RootArg = z.string();
export const ProfileArg = z.string().min(1);
export const StoreArg = z.enum(["inline", "cas"]);
export const LockTimeoutArg = z.number().int().min(0).max(LOCK_TIMEOUT_MAX_MS);
export const KeepBackupsArg = z.number().int().min(0).max(KEEP_BACKUPS_MAX);
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The wire error object `{code, message, path?, details?}` (formats.md §12.1). */
export const ErrorObjectSchema = z.looseObject({
  code: ErrorCodeSchema,
  message: z.string(),
  path: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** What the CLI takes as a short ref (`#seq`, a hex prefix): MCP tools refuse it in words (CLI-R4). */
const CLI_REF_RE = /^(?:#\d+|(?:sha256:)?[0-9a-f]{7,63})$/;

/**
 * `sha256:<64 hex>` or bare 64 lowercase hex → the bare hex; anything else ERR_NOT_FOUND (formats.md
 * row 11). Tools take full digests only, on purpose (CLI-R4): an agent holds every digest in full,
 * and a tool call names exactly the change it acts on. A short ref is refused with reason
 * `full-digest-required` and says where the full digest is.
 */
export function digestHexOf(value: string, details: Record<string, unknown>): string {
  const hex = value.startsWith("sha256:") ? value.slice(7) : value;
  if (SHA256_HEX_RE.test(hex)) return hex;
  if (CLI_REF_RE.test(value)) {
    throw axiomError("ERR_NOT_FOUND", {
      message: `MCP tools take the full manifest digest (sha256:<64 hex>), not a short ref like ${value}: axiom_status and every compile, apply and write result name it in full`,
      details: { ...details, reason: "full-digest-required" },
    });
  }
  throw axiomError("ERR_NOT_FOUND", { message: `not a manifest digest: ${value}`, details });
}

/** The first `n` items of a list (summaries cut lists at 20, mcp.md §6.4). */
export function first<T>(items: readonly T[] | undefined, n = 20): T[] {
  return (items ?? []).slice(0, n);
}

/** Drops `undefined` and `null` members so summaries omit keys with no value. */
export function compact(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

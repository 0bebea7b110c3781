// `inline` sources (formats.md §2.3): utf8 ≤ INLINE_BYTES_MAX bytes; base64 canonical, decoded ≤ INLINE_BYTES_MAX (SEC-31).
import { decodeBase64Strict } from "@codai/axiom-canon";
import { INLINE_BYTES_MAX } from "@codai/axiom-rules";
import { axiomError, type InlineSource } from "@codai/axiom-schema";
import type { ResolvedSource, SourceContext } from "./context";

export function resolveInline(source: InlineSource, ctx: SourceContext): ResolvedSource {
  if (source.encoding === "base64") {
    const bytes = decodeBase64Strict(source.content);
    if (!bytes) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: "inline content is not canonical padded base64",
        path: ctx.path,
        details: { issues: [{ path: "source.content", message: "not canonical padded base64" }] },
      });
    }
    if (bytes.length > INLINE_BYTES_MAX) {
      throw axiomError("ERR_BLOB_TOO_LARGE", {
        path: ctx.path,
        details: { bytes: bytes.length, max: INLINE_BYTES_MAX },
      });
    }
    return { bytes, origin: "inline" };
  }
  const bytes = new TextEncoder().encode(source.content);
  if (bytes.length > INLINE_BYTES_MAX) {
    throw axiomError("ERR_BLOB_TOO_LARGE", { path: ctx.path, details: { bytes: bytes.length, max: INLINE_BYTES_MAX } });
  }
  return { bytes, origin: "inline" };
}

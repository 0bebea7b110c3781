// `inline` sources (formats.md §2.3): utf8 ≤ 262 144 bytes; base64 canonical, decoded ≤ 196 608.
import { decodeBase64Strict } from "@codai/axiom-canon";
import { axiomError, type InlineSource } from "@codai/axiom-schema";
import type { ResolvedSource, SourceContext } from "./context";

export const INLINE_UTF8_MAX = 262_144;
export const INLINE_BASE64_MAX = 196_608;

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
    if (bytes.length > INLINE_BASE64_MAX) {
      throw axiomError("ERR_BLOB_TOO_LARGE", {
        path: ctx.path,
        details: { bytes: bytes.length, max: INLINE_BASE64_MAX },
      });
    }
    return { bytes, origin: "inline" };
  }
  const bytes = new TextEncoder().encode(source.content);
  if (bytes.length > INLINE_UTF8_MAX) {
    throw axiomError("ERR_BLOB_TOO_LARGE", { path: ctx.path, details: { bytes: bytes.length, max: INLINE_UTF8_MAX } });
  }
  return { bytes, origin: "inline" };
}

// `patch` sources (sources.md §1.2): read the current file through the pre-image reader, pin it to
// `preImage`, decode strictly, keep a leading BOM aside, apply the hunks exactly, re-add the BOM.
// Every error carries `path` = the artifact path.
import { CAS_MAX_BYTES, decodeUtf8Strict, digestRef, sha256Hex } from "@codai/axiom-canon";
import { INLINE_BYTES_MAX } from "@codai/axiom-rules";
import { AxiomError, axiomError, isAxiomError, type PatchSource } from "@codai/axiom-schema";
import { applyPatch } from "../patch-apply";
import { parsePatch } from "../patch-parse";
import { readPreImageBytes } from "../preimage";
import type { ResolvedSource, SourceContext } from "./context";

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

async function readCurrent(ctx: SourceContext, preImage: string): Promise<Uint8Array | undefined> {
  if (ctx.readPreImage) {
    const bytes = await ctx.readPreImage(ctx.path);
    if (bytes && bytes.length > CAS_MAX_BYTES) {
      throw axiomError("ERR_BLOB_TOO_LARGE", { path: ctx.path, details: { bytes: bytes.length, max: CAS_MAX_BYTES } });
    }
    return bytes;
  }
  if (ctx.root !== undefined) return readPreImageBytes(ctx.root, ctx.path, CAS_MAX_BYTES);
  throw axiomError("ERR_PATCH_PREIMAGE", {
    message: "a patch source needs a root or a pre-image reader",
    path: ctx.path,
    details: { preImage },
  });
}

export async function resolvePatch(source: PatchSource, ctx: SourceContext): Promise<ResolvedSource> {
  try {
    const current = await readCurrent(ctx, source.preImage);
    const actual = current === undefined ? "absent" : digestRef(sha256Hex(current));
    if (actual !== source.preImage) {
      throw axiomError("ERR_PATCH_PREIMAGE", { path: ctx.path, details: { expected: source.preImage, actual } });
    }
    let text = current === undefined ? "" : decodeUtf8Strict(current);
    if (text === undefined) {
      throw axiomError("ERR_PATCH_PREIMAGE", {
        path: ctx.path,
        details: { preImage: source.preImage, reason: "not-utf8" },
      });
    }
    const hadBom = text.startsWith("\uFEFF");
    if (hadBom) text = text.slice(1);
    const result = applyPatch(text, parsePatch(source.format, source.body));
    const body = new TextEncoder().encode(result);
    const bytes = hadBom ? concat(BOM, body) : body;
    if (bytes.length > INLINE_BYTES_MAX) {
      throw axiomError("ERR_BLOB_TOO_LARGE", {
        path: ctx.path,
        details: { bytes: bytes.length, max: INLINE_BYTES_MAX },
      });
    }
    return { bytes, origin: "patch" };
  } catch (err) {
    if (isAxiomError(err) && err.path === undefined) {
      throw new AxiomError(err.code, { message: err.message, path: ctx.path, details: err.details, cause: err });
    }
    throw err;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

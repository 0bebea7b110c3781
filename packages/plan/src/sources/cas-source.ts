// `cas` sources (formats.md §2.3): the blob must already be in the root's CAS; compile never writes it.
import { digestRef, sha256Hex } from "@codai/axiom-canon";
import { axiomError, type CasSource } from "@codai/axiom-schema";
import { casGet } from "../cas";
import type { ResolvedSource, SourceContext } from "./context";
import { withPath } from "./with-path";

export async function resolveCas(source: CasSource, ctx: SourceContext): Promise<ResolvedSource> {
  const missing = () => axiomError("ERR_BLOB_MISSING", { path: ctx.path, details: { digest: source.digest } });
  if (ctx.root === undefined) throw missing();
  const expectedHex = source.digest.slice(7);
  const bytes = await withPath(ctx.path, () => casGet(ctx.root as string, expectedHex));
  if (!bytes) throw missing();
  const actual = sha256Hex(bytes);
  if (actual !== expectedHex) {
    throw axiomError("ERR_DIGEST_MISMATCH", {
      path: ctx.path,
      details: { expected: source.digest, actual: digestRef(actual) },
    });
  }
  return { bytes, origin: "cas" };
}

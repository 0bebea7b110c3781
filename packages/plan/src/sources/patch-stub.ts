// Placeholder until patch sources land (sources.md §1): every patch source fails ERR_PATCH_FORMAT.
import { axiomError, type PatchSource } from "@codai/axiom-schema";
import type { ResolvedSource, SourceContext } from "./context";

export async function resolvePatch(source: PatchSource, ctx: SourceContext): Promise<ResolvedSource> {
  throw axiomError("ERR_PATCH_FORMAT", {
    message: "patch sources are not supported yet",
    path: ctx.path,
    details: { format: source.format },
  });
}

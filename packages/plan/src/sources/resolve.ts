// Dispatch of one artifact source to its resolver (formats.md §3.2 step 3).
import type { PlanArtifactSource } from "@codai/axiom-schema";
import { resolveCas } from "./cas-source";
import type { ResolvedSource, SourceContext } from "./context";
import { resolveInline } from "./inline";
import { resolvePatch } from "./patch";
import { resolveRef } from "./ref";
import { resolveTemplate } from "./template";

export async function resolveSource(source: PlanArtifactSource, ctx: SourceContext): Promise<ResolvedSource> {
  switch (source.type) {
    case "inline":
      return resolveInline(source, ctx);
    case "cas":
      return resolveCas(source, ctx);
    case "ref":
      return resolveRef(source, ctx);
    case "template":
      return resolveTemplate(source, ctx);
    case "patch":
      return resolvePatch(source, ctx);
  }
}

// The built-in predicates, in registration order (checks.md §4.1).
import { PredicateRegistry } from "../registry";
import { manifestRequireSigned } from "../require-signed";
import { contentEncodingUtf8, contentMaxBytes, contentNoSecrets } from "./content";
import { depsDeny, depsMax } from "./deps";
import { exprCedar } from "./expr-cedar";
import { exprCel } from "./expr-cel";
import { guardExternal } from "./guard";
import { manifestMaxArtifacts, manifestMaxTotalBytes, manifestNoDeletes } from "./manifest";
import { pathAllow, pathDeny, pathReservedNames } from "./path";
import { repoNoOverwriteOf, repoRequireCompanion } from "./repo";
import { repoRequireReference } from "./require-reference";

export function createDefaultRegistry(): PredicateRegistry {
  return new PredicateRegistry()
    .register(pathAllow)
    .register(pathDeny)
    .register(pathReservedNames)
    .register(contentNoSecrets)
    .register(contentMaxBytes)
    .register(contentEncodingUtf8)
    .register(manifestMaxArtifacts)
    .register(manifestMaxTotalBytes)
    .register(manifestRequireSigned)
    .register(manifestNoDeletes)
    .register(depsMax)
    .register(depsDeny)
    .register(repoNoOverwriteOf)
    .register(repoRequireCompanion)
    .register(repoRequireReference)
    .register(guardExternal)
    .register(exprCel)
    .register(exprCedar);
}

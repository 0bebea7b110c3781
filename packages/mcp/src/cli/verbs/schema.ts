// `axiom schema <Kind>` (cli.md §7.13): the JSON Schema (draft 2020-12) of a document Kind, the
// same document as the `axiom://schema/<Kind>` resource. An unknown Kind is a usage error.
import { SCHEMA_KINDS } from "@codai/axiom-schema";
import { schemaDocument } from "@codai/axiom-workflow";
import { printJson } from "../output";
import { UsageError, type VerbContext } from "../verb";

export async function run({ positionals: args }: VerbContext): Promise<void> {
  const kind = args[0] as string;
  const doc = schemaDocument(kind);
  if (doc === undefined) {
    throw new UsageError(`schema expects one of ${SCHEMA_KINDS.join(", ")} (case-sensitive), got "${kind}"`);
  }
  printJson(doc);
}

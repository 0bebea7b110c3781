// `axiom schema <Kind>` (cli.md §7.13) and `axiom://schema/<kind>` (mcp.md §10): the same JSON
// Schema (draft 2020-12) documents, built from the Zod schemas on demand.
import { isSchemaKind, jsonSchemaFor } from "@codai/axiom-schema";

/** undefined for a name that is not one of SCHEMA_KINDS (case-sensitive). */
export function schemaDocument(kind: string): Record<string, unknown> | undefined {
  return isSchemaKind(kind) ? jsonSchemaFor(kind) : undefined;
}

// Names the MCP server and the CLI need without any Zod schema: kept free of zod so that, with the
// package's `"sideEffects": false`, importing them evaluates none of the schemas (decisions SHIP-8).

/** The Kinds that `axiom schema <Kind>` serves, in the order of cli.md §7.0 (case-sensitive names). */
export const SCHEMA_KINDS = [
  "Plan",
  "Manifest",
  "ManifestBundle",
  "CheckReport",
  "ApplyResult",
  "Profile",
  "Journal",
  "RepoSnapshot",
] as const;

export type SchemaKind = (typeof SCHEMA_KINDS)[number];

export function isSchemaKind(value: unknown): value is SchemaKind {
  return typeof value === "string" && (SCHEMA_KINDS as readonly string[]).includes(value);
}

/** A profile name (checks.md §6.1). */
export const PROFILE_NAME_RE = /^[a-z0-9][a-z0-9._-]{0,63}$/;

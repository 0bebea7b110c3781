// Regenerates the committed JSON Schemas: packages/schema/json-schema/<Kind>.json, one per Kind of
// `axiom schema` (formats.md §13), from packages/schema/src/json-schema.ts (loaded through the package barrel, which also holds SCHEMA_KINDS).
//   node scripts/gen-json-schemas.mjs          write the files
//   node scripts/gen-json-schemas.mjs --check  exit 1 when a committed file is stale or missing
// packages/schema/test/json-schema.test.ts runs the same comparison inside `npm test`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importTs } from "./lib/load-ts.mjs";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
export const SCHEMA_DIR = join(repo, "packages/schema/json-schema");

/** Loads json-schema.ts (SCHEMA_KINDS lives in kinds.ts, the generator in json-schema.ts). */
const loadGenerator = () =>
  importTs(
    'export { jsonSchemaFor } from "./json-schema"; export { SCHEMA_KINDS } from "./kinds";',
    join(repo, "packages/schema/src"),
  );

export function schemaFileText(schema) {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

const check = process.argv.includes("--check");
const { SCHEMA_KINDS, jsonSchemaFor } = await loadGenerator();
const stale = [];
mkdirSync(SCHEMA_DIR, { recursive: true });
for (const kind of SCHEMA_KINDS) {
  const file = join(SCHEMA_DIR, `${kind}.json`);
  const text = schemaFileText(jsonSchemaFor(kind));
  let current;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  stale.push(kind);
  if (!check) writeFileSync(file, text);
}
if (check && stale.length > 0) {
  process.stderr.write(`stale JSON Schemas: ${stale.join(", ")} (run: npm run gen:schemas)\n`);
  process.exitCode = 1;
} else if (!check) {
  process.stdout.write(stale.length ? `wrote ${stale.join(", ")}\n` : "JSON Schemas up to date\n");
}

// Lazy chunk dist/migrate-lazy.js (cli.md §1.1): `migrate v1`, loaded only by `axiom migrate`.
export { type MigrateV1Options, type MigrateV1Result, migrateV1 } from "@codai/axiom-plan";

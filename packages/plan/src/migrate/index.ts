// `migrate v1` (sources.md §5): an AXIOM v1 manifest → a v2 Plan plus a report.
export { type MigrateReport, type MigrateV1Options, type MigrateV1Result, migrateV1 } from "./migrate-v1";

// Lazy chunk dist/gc-lazy.js (cli.md §1.1): the CAS garbage collector, loaded only by `axiom gc`.
export { collectGarbage, type GcKeep, type GcReport, parseGcDuration } from "@codai/axiom-apply";

// `@codai/axiom-store/testing`: the fs seam's test hook, for test suites and tools only (the fault
// tables, the crash explorer and recorder, the soaks, the fs-call counting benchmarks). It is not on
// the main entry, so production code cannot reach it through `@codai/axiom-store`, and
// scripts/check-package-deps.mjs refuses this entry in any package's src (issue 18: test hooks off
// the public surfaces). `installFs` swaps methods of the live port `fsx` and returns a restore
// function; `nodeFs` is the unhooked port a wrapper may delegate to.
export { installFs, nodeFs } from "./fsx";

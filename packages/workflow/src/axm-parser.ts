// The root of the `.axm` parser's lazy chunk (axm.ts imports it dynamically): it re-exports the one
// function the workflow calls, so the chunk is not the axm package's whole barrel and the CLI's
// axm-lazy entry keeps its own size (ARCH-W2). Not re-exported by index.ts.
export { parseAxm } from "@codai/axiom-axm";

// Chunk entry dist/verify-tree-lazy.js (signing.md §9, cli.md §7.7): loaded only by `axiom verify --tree`.
export { runVerifyTree } from "../cli/verify-tree";

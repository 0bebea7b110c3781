// Chunk root of the workflow in `axiom mcp` (dist/chunks/workflow-<hash>.js), reached only by
// server/workflow-loader.ts's import() (SHIP-8). It re-exports the seam object alone, so the
// package's barrel is never a chunk root itself: esbuild keeps a dynamically imported barrel whole,
// and every CLI verb importing one use case from that barrel would then load the whole workflow
// statically (measured: every verb chunk ≈ 250 KB, `axiom schema` ≈ +60 ms; ARCH-W2).
export { WORKFLOW } from "@codai/axiom-workflow";

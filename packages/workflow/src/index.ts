// Public surface of @codai/axiom-workflow: the use cases both front ends call — the CLI verbs
// (packages/mcp/src/cli/verbs) and the MCP tools and resources (packages/mcp/src/server, through
// the WORKFLOW seam) — each a checklist of its spec steps over plan, checks, apply, axm and the
// store. Anything a module below exports becomes public: each module exports only its use case,
// its request and result types and what a front end prints with them (internal helpers live in
// modules not listed here, like write-result.ts), and test/surface.test.ts pins the whole list of
// names, so an addition is a visible change.
//
// The one package whose barrel re-exports modules with `export *` (ARCH-W2): esbuild keeps a barrel
// of named re-exports, and every module any importer reaches through it, in each importer's chunk
// graph, so every CLI verb would load the whole workflow; `export *` lets each verb's chunk carry
// only the modules it calls.

export * from "./about";
export * from "./applied-state";
export * from "./apply-bundle";
export * from "./axm";
export * from "./chain-index";
export * from "./check-bundle";
export * from "./compile";
export * from "./diff-contents";
export * from "./diff-manifests";
export * from "./diff-snapshots";
export * from "./file-changes";
export * from "./history-view";
export * from "./origin-text";
export * from "./pending-previews";
export * from "./profiles";
export * from "./ref";
export * from "./rollback";
export * from "./root-state";
export * from "./schema-document";
export * from "./show";
export * from "./status-view";
export * from "./stored";
export * from "./stored-docs";
export * from "./trust-store";
export * from "./types";
export * from "./verify-bundle";
export * from "./verify-journal";
export * from "./verify-tree";
export * from "./workflow";
export * from "./write-compile";
export * from "./write-confirm";
export * from "./write-plan";
export * from "./write-preview";
export type { WriteChecks, WriteResult, WriteStatus } from "./write-result";

// Builds the runnable CLI: packages/mcp/dist/cli.js (entry, no static imports) plus lazy chunks.
// Every @codai/axiom-* workspace package is bundled from source; the MCP SDK and optional
// engines stay external (loaded lazily from node_modules).
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const mcp = join(repo, "packages/mcp");
const { version } = JSON.parse(readFileSync(join(mcp, "package.json"), "utf8"));

// Entry points named by cli.md §1.1: each becomes dist/<name>.js.
export const ENTRY_POINTS = {
  cli: "src/cli.ts",
  "cli-main": "src/cli-main.ts",
};

rmSync(join(mcp, "dist"), { recursive: true, force: true });
await build({
  absWorkingDir: mcp,
  entryPoints: ENTRY_POINTS,
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  chunkNames: "chunks/[name]-[hash]",
  define: { __AXIOM_VERSION__: JSON.stringify(version) },
  external: ["@modelcontextprotocol/*", "sigstore", "@sigstore/*", "@cedar-policy/*", "@marcbachmann/cel-js"],
  banner: { js: "#!/usr/bin/env node" },
  legalComments: "none",
  logLevel: "warning",
});

// Builds the runnable CLI: packages/mcp/dist/cli.js (entry, no static imports) plus lazy chunks.
// Every @codai/axiom-* workspace package is bundled from source; the MCP SDK and optional
// engines stay external (loaded lazily from node_modules).
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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
  // The MCP server and the SDK seam: loaded only by `axiom mcp` (mcp.md §2).
  "mcp-lazy": "src/mcp-lazy.ts",
  // The PreToolUse hook (hooks-doctor.md §2): routed by cli.js straight here, never via cli-main.
  "gate-lazy": "src/gate-lazy.ts",
  // The .axm parser: loaded only by `axiom compile <file>.axm` (axm.md §7.6).
  "axm-lazy": "src/axm-lazy.ts",
  // Operator maintenance verbs (cli.md §1.1, sources.md): loaded only by `axiom gc` / `axiom migrate v1`.
  "gc-lazy": "src/gc-lazy.ts",
  "migrate-lazy": "src/migrate-lazy.ts",
};

// CommonJS packages that workspace code loads with a dynamic `import()` (so they land in a lazy
// chunk). esbuild gives such a chunk only a default export, so `(await import("yaml")).parse` would
// be undefined: this plugin serves an ESM facade re-exporting every named export explicitly.
const CJS_LAZY = ["yaml"];

function cjsNamedExports(names) {
  const filter = new RegExp(`^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
  return {
    name: "cjs-named-exports",
    setup(b) {
      b.onResolve({ filter }, (args) => {
        if (args.namespace === "cjs-facade") return undefined;
        const real = createRequire(join(args.resolveDir, "noop.js")).resolve(args.path);
        return { path: real, namespace: "cjs-facade" };
      });
      b.onLoad({ filter: /.*/, namespace: "cjs-facade" }, (args) => {
        const keys = Object.keys(createRequire(args.path)(args.path)).filter(
          (k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== "default",
        );
        const contents = `import M from ${JSON.stringify(args.path)};\nexport default M;\nexport const { ${keys.join(", ")} } = M;\n`;
        return { contents, loader: "js", resolveDir: dirname(args.path) };
      });
    },
  };
}

const result = await build({
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
  plugins: [cjsNamedExports(CJS_LAZY)],
  write: false,
});

// Bundled CommonJS dependencies (e.g. yaml) call require() for Node builtins, which an ESM chunk
// lacks: chunks that carry esbuild's require helper get a module-level `require` from createRequire.
// The entry cli.js never does, so it keeps no static import (cli.md §1.1).
const SHEBANG = "#!/usr/bin/env node\n";
const REQUIRE_SHIM =
  'import { createRequire as __axiomCreateRequire } from "node:module";\nconst require = __axiomCreateRequire(import.meta.url);\n';

function withRequireShim(text) {
  if (!text.includes("Dynamic require of")) return text;
  const body = text.startsWith(SHEBANG) ? text.slice(SHEBANG.length) : text;
  return `${SHEBANG}${REQUIRE_SHIM}${body}`;
}

// dist is overwritten in place, never removed, and every file lands by temp + rename: other test
// runs may be executing dist/cli.js while this build runs, and must never see a half-written file.
// Chunks are content-hashed, so a new build only adds files next to the old ones.
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.path.endsWith(".js") ? withRequireShim(file.text) : file.contents);
  if (file.path.endsWith(join("dist", "cli.js"))) chmodSync(tmp, 0o755);
  renameSync(tmp, file.path);
}

// Builds the runnable CLI: packages/mcp/dist/cli.cjs (the bin: a CommonJS entry, no bundled
// imports), dist/gate.cjs (the PreToolUse hook, one CommonJS file) and the ESM lazy chunks.
// Every @codai/axiom-* workspace package is bundled from source; the MCP SDK and optional
// engines stay external (loaded lazily from node_modules).
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildPageAssets } from "../packages/review/scripts/build-page.mjs";
import { loadRenderer } from "./gen-tools-json.mjs";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const mcp = join(repo, "packages/mcp");
const { version } = JSON.parse(readFileSync(join(mcp, "package.json"), "utf8"));

// The two CommonJS entries (cli.md §1.1 as changed by decisions SPEED-9): a process whose entry
// is an ES module first starts Node's ESM loader (its resolver, translators and module jobs), which
// costs about as much as the gate's whole judgement of a Write. The bin and the hook are therefore
// CommonJS: `axiom gate` never starts that loader for a Write/Edit payload; every other verb does,
// with its one dynamic import() of an ESM chunk below.
export const CJS_ENTRY_POINTS = {
  cli: "src/entries/cli.ts",
  // The PreToolUse hook (hooks-doctor.md §2): required by cli.cjs straight, never via cli-main.
  gate: "src/entries/gate.ts",
  // picomatch as gate.cjs's sibling (decisions SPEED-18): the hook requires it only to compile a
  // glob of the user's own profile, so a Write under the built-in ones never parses its 24 KB.
  picomatch: createRequire(join(repo, "packages/rules/package.json")).resolve("picomatch"),
};

// ESM entry points (cli.md §1.1): each becomes dist/<name>.js, reached only by import().
export const ENTRY_POINTS = {
  "cli-main": "src/entries/cli-main.ts",
  // The MCP server and the SDK seam: loaded only by `axiom mcp` (mcp.md §2).
  "mcp-lazy": "src/entries/mcp.ts",
  // The Streamable HTTP transport (mcp.md §11): loaded only by `axiom mcp --http`.
  "http-lazy": "src/entries/http.ts",
  // The gate's shell judgement (decisions SEC-2): imported by gate.cjs for shell payloads only (its
  // parser finds its .wasm through import.meta.url, so it stays an ES module).
  "gate-shell": "src/entries/gate-shell.ts",
  // The .axm parser: loaded only by `axiom compile <file>.axm` (axm.md §7.6).
  "axm-lazy": "src/entries/axm.ts",
  // Operator maintenance verbs (cli.md §1.1, sources.md): loaded only by `axiom gc` / `axiom migrate v1`.
  "gc-lazy": "src/entries/gc.ts",
  "migrate-lazy": "src/entries/migrate.ts",
  // `axiom verify --tree` (signing.md §9): loaded only with --tree.
  "verify-tree-lazy": "src/entries/verify-tree.ts",
  // The local review page server (issue 22): loaded only by `axiom ui`.
  "review-lazy": "src/entries/review.ts",
};

// CommonJS packages that workspace code loads with a dynamic `import()` (so they land in a lazy
// chunk). esbuild gives such a chunk only a default export, so `(await import("yaml")).parse` would
// be undefined: this plugin serves an ESM facade re-exporting every named export explicitly.
const CJS_LAZY = ["yaml"];

/** An esbuild `filter` matching exactly these import specifiers. */
function exactly(specifiers) {
  return new RegExp(`^(?:${specifiers.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
}

function cjsNamedExports(names) {
  const filter = exactly(names);
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

// src/server/tools/catalog.ts renders every tool's tools.json entry from the Zod schemas (TOOL_DEFS) when run
// from source; the build serves it as the JSON of that same rendering, so a started server evaluates no
// tool module and converts no schema to answer tools/list (decisions SHIP-8). JSON.parse of one
// string literal is cheaper for V8 than the equivalent object literal.
function toolCatalog(entries) {
  const contents = `export const TOOL_CATALOG = JSON.parse(${JSON.stringify(JSON.stringify(entries))});\n`;
  return {
    name: "tool-catalog",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]server[\\/]tools[\\/]catalog\.ts$/ }, () => ({ contents, loader: "js" }));
    },
  };
}

// src/transports/stdio/front-data.ts runs the SDK server (src/transports/stdio/front-probe.ts) when imported from source; the
// build serves it as the JSON of that same probe, run once per build against the installed SDK, so
// the stdio front chunk imports no SDK module and answers with the SDK's own lines (decisions SHIP-9).
function frontData(data) {
  const contents = `export const FRONT_DATA = JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
  return {
    name: "stdio-front-data",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]transports[\\/]stdio[\\/]front-data\.ts$/ }, () => ({ contents, loader: "js" }));
    },
  };
}

// packages/review/src/assets.ts builds the review page's script and stylesheet with esbuild when run
// from source; the build serves them as string constants, so `axiom ui` bundles no esbuild and
// reads no asset file at run time (issue 22).
function reviewAssets(assets) {
  const contents = `const ASSETS = JSON.parse(${JSON.stringify(JSON.stringify(assets))});\nexport function pageAssets() { return Promise.resolve(ASSETS); }\n`;
  return {
    name: "review-assets",
    setup(b) {
      b.onLoad({ filter: /[\\/]packages[\\/]review[\\/]src[\\/]assets\.ts$/ }, () => ({ contents, loader: "js" }));
    },
  };
}

const probes = new Map();

/**
 * The stdio front's data: the probe bundled like the CLI (same catalog, version and externals) into
 * a temp dir under packages/mcp (so the SDK resolves from node_modules), run in a child process so
 * that no SDK server lives on in the build's own process. Memoised per catalog.
 */
function probeFrontData(catalog) {
  const key = JSON.stringify(catalog);
  let data = probes.get(key);
  if (data) return data;
  data = (async () => {
    const dir = mkdtempSync(join(mcp, ".front-probe-"));
    try {
      const outfile = join(dir, "probe.mjs");
      const base = options(dir, catalog);
      await build({
        ...base,
        entryPoints: undefined,
        stdin: {
          contents:
            'import { probeFrontData } from "./src/transports/stdio/front-probe";\nprocess.stdout.write(JSON.stringify(await probeFrontData()));\nprocess.exit(0);\n',
          resolveDir: mcp,
          loader: "ts",
          sourcefile: "front-probe-main.ts",
        },
        outdir: undefined,
        outfile,
        splitting: false,
        metafile: false,
        write: true,
        banner: { js: REQUIRE_SHIM },
      });
      return JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  data.catch(() => probes.delete(key));
  probes.set(key, data);
  return data;
}

// The packages the bundle leaves external: each must be a dependency, optionalDependency or
// optional peer of @codai/axiom-mcp so that the packed tarball runs (packages/mcp/test/pack.test.ts).
export const EXTERNAL = [
  "@modelcontextprotocol/*",
  // zod stays external so that AXIOM's schemas and the SDK's share one instance: the SDK imports
  // the installed zod (its whole package, locales included) on the `axiom mcp` path anyway, and a
  // second, bundled copy cost ≈ 10 % of that path's start-up instructions (decisions SHIP-7).
  "zod",
  "sigstore",
  "@sigstore/*",
  "@cedar-policy/*",
  "@marcbachmann/cel-js",
];

/** What every build shares (metafile on: the budget tests read the module graph). */
function shared(outdir) {
  return {
    absWorkingDir: mcp,
    outdir,
    bundle: true,
    platform: "node",
    target: "node20",
    define: { __AXIOM_VERSION__: JSON.stringify(version) },
    external: EXTERNAL,
    banner: { js: "#!/usr/bin/env node" },
    legalComments: "none",
    // Smaller chunks parse and compile faster on every start (SHIP-7). Identifiers are renamed, so
    // nothing may depend on a function's or class's own name: the error classes set `name` explicitly.
    // AXIOM_BUILD_NO_MINIFY=1 keeps the names for a CPU profile (`node --cpu-prof`, docs/benchmarks.md).
    minify: process.env.AXIOM_BUILD_NO_MINIFY !== "1",
    logLevel: "warning",
    metafile: true,
    write: false,
  };
}

/** The ESM build: every lazy chunk, code-split. */
function options(outdir, catalog, front, assets) {
  return {
    ...shared(outdir),
    entryPoints: ENTRY_POINTS,
    splitting: true,
    format: "esm",
    chunkNames: "chunks/[name]-[hash]",
    plugins: [
      cjsNamedExports(CJS_LAZY),
      toolCatalog(catalog),
      ...(front ? [frontData(front)] : []),
      ...(assets ? [reviewAssets(assets)] : []),
    ],
  };
}

// What the CommonJS entries load at run time, never bundled: cli.cjs requires gate.cjs and imports
// cli-main.js; gate.cjs imports the ESM shell chunk where gate/evaluate.ts imports ./shell/judge,
// and requires picomatch.cjs where rules' glob.ts loads picomatch (on its first run-time compile).
const RUNTIME_SIBLINGS = {
  "./gate.cjs": "./gate.cjs",
  "./cli-main": "./cli-main.js",
  "./shell/judge": "./gate-shell.js",
  picomatch: "./picomatch.cjs",
};

function runtimeSiblings() {
  return {
    name: "runtime-siblings",
    setup(b) {
      b.onResolve({ filter: exactly(Object.keys(RUNTIME_SIBLINGS)) }, (args) => ({
        path: RUNTIME_SIBLINGS[args.path],
        external: true,
      }));
    },
  };
}

/** The CommonJS build: dist/cli.cjs and dist/gate.cjs, each one file. */
function cjsOptions(outdir) {
  return {
    ...shared(outdir),
    entryPoints: CJS_ENTRY_POINTS,
    format: "cjs",
    outExtension: { ".js": ".cjs" },
    plugins: [runtimeSiblings()],
  };
}

// dist/cli.js, the entry before SPEED-9, stays as an ES module that runs cli.cjs: hook commands an
// earlier `axiom init` wrote (`node …/dist/cli.js gate --stdin`) keep working after an upgrade.
const LEGACY_ENTRY =
  '#!/usr/bin/env node\n// The bin is cli.cjs (decisions SPEED-9); this file keeps older hook commands working.\nimport "./cli.cjs";\n';

// Bundled CommonJS dependencies (e.g. yaml) call require() for Node builtins, which an ESM chunk
// lacks: chunks that carry esbuild's require helper get a module-level `require` from createRequire.
// The CommonJS entries (cli.cjs, gate.cjs) have a require of their own and are never shimmed.
const SHEBANG = "#!/usr/bin/env node\n";
const REQUIRE_SHIM =
  'import { createRequire as __axiomCreateRequire } from "node:module";\nconst require = __axiomCreateRequire(import.meta.url);\n';

function withRequireShim(text) {
  if (!text.includes("Dynamic require of")) return text;
  const body = text.startsWith(SHEBANG) ? text.slice(SHEBANG.length) : text;
  return `${SHEBANG}${REQUIRE_SHIM}${body}`;
}

// The gate's shell parser (hooks-doctor.md §2.6, decisions SEC-2): web-tree-sitter's JS is bundled
// into the gate's lazy shell chunk, and its two WebAssembly modules ship next to the chunks in
// dist/wasm/ (gate/shell/parser.ts reads them from there; nothing is fetched at run time), with the
// MIT licence texts of both packages.
const requireFromMcp = createRequire(join(mcp, "package.json"));
export const WASM_ASSETS = [
  { from: "web-tree-sitter/web-tree-sitter.wasm", to: "wasm/web-tree-sitter.wasm" },
  { from: "tree-sitter-bash/tree-sitter-bash.wasm", to: "wasm/tree-sitter-bash.wasm" },
  { from: "web-tree-sitter/web-tree-sitter.wasm", to: "wasm/LICENSE.web-tree-sitter.txt", sibling: "LICENSE" },
  { from: "tree-sitter-bash/tree-sitter-bash.wasm", to: "wasm/LICENSE.tree-sitter-bash.txt", sibling: "LICENSE" },
];

/** An asset's file; `sibling` names a file next to it (the package's LICENSE beside its .wasm). */
function resolveAsset(spec, sibling) {
  const file = requireFromMcp.resolve(spec);
  return sibling === undefined ? file : join(dirname(file), sibling);
}

function copyWasmAssets(out) {
  mkdirSync(join(out, "wasm"), { recursive: true });
  for (const a of WASM_ASSETS) {
    const dest = join(out, a.to);
    const tmp = `${dest}.${process.pid}.tmp`;
    copyFileSync(resolveAsset(a.from, a.sibling), tmp);
    renameSync(tmp, dest);
  }
}

/**
 * Builds the CLI. `outdir` (absolute or relative to packages/mcp) defaults to dist; `clean` removes
 * it first (for packing: dist otherwise keeps the content-hashed chunks of earlier builds);
 * `write: false` only computes the outputs and the metafile (the budget tests use that).
 */
export async function buildCli({ outdir = "dist", clean = false, write = true } = {}) {
  const out = resolve(mcp, outdir);
  const catalog = (await loadRenderer()).toolsJsonEntries();
  const [front, assets] = await Promise.all([probeFrontData(catalog), buildPageAssets()]);
  const [esm, cjs] = await Promise.all([build(options(out, catalog, front, assets)), build(cjsOptions(out))]);
  const result = {
    outputFiles: [...esm.outputFiles, ...cjs.outputFiles],
    metafile: {
      inputs: { ...esm.metafile.inputs, ...cjs.metafile.inputs },
      outputs: { ...esm.metafile.outputs, ...cjs.metafile.outputs },
    },
  };
  if (!write) return result;
  if (clean) rmSync(out, { recursive: true, force: true });
  // dist is overwritten in place, never removed (unless `clean`), and every file lands by temp +
  // rename: other test runs may be executing dist/cli.cjs while this build runs, and must never see
  // a half-written file. Chunks are content-hashed, so a new build only adds files next to the old ones.
  const files = [...result.outputFiles, { path: join(out, "cli.js"), text: LEGACY_ENTRY, contents: LEGACY_ENTRY }];
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.path.endsWith(".js") ? withRequireShim(file.text) : file.contents);
    if (file.path === join(out, "cli.cjs") || file.path === join(out, "cli.js")) chmodSync(tmp, 0o755);
    renameSync(tmp, file.path);
  }
  copyWasmAssets(out);
  return result;
}

// `node scripts/build.mjs [--outdir <dir>] [--clean]`; importing this module builds nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--outdir");
  const outdir = at >= 0 ? resolve(process.cwd(), args[at + 1] ?? "") : "dist";
  await buildCli({ outdir, clean: args.includes("--clean") });
}

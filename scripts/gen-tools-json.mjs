// Renders packages/mcp/spec/tools.json and spec/codai-tools.json from TOOL_DEFS (mcp.md §14), and
// rewrites the generated tool table in packages/mcp/README.md and docs/mcp.md between the
// <!-- tools-table:start --> / <!-- tools-table:end --> markers. `--check` writes nothing and exits 1
// when a file is stale.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const mcp = join(repo, "packages/mcp");

/** Bundles the TypeScript renderer to a temp ESM file and imports it. */
export async function loadRenderer() {
  const dir = mkdtempSync(join(tmpdir(), "axiom-gen-"));
  const out = join(dir, "render.mjs");
  try {
    await build({
      absWorkingDir: mcp,
      entryPoints: ["src/server/tools/render-registry.ts"],
      outfile: out,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      // Everything is bundled (zod included): the temp file resolves no package at run time.
      logLevel: "warning",
    });
    return await import(pathToFileURL(out).href);
  } finally {
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 0);
  }
}

const START = "<!-- tools-table:start -->";
const END = "<!-- tools-table:end -->";

export function withTable(text, table) {
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) return undefined;
  return `${text.slice(0, a + START.length)}\n${table}\n${text.slice(b)}`;
}

async function main() {
  const check = process.argv.includes("--check");
  const r = await loadRenderer();
  const files = r.renderRegistryFiles();
  const targets = [
    [join(mcp, "spec/tools.json"), files["tools.json"]],
    [join(mcp, "spec/codai-tools.json"), files["codai-tools.json"]],
  ];
  for (const doc of [join(mcp, "README.md"), join(repo, "docs/mcp.md")]) {
    if (!existsSync(doc)) continue;
    const next = withTable(readFileSync(doc, "utf8"), r.renderDocTable());
    if (next !== undefined) targets.push([doc, next]);
  }
  let stale = 0;
  for (const [path, text] of targets) {
    const current = existsSync(path) ? readFileSync(path, "utf8") : undefined;
    if (current === text) continue;
    stale++;
    if (check) process.stderr.write(`stale: ${path}\n`);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  if (check && stale > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

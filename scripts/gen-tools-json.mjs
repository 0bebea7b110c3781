// Renders packages/mcp/spec/tools.json and spec/codai-tools.json from TOOL_DEFS (mcp.md §14), and
// rewrites the generated tool table in packages/mcp/README.md and docs/mcp.md between the
// <!-- tools-table:start --> / <!-- tools-table:end --> markers. `--check` writes nothing and exits 1
// when a file is stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importTs } from "./lib/load-ts.mjs";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const mcp = join(repo, "packages/mcp");

/** The TypeScript renderer (src/server/tools/render-registry.ts), bundled with zod and imported. */
export const loadRenderer = () => importTs('export * from "./src/server/tools/render-registry";', mcp);

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

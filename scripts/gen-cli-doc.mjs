// Renders the CLI reference of docs/cli.md (between the <!-- cli-reference:start --> /
// <!-- cli-reference:end --> markers) from the verb registry, packages/mcp/src/cli/verbs.ts, the
// same entries `axiom help` prints. `--check` writes nothing and exits 1 when the doc is stale;
// packages/mcp/test/cli-help.test.ts makes the same comparison inside `npm test`.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importTs } from "./lib/load-ts.mjs";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
export const CLI_DOC = join(repo, "docs/cli.md");
export const START = "<!-- cli-reference:start -->";
export const END = "<!-- cli-reference:end -->";

/** The help renderer, bundled (the verb modules the registry loads lazily stay out) and imported. */
const loadRenderer = () =>
  importTs('export * from "./help";', join(repo, "packages/mcp/src/cli"), {
    plugins: [
      {
        name: "verb-modules-external",
        setup(b) {
          b.onResolve({ filter: /^\.\/verbs\// }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });

export function withReference(text, reference) {
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${CLI_DOC}: no ${START} … ${END} markers`);
  return `${text.slice(0, a + START.length)}\n${reference}\n${text.slice(b)}`;
}

async function main() {
  const check = process.argv.includes("--check");
  const { renderCliReference } = await loadRenderer();
  const current = readFileSync(CLI_DOC, "utf8");
  const next = withReference(current, renderCliReference());
  if (next === current) return;
  if (check) {
    process.stderr.write(`stale: ${CLI_DOC} (run node scripts/gen-cli-doc.mjs)\n`);
    process.exitCode = 1;
  } else writeFileSync(CLI_DOC, next);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

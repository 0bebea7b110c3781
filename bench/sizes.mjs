#!/usr/bin/env node
// Chunk sizes of the current sources (esbuild metafile, nothing written): each entry with the chunks
// it imports statically (what loading it costs) and with its dynamic imports too (everything it can
// reach). The budgets themselves are tests (packages/mcp/test/budget.test.ts); this only reports.
// Usage: node bench/sizes.mjs [--markdown]
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./lib.mjs";

const { buildCli } = await import(join(REPO, "scripts/build.mjs"));
const outputs = (await buildCli({ write: false })).metafile.outputs;

function closure(entry, dynamic) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const f = queue.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of outputs[f].imports)
      if (!i.external && (i.kind === "import-statement" || (dynamic && i.kind === "dynamic-import")))
        queue.push(i.path);
  }
  return [...seen].reduce((n, f) => n + outputs[f].bytes, 0);
}

/** Bytes on disk of an installed package directory (the SDK is external: loaded from node_modules). */
function du(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? du(p) : e.name.endsWith(".mjs") ? statSync(p).size : 0;
  }
  return n;
}

const kb = (b) => (b / 1024).toFixed(1);
const entries = Object.keys(outputs).filter((f) => outputs[f].entryPoint && !f.includes("/chunks/"));
const total = Object.values(outputs).reduce((n, o) => n + o.bytes, 0);
const lines = [
  `Command: \`node bench/sizes.mjs\` (run by \`npm run bench\`); bytes of the minified ESM output  `,
  `Date: ${new Date().toISOString()}`,
  "",
  "| entry | static closure KiB | with dynamic imports KiB |",
  "|---|---:|---:|",
  ...entries.map((e) => `| ${e} | ${kb(closure(e, false))} | ${kb(closure(e, true))} |`),
  "",
  `Whole dist: ${Object.keys(outputs).length} files, ${kb(total)} KiB. External, loaded from node_modules by \`axiom mcp\` only: ` +
    `@modelcontextprotocol/server ${kb(du(join(REPO, "node_modules/@modelcontextprotocol/server/dist")))} KiB and ` +
    `@modelcontextprotocol/core ${kb(du(join(REPO, "node_modules/@modelcontextprotocol/core/dist")))} KiB of .mjs (its whole ESM build, not only the modules loaded). zod is external too (SHIP-7): one copy, shared with the SDK; cli-main and the \`axiom mcp\` start-up build no schema (SHIP-8), so it loads with the SDK, a verb whose code validates a document, or the first tools/call.`,
];
process.stdout.write(`${lines.join("\n")}\n`);

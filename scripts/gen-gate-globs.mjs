// Regenerates packages/mcp/src/harness/gate/builtin-globs.generated.ts (scripts/lib/gate-glob-table.mjs):
// the built-in gate profiles' deny globs compiled ahead of time, so a hook process never runs
// picomatch's parser for them (issue 24, decisions SPEED-8).
//   node scripts/gen-gate-globs.mjs          write the file
//   node scripts/gen-gate-globs.mjs --check  exit 1 when it is stale
import { readFileSync, writeFileSync } from "node:fs";
import { GATE_GLOB_TABLE, gateGlobTableText } from "./lib/gate-glob-table.mjs";

const text = await gateGlobTableText();
let current;
try {
  current = readFileSync(GATE_GLOB_TABLE, "utf8");
} catch {
  current = undefined;
}
if (current === text) process.stdout.write("gate glob table up to date\n");
else if (process.argv.includes("--check")) {
  process.stderr.write("stale gate glob table (run: node scripts/gen-gate-globs.mjs)\n");
  process.exitCode = 1;
} else {
  writeFileSync(GATE_GLOB_TABLE, text);
  process.stdout.write(`wrote ${GATE_GLOB_TABLE}\n`);
}

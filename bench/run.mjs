#!/usr/bin/env node
// `npm run bench` (issue 12): runs every benchmark in ALL below and splices their markdown
// into docs/benchmarks.md between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->` markers, so the
// document always holds the latest figures with their date, machine and command.
// The reliability soaks live in scripts/soak/ (`npm run soak`, docs/reliability.md).
// Usage: npm run bench [-- sizes|startup|gate|writes|http|scaling|chain|lock ...]
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./lib.mjs";

const ALL = {
  sizes: "bench/sizes.mjs",
  startup: "bench/startup.mjs",
  writes: "bench/writes.mjs",
  gate: "bench/gate.mjs",
  http: "bench/http.mjs",
  scaling: "bench/scaling.mjs",
  chain: "bench/chain.mjs",
  lock: "bench/lock.mjs",
};
const picked = process.argv.slice(2).filter((a) => a in ALL);
const names = picked.length > 0 ? picked : Object.keys(ALL);
const doc = join(REPO, "docs/benchmarks.md");

for (const name of names) {
  process.stderr.write(`bench: ${name}…\n`);
  const out = execFileSync(process.execPath, [join(REPO, ALL[name]), "--markdown"], {
    cwd: REPO,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    shell: false,
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stdout.write(`${out}\n`);
  const text = readFileSync(doc, "utf8");
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const a = text.indexOf(open);
  const b = text.indexOf(close);
  if (a < 0 || b < a) throw new Error(`docs/benchmarks.md lacks the ${open} … ${close} markers`);
  const next = `${text.slice(0, a + open.length)}\n${out.trimEnd()}\n${text.slice(b)}`;
  writeFileSync(`${doc}.tmp`, next);
  renameSync(`${doc}.tmp`, doc);
}

#!/usr/bin/env node
// `npm run soak` (issue 12): runs the long reliability soaks one after another (crash, contention,
// fuzz, and the HTTP abuse soak when scripts/soak/http-abuse.mjs exists), prints each summary and
// splices it into docs/reliability.md between `<!-- soak:<name> -->` and `<!-- /soak:<name> -->`
// markers (when present), so the document holds the last result of each. Exit 1 if any soak failed.
// Usage: npm run soak [-- crash|contention|fuzz|http-abuse|toctou ...] [-- --seed n]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./lib.mjs";

const ALL = ["crash", "powercut", "contention", "fuzz", "http-abuse", "toctou"];
const argv = process.argv.slice(2);
const picked = argv.filter((a) => ALL.includes(a));
const passThrough = argv.filter((a) => !ALL.includes(a));
const names = (picked.length > 0 ? picked : ALL).filter((n) => existsSync(join(REPO, "scripts/soak", `${n}.mjs`)));
const doc = join(REPO, "docs/reliability.md");
let failed = 0;

for (const name of names) {
  process.stderr.write(`soak: ${name}…\n`);
  const started = new Date().toISOString();
  const r = spawnSync(process.execPath, [join(REPO, "scripts/soak", `${name}.mjs`), ...passThrough], {
    cwd: REPO,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    shell: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) failed++;
  const text = existsSync(doc) ? readFileSync(doc, "utf8") : "";
  const open = `<!-- soak:${name} -->`;
  const close = `<!-- /soak:${name} -->`;
  const a = text.indexOf(open);
  const b = text.indexOf(close);
  if (a < 0 || b < a) continue;
  const block = [
    `Last run: started ${started}, command \`node scripts/soak/${name}.mjs${passThrough.length ? ` ${passThrough.join(" ")}` : ""}\`, exit ${r.status}.`,
    "",
    "```json",
    r.stdout.trimEnd(),
    "```",
  ].join("\n");
  writeFileSync(`${doc}.tmp`, `${text.slice(0, a + open.length)}\n${block}\n${text.slice(b)}`);
  renameSync(`${doc}.tmp`, doc);
}
process.exitCode = failed === 0 ? 0 : 1;

#!/usr/bin/env node
// Crash soak (issue 3): SIGKILL a child applying 200 files at random instants, N times (default
// 500), and check that after the next apply/rollback every touched path is wholly pre or wholly
// post. Usage: node bench/crash-soak.mjs [trials]
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const dir = mkdtempSync(join(realpathSync(tmpdir()), "axiom-soak-build-"));
const banner = { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" };
try {
  const child = join(dir, "child.mjs");
  const main = join(dir, "soak.mjs");
  const common = { bundle: true, platform: "node", format: "esm", logLevel: "silent", banner };
  await build({ ...common, entryPoints: [join(repo, "packages/apply/test/crash-child.ts")], outfile: child });
  await build({ ...common, entryPoints: [join(repo, "packages/apply/test/crash-soak-main.ts")], outfile: main });
  execFileSync(process.execPath, [main, process.argv[2] ?? "500"], {
    stdio: "inherit",
    shell: false,
    env: { PATH: process.env.PATH ?? "", AXIOM_CRASH_CHILD: child },
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

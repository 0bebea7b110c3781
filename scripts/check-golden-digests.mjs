#!/usr/bin/env node
// Repo guard (formats.md §5.5): recompiles every golden fixture under packages/testkit/golden/ and
// compares it with its pinned planDigest / manifestDigest / per-artifact sha256. The check itself
// is the vitest file packages/testkit/test/golden.test.ts, which `npm test` (vitest run) also
// picks up through the workspace include glob, so it cannot be switched off by dropping a script.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const vitest = join(repo, "node_modules", "vitest", "vitest.mjs");
const result = spawnSync(process.execPath, [vitest, "run", "packages/testkit/test/golden.test.ts"], {
  cwd: repo,
  stdio: "inherit",
  shell: false,
  // A scrubbed environment: only what Node and the OS need to start (Windows needs SystemRoot).
  env: Object.fromEntries(
    ["PATH", "HOME", "SystemRoot", "TEMP", "TMP", "TMPDIR"]
      .filter((k) => process.env[k] !== undefined)
      .map((k) => [k, process.env[k]]),
  ),
});
process.exit(result.status ?? 1);

// vitest globalSetup: build packages/mcp/dist once per test run, so CLI tests spawn the real bin
// (`node packages/mcp/dist/cli.js …`) built from the current sources. scripts/build.mjs writes
// every output by temp + rename, so concurrent runs never see a half-written file.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const repo = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  execFileSync(process.execPath, [join(repo, "scripts/build.mjs")], { cwd: repo, stdio: "inherit", shell: false });
}

// vitest globalSetup: build packages/mcp/dist once per test run, so CLI tests spawn the real bin
// (`node packages/mcp/dist/cli.js …`) built from the current sources. scripts/build.mjs writes
// every output by temp + rename, so concurrent runs never see a half-written file.
// A failing build does not abort the whole run (tests of other packages stay meaningful); it is
// reported here and every CLI test fails on it (packages/mcp/test/cli-run.ts). `npm test` runs
// `npm run build` first, so CI still stops on a broken build.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const repo = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  try {
    execFileSync(process.execPath, [join(repo, "scripts/build.mjs")], { cwd: repo, stdio: "pipe", shell: false });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    process.env.AXIOM_CLI_BUILD_ERROR = stderr.slice(0, 4000);
    process.stderr.write(`\nscripts/build.mjs failed; CLI tests will fail:\n${stderr}\n`);
  }
}

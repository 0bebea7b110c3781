// issue 5: `npm run demo` drives `axiom mcp` over stdio with the real SDK client through
// write-preview → confirm → status → rollback and prints a readable transcript.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { childEnv, REPO } from "./mcp-helpers";

test("npm run demo: preview → confirm → status → rollback transcript (digest, diff, status, chain), exit 0", () => {
  // --no-build: the suite's global setup built dist/ already; rebuilding here would race other tests.
  const r = spawnSync(process.execPath, [join(REPO, "scripts/demo.mjs"), "--no-build"], {
    cwd: REPO,
    env: childEnv(),
    encoding: "utf8",
    shell: false,
    timeout: 60_000,
  });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  const o = r.stdout;
  expect(o).toMatch(/digest: {3}sha256:[0-9a-f]{64}/);
  expect(o).toContain("status:   preview (dry-run)");
  expect(o).toContain("+Hello from AXIOM.");
  expect(o).toContain("status:   applied");
  // README.md went by edits; src/greet.txt is new: its op says create (issue 19 item 6).
  expect(o).toContain("overwrite README.md → written");
  expect(o).toContain("create    src/greet.txt → written");
  expect(o).toMatch(/"chain": \{\s+"ok": true,\s+"entries": 1/);
  expect(o).toContain("status:   rolled-back");
  expect(o).toContain('README.md now: "# scratch\\n\\nHello.\\n"');
  expect(o).toMatch(/chain: {4}\{"ok":true,"entries":2/);
});

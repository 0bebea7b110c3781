// issue 12 soak 4 (HTTP abuse), short mode: scripts/soak/http-abuse.mjs --short against a real
// `axiom mcp --http 127.0.0.1:0` with a token: oversized bodies (declared, honest, chunked) → 413, bad /
// short / missing tokens → 401, foreign Host / Origin / no Host → 403, the other §11.3 rows, slowloris
// connections that do not block serving, 24 legacy session opens with DELETEs → every status as
// expected, GET /health 200 at the end, no warning logged, RSS bounded. The long run is in
// docs/reliability.md.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { childEnv, REPO } from "./mcp-helpers";

test("HTTP abuse soak --short: every response has its mcp.md §11.3 status, the server stays up (health 200), sessions ≤ 64, RSS bounded", async () => {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [join(REPO, "scripts/soak/http-abuse.mjs"), "--short", "--build", "0"],
      { cwd: REPO, env: childEnv(), shell: false, timeout: 90_000 },
      (error, stdout, stderr) => (stdout.trim().startsWith("{") ? resolve(stdout) : reject(error ?? new Error(stderr))),
    ),
  );
  const summary = JSON.parse(out) as {
    ok: boolean;
    violations: string[];
    statusCounts: Record<string, Record<string, number>>;
    maxLegacySessions: number;
  };
  expect(summary.violations).toEqual([]);
  expect(summary.ok).toBe(true);
  expect(summary.statusCounts["final /health"]).toEqual({ 200: 1 });
  expect(summary.statusCounts["legacy initialize"]).toEqual({ 200: 24 });
  expect(summary.statusCounts["chunked body past 4 MiB"]).toEqual({ 413: 1 });
  expect(summary.maxLegacySessions).toBeLessThanOrEqual(64);
}, 120_000);

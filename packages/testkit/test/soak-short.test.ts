// issue 12 "Reliability soaks (scripts under scripts/soak/, a short version in npm test, the long one
// documented with its last result in docs/reliability.md)": runs the --short version of each soak
// as a real child process (argv, shell: false, scrubbed env) with a fixed seed and asserts exit 0
// and its summary. The long versions are `npm run soak`; none of this is a timed test (the
// timeouts are only a hang guard for a loaded machine).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const HANG_GUARD_MS = 600_000;

interface Summary {
  soak: string;
  ok: boolean;
  seed: number;
  violations: string[];
  [k: string]: unknown;
}

function runSoak(name: string, seed: number): Promise<{ code: number | null; summary: Summary; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const k of ["PATH", "HOME", "TMPDIR"]) if (process.env[k] !== undefined) env[k] = process.env[k] as string;
    const child = spawn(
      process.execPath,
      [join(REPO, "scripts/soak", `${name}.mjs`), "--short", "--seed", String(seed)],
      {
        cwd: REPO,
        env,
        shell: false,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        resolve({ code, summary: JSON.parse(out) as Summary, stderr: err });
      } catch {
        reject(new Error(`${name}: exit ${code}, no summary JSON on stdout:\n${out}\n${err.slice(-2000)}`));
      }
    });
  });
}

/** Runs one soak's short version (seed 12) and asserts it passed: no violation, exit 0. */
async function runSoakClean(name: string): Promise<Summary> {
  const { code, summary, stderr } = await runSoak(name, 12);
  expect(summary.violations, stderr.slice(-2000)).toEqual([]);
  expect(code).toBe(0);
  return summary;
}

describe.concurrent("reliability soaks, short versions (scripts/soak/*.mjs --short)", () => {
  it(
    "crash soak: SIGKILLs during apply and rollback of a 50-file mixed manifest leave 0 torn trees after recovery, the chain verifies, no strays",
    async () => {
      const summary = await runSoakClean("crash");
      expect(summary.ok).toBe(true);
      const s = summary as Summary & {
        kills: number;
        requestedKills: number;
        afterRecovery: { pre: number; post: number };
      };
      expect(s.kills).toBeGreaterThanOrEqual(s.requestedKills);
      expect(s.afterRecovery.pre + s.afterRecovery.post).toBe(s.kills);
    },
    HANG_GUARD_MS,
  );

  it(
    "contention soak: concurrent CLI applies over overlapping paths lose no update, every outcome is applied / noop / ERR_CONFLICT / ERR_LOCKED / ERR_PREIMAGE_CHANGED, the chain verifies",
    async () => {
      const summary = await runSoakClean("contention");
      const s = summary as Summary & { outcomes: Record<string, number>; chain: { committed: number } };
      expect(Object.values(s.outcomes).reduce((a, b) => a + b, 0)).toBe(10);
      expect(s.outcomes.applied ?? 0).toBe(s.chain.committed);
      expect(s.outcomes.applied ?? 0).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );

  it(
    "fuzz soak: random tool calls over stdio never crash `axiom mcp` nor put non-JSON-RPC on stdout; every error code is in ERROR_CODES; RSS bounded",
    async () => {
      const summary = await runSoakClean("fuzz");
      const s = summary as Summary & { calls: number; toolErrors: Record<string, number> };
      expect(s.calls).toBe(300);
      expect(Object.keys(s.toolErrors).every((c) => c.startsWith("ERR_"))).toBe(true);
    },
    HANG_GUARD_MS,
  );

  it(
    "TOCTOU soak: a child process flipping sub ↔ a symlink outside the root while sub/* is written leaves zero files outside the root; every detected escape is failed ERR_ESCAPE_DETECTED with its outside path",
    async () => {
      const summary = await runSoakClean("toctou");
      const s = summary as Summary & { applies: number; flips: number; outcomes: Record<string, number> };
      expect(s.applies).toBe(150);
      expect(s.flips).toBeGreaterThan(0);
      expect(Object.values(s.outcomes).reduce((a, b) => a + b, 0)).toBe(150);
      for (const key of Object.keys(s.outcomes))
        if (key.endsWith("ERR_ESCAPE_DETECTED")) expect(key).toBe("failed:ERR_ESCAPE_DETECTED");
    },
    HANG_GUARD_MS,
  );
});

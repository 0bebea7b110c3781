// Helpers for the signing CLI tests: spawn the real CLI (argv array, no shell, scrubbed env; dist is
// built by vitest's global setup), temp dirs, and a hand-built ManifestBundle (no compile dependency).
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { demoBundle } from "@codai/axiom-testkit";
import { CLI, tempDir as cliTempDir, type TempDir } from "./cli-run";

export { CLI, REPO } from "./cli-run";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli.js …args` with only PATH (plus `env`) in its environment. */
export function runCli(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  return new Promise((res) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: opts.cwd, env: { PATH: process.env.PATH ?? "", ...opts.env }, shell: false },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        res({ code, stdout, stderr });
      },
    );
  });
}

/** The one-line JSON error of D16 on stderr. */
export function stderrError(run: CliRun): {
  code: string;
  message: string;
  path?: string;
  details?: Record<string, unknown>;
} {
  const lines = run.stderr.trim().split("\n");
  expectOneLine(lines);
  return JSON.parse(lines[0] as string);
}

function expectOneLine(lines: string[]): void {
  if (lines.length !== 1) throw new Error(`expected one stderr line, got ${lines.length}: ${lines.join("\n")}`);
}

export const tempDir = (prefix = "axiom-sign-"): Promise<TempDir> => cliTempDir(prefix);

/** The signing tests' one-file bundle (shared with checks/mcp through the testkit). */
export const makeBundle = demoBundle;

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

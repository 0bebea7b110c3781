// Helpers for the signing CLI tests: build once, spawn the real CLI (argv array, no shell,
// scrubbed env), temp dirs, and a hand-built ManifestBundle (no compile dependency).
import { execFile } from "node:child_process";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoBundle } from "@codai/axiom-testkit";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CLI = join(REPO, "packages", "mcp", "dist", "cli.js");

export function buildCli(): Promise<void> {
  return new Promise((res, rej) => {
    execFile(process.execPath, [join(REPO, "scripts", "build.mjs")], { cwd: REPO }, (err, _o, stderr) =>
      err ? rej(new Error(`build failed: ${stderr}`)) : res(),
    );
  });
}

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

export async function tempDir(prefix = "axiom-sign-"): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The signing tests' one-file bundle (shared with checks/mcp through the testkit). */
export const makeBundle = demoBundle;

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

// Runs the built CLI (packages/mcp/dist/cli.cjs, the bin, built by the vitest globalSetup) as a real child
// process: argv array, shell: false, a scrubbed environment. Temp directories are real and removed.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CLI = join(REPO, "packages/mcp/dist/cli.cjs");

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string>;
  input?: string | Buffer;
  /** Script to run instead of dist/cli.cjs (e.g. a copy in a temp dir). */
  entry?: string;
}

/** Only what Node needs: no AXIOM_* or other inherited variables unless a test passes them. */
export function scrubbedEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "SYSTEMROOT"]) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  return { ...env, ...extra };
}

export function runCli(args: string[], opts: CliOptions = {}): Promise<CliRun> {
  const buildError = process.env.AXIOM_CLI_BUILD_ERROR;
  if (buildError)
    return Promise.reject(new Error(`packages/mcp/dist was not rebuilt (scripts/build.mjs failed):\n${buildError}`));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.entry ?? CLI, ...args], {
      cwd: opts.cwd ?? REPO,
      env: scrubbedEnv(opts.env),
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({
        code,
        signal,
        stdout: stdoutBytes.toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        stdoutBytes,
      });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** Parses the single D16 error line on stderr (exactly one line + LF). */
export function errorLine(run: Pick<CliRun, "stderr">): Record<string, unknown> {
  const lines = run.stderr.split("\n");
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`expected one stderr line, got: ${run.stderr}`);
  return JSON.parse(lines[0] as string) as Record<string, unknown>;
}

export interface TempDir {
  dir: string;
  path(...parts: string[]): string;
  write(rel: string, data: string | Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}

export async function tempDir(prefix = "axiom-cli-"): Promise<TempDir> {
  // realpath: roots are compared after realpath (a symlinked TMPDIR must not make paths differ).
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    async write(rel, data) {
      const full = join(dir, rel);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, data);
      return full;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A small valid Plan (formats.md Example 1 shape). */
export function helloPlan(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "hello",
    intent: "say hello",
    artifacts: [
      { path: "README.md", source: { type: "inline", content: "# hello\n" } },
      { path: "src/a.ts", source: { type: "inline", content: "export const a = 1;\n" } },
    ],
    ...overrides,
  };
}

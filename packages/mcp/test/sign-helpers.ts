// Helpers for the signing CLI tests: build once, spawn the real CLI (argv array, no shell,
// scrubbed env), temp dirs, and a hand-built ManifestBundle (no compile dependency).
import { execFile } from "node:child_process";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalDigestRef, sha256Hex } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";

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

export function makeBundle(opts: { counter?: number; text?: string } = {}): ManifestBundle {
  const text = opts.text ?? "hello\n";
  const hex = sha256Hex(text);
  const manifest: ManifestBundle["manifest"] = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "demo",
    profile: "default",
    planDigest: `sha256:${"1".repeat(64)}`,
    artifacts: [
      {
        path: "a.txt",
        op: "create",
        mode: "0644",
        digest: { sha256: hex },
        bytes: Buffer.byteLength(text),
        origin: "inline",
      },
    ],
    checks: [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  if (opts.counter !== undefined) manifest.counter = opts.counter;
  return {
    manifest,
    manifestDigest: canonicalDigestRef(manifest),
    blobs: { [`sha256:${hex}`]: { encoding: "utf8", data: text } },
  };
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

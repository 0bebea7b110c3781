// Helpers for the lock/queue/intent/chain tests: temp roots, bundled child fixtures, dead pids.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));

export async function tempRoot(prefix = "axiom-lock-"): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const { realpath } = await import("node:fs/promises");
  const root = await realpath(dir);
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Bundles a fixture under test/fixtures into a runnable .mjs (children run plain node). */
export async function bundleFixture(name: string, outDir: string): Promise<string> {
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [path.join(here, "fixtures", `${name}.ts`)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

/** A scrubbed environment for children. */
export function childEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir() };
}

export interface Child {
  proc: ChildProcess;
  lines: Record<string, unknown>[];
  /** Resolves with the first line whose event matches. */
  waitFor(event: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

export function runChild(script: string, args: string[]): Child {
  const proc = spawn(process.execPath, [script, ...args], {
    shell: false,
    env: childEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { event: string; resolve: (l: Record<string, unknown>) => void }[] = [];
  let buf = "";
  proc.stdout?.setEncoding("utf8");
  proc.stdout?.on("data", (chunk: string) => {
    buf += chunk;
    let nl = buf.indexOf("\n");
    while (nl >= 0) {
      const line = JSON.parse(buf.slice(0, nl)) as Record<string, unknown>;
      buf = buf.slice(nl + 1);
      lines.push(line);
      for (const w of waiters.filter((x) => x.event === line.event)) w.resolve(line);
      nl = buf.indexOf("\n");
    }
  });
  let stderr = "";
  proc.stderr?.on("data", (c) => {
    stderr += String(c);
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return {
    proc,
    lines,
    exited,
    waitFor(event, timeoutMs = 20_000) {
      const hit = lines.find((l) => l.event === event);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timeout waiting for ${event}; stderr: ${stderr}`)), timeoutMs);
        waiters.push({
          event,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}

/** The pid of a process that has exited (spawned and reaped), so `kill(pid, 0)` gives ESRCH. */
export async function deadPid(): Promise<number> {
  const proc = spawn(process.execPath, ["-e", ""], { shell: false, env: childEnv(), stdio: "ignore" });
  await new Promise((r) => proc.on("exit", r));
  return proc.pid as number;
}

export const DIGEST_A = `sha256:${"a".repeat(64)}`;
export const DIGEST_B = `sha256:${"b".repeat(64)}`;
export const DIGEST_C = `sha256:${"c".repeat(64)}`;

/** A lock or `.mutex` a power cut left named without its record: empty, last modified `ageMs` ago (SPEED-22). */
export async function writeTornRecord(file: string, ageMs: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "");
  const t = new Date(Date.now() - ageMs);
  await utimes(file, t, t);
}

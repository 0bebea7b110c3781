// Shared helpers of the benchmarks (issue 12): whole-process timing, medians, the machine line, and
// the markdown block bench/run.mjs splices into docs/benchmarks.md. Benchmarks, never timed tests.
import { spawn } from "node:child_process";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
export const CLI = join(REPO, "packages/mcp/dist/cli.cjs");

/** Only what Node needs (argv arrays, shell: false, no inherited AXIOM_* or secrets). */
export function childEnv() {
  const env = { LANG: "C.UTF-8" };
  for (const k of ["PATH", "HOME", "TMPDIR"]) if (process.env[k] !== undefined) env[k] = process.env[k];
  return env;
}

/**
 * Spawns `node …args` and resolves with the wall time (ms) from spawn to exit. With `until`, stdin
 * is written and the clock stops when stdout matches it (then stdin is closed so the child exits).
 */
export function timedNode(args, { cwd = REPO, input = "", until } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let stopped;
    const child = spawn(process.execPath, args, {
      cwd,
      env: childEnv(),
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d.toString();
      if (until && stopped === undefined && until.test(stdout)) {
        stopped = Number(process.hrtime.bigint() - t0) / 1e6;
        child.stdin.end();
      }
    });
    child.stderr.on("data", (d) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = stopped ?? Number(process.hrtime.bigint() - t0) / 1e6;
      if (until && stopped === undefined) reject(new Error(`no answer (exit ${code}): ${stderr.slice(0, 500)}`));
      else if (!until && code !== 0) reject(new Error(`exit ${code}: ${stderr.slice(0, 500)}`));
      else resolve({ ms, stdout, stderr, code });
    });
    if (until) child.stdin.write(input);
    else child.stdin.end(input);
  });
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

export const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** One line naming the machine the figures come from, with the load at the time of the run. */
export function machine() {
  const c = cpus();
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
  return `${c.length} × ${c[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${release()}, Node ${process.version}; load average at start ${load}`;
}

/** The MCP 2025 opening plus a tools/list request, as JSON-RPC lines (what a stdio client sends). */
export function toolsListExchange() {
  const lines = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "axiom-bench", version: "1" } },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
  ];
  return lines.map((l) => `${JSON.stringify(l)}\n`).join("");
}

/** `node scripts/build.mjs`: the whole-process cases run packages/mcp/dist/cli.cjs. */
export async function buildDist() {
  const { execFileSync } = await import("node:child_process");
  execFileSync(process.execPath, [join(REPO, "scripts/build.mjs")], { cwd: REPO, stdio: "inherit", shell: false });
}

/**
 * Imports workspace APIs in-process: the workspace packages resolve to TypeScript sources, so the
 * given ESM text (e.g. `export { apply } from "@codai/axiom-apply";`) is bundled by esbuild (as
 * the crash soak did) into a temp file and imported. Returns the module namespace.
 */
export async function loadWorkspace(source) {
  const { build } = await import("esbuild");
  const { mkdtempSync, realpathSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { pathToFileURL } = await import("node:url");
  const dir = mkdtempSync(join(realpathSync(tmpdir()), "axiom-bench-lib-"));
  const outfile = join(dir, "workspace.mjs");
  try {
    await build({
      stdin: { contents: source, resolveDir: REPO, loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      outfile,
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Wall time of an async call, ms, and the CPU time (user + system, all threads of this process) it
 * took: on a loaded machine the CPU figure moves far less than the wall time.
 */
export async function timed(fn) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = await fn();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, value };
}

/** Ordinary least squares y = slope·x + intercept over [x, y] points, with R² (1 = a straight line). */
export function leastSquares(points) {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const r2 = sxx === 0 || syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept: my - slope * mx, r2 };
}

/**
 * Spawns `command …args` (argv, no shell, scrubbed env) and resolves with the wall time (ms) from
 * spawn to exit plus its output; rejects on an exit code outside `okCodes` (default [0]).
 */
export function timedCommand(command, args, { cwd = REPO, okCodes = [0], onSpawn } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(command, args, { cwd, env: childEnv(), shell: false, stdio: ["ignore", "pipe", "pipe"] });
    onSpawn?.(child.pid);
    const out = [];
    let stderr = "";
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const stdout = Buffer.concat(out).toString("utf8");
      if (!okCodes.includes(code)) reject(new Error(`${command} exit ${code}: ${stderr.slice(0, 500)}`));
      else resolve({ ms, stdout, stderr, code });
    });
  });
}

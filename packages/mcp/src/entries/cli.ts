// The bin entry (cli.md §1.1), built as CommonJS (dist/cli.cjs, decisions SPEED-9): it bundles no
// import. It answers --version from a string inlined at build time and otherwise loads exactly one
// file: dist/gate.cjs for `gate` (required, so a hook call never starts Node's ESM loader, and never
// loads cli-main), dist/cli-main.js for everything else.
//
// Gate contract: packages/mcp/src/entries/gate.ts (built as dist/gate.cjs) exports
// `main(args: string[]): Promise<void>`, called with the arguments after `gate`. Until that file is
// built, `gate` falls through to cli-main (an unknown verb there).
declare const __AXIOM_VERSION__: string;

// Issue 20 Low 6 (decisions SEC-38): under a low open-files limit (`ulimit -n` 40…80, some CI
// runners and containers) Node's ESM loader reads a module graph's files all at once, and zod's
// hundred files alone exhaust the limit: the import fails with EMFILE, Node caches the failure, and
// `axiom` cannot start (or the MCP server cannot load a tool chunk). When the soft limit is low,
// a module-loader hook caps the reads in flight; above it nothing is registered (no start-up cost).
// It lives in this file, before the first import().

/** Below this soft limit of open files, module loads are serialized to LOADS_IN_FLIGHT at a time. */
const LOW_FD_LIMIT = 1024;
const LOADS_IN_FLIGHT = 4;

// A `load` hook that lets LOADS_IN_FLIGHT default loads (each reads one file) run at a time.
const HOOK = `let active = 0; const waiting = [];
export async function load(url, context, next) {
  if (active >= ${LOADS_IN_FLIGHT}) await new Promise((go) => waiting.push(go));
  active++;
  try { return await next(url, context); } finally { active--; waiting.shift()?.(); }
}`;

/** The soft open-files limit in a /proc/self/limits text, or undefined. */
function softFdLimit(limits: string): number | undefined {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  if (!m || m[1] === "unlimited") return undefined;
  return Number(m[1]);
}

/** Registers the capping hook when the limit is low (Linux); true when it did. */
function capModuleLoadsWhenFdsAreScarce(): boolean {
  if (process.platform !== "linux") return false;
  const fs = require("node:fs") as typeof import("node:fs");
  let soft: number | undefined;
  try {
    soft = softFdLimit(fs.readFileSync("/proc/self/limits", "utf8"));
  } catch {
    return false;
  }
  const nodeModule = require("node:module");
  const register = (nodeModule as { register?: (specifier: string, parentURL?: string) => void }).register;
  if (soft === undefined || soft >= LOW_FD_LIMIT || typeof register !== "function") return false;
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`);
  return true;
}

const first = process.argv[2];
/** A lone `axiom gate --help` is a person asking (cli-main prints the gate's help); a hook never sends it. */
const gateHelp = first === "gate" && process.argv.length === 4 && ["--help", "-h"].includes(process.argv[3] as string);
// before the first chunk import: a low `ulimit -n` must not make a module graph's loading fail
if (first !== "--version" && first !== "-v") capModuleLoadsWhenFdsAreScarce();

async function runGate(): Promise<boolean> {
  let gate: { main(args: string[]): Promise<void> };
  try {
    // Left to run time by the build (runtime-siblings in scripts/build.mjs): never bundled here.
    gate = require("./gate.cjs") as typeof gate;
  } catch (err) {
    const missing = (err as { code?: string }).code === "MODULE_NOT_FOUND" && String(err).includes("gate.cjs");
    if (missing) return false;
    throw err;
  }
  await gate.main(process.argv.slice(3));
  return true;
}

async function main(): Promise<void> {
  if (first === "--version" || first === "-v" || first === "-V" || first === "version") {
    process.stdout.write(`${__AXIOM_VERSION__}\n`);
  } else if (!(first === "gate" && !gateHelp && (await runGate()))) {
    const { main: cliMain } = await import("./cli-main");
    await cliMain(process.argv.slice(2));
  }
}

main().catch((err: unknown) => {
  // Last resort (a chunk failed to load): the D16 line, never a stack trace.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${JSON.stringify({ code: "ERR_INTERNAL", message })}\n`);
  process.exitCode = 2;
});

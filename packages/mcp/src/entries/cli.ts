// The bin entry (cli.md §1.1): no static import. It answers --version from a string inlined at
// build time and otherwise loads exactly one chunk: dist/gate-lazy.js for `gate` (cli-main.js is
// never loaded for a hook call), dist/cli-main.js for everything else.
//
// Gate contract: packages/mcp/src/entries/gate.ts (built as dist/gate-lazy.js)
// exports `main(args: string[]): Promise<void>`, called with the arguments after `gate`. Until that
// chunk is built, `gate` falls through to cli-main (an unknown verb there).
declare const __AXIOM_VERSION__: string;

const first = process.argv[2];
/** A lone `axiom gate --help` is a person asking (cli-main prints the gate's help); a hook never sends it. */
const gateHelp = first === "gate" && process.argv.length === 4 && ["--help", "-h"].includes(process.argv[3] as string);

async function runGate(): Promise<boolean> {
  let gate: { main(args: string[]): Promise<void> };
  try {
    // A runtime URL, so esbuild neither bundles nor requires the chunk at build time.
    gate = await import(new URL("./gate-lazy.js", import.meta.url).href);
  } catch (err) {
    const missing = (err as { code?: string }).code === "ERR_MODULE_NOT_FOUND" && String(err).includes("gate-lazy");
    if (missing) return false;
    throw err;
  }
  await gate.main(process.argv.slice(3));
  return true;
}

try {
  if (first === "--version" || first === "-v" || first === "-V" || first === "version") {
    process.stdout.write(`${__AXIOM_VERSION__}\n`);
  } else if (!(first === "gate" && !gateHelp && (await runGate()))) {
    const { main } = await import("./cli-main");
    await main(process.argv.slice(2));
  }
} catch (err) {
  // Last resort (a chunk failed to load): the D16 line, never a stack trace.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${JSON.stringify({ code: "ERR_INTERNAL", message })}\n`);
  process.exitCode = 2;
}

export {};

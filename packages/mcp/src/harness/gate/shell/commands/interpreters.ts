// Programs the table does not know (decisions SEC-4): opaque, so every word (and the stdin text) is
// checked for protected names and the directory it runs in is judged. An interpreter's script file
// is the one word exempt: `node node_modules/typescript/bin/tsc` reads that file, it writes nothing.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import type { Arg } from "../words";

/** Interpreters whose first operand is the script they read (not a file they write). */
const INTERPRETERS = new Set([
  "node",
  "nodejs",
  "python",
  "python3",
  "python2",
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "php",
  "lua",
  "rscript",
]);
/** Options after which there is no script file: the code is inline (or a module name). */
const INLINE_CODE = new Set(["-c", "-e", "-p", "--eval", "--print", "-m", "-E"]);
/** Options that take the next word as their value. */
const VALUE_FLAGS = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-W",
  "-X",
  "--conditions",
  "-C",
]);

/**
 * The arguments of an interpreter without its script file: `node node_modules/x/bin/cli.js` reads
 * that file, so naming it is no write (its other words are still checked; `-c`/`-e` code too).
 */
function withoutScriptFile(args: Arg[]): Arg[] {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    if (w.opaque) return args;
    if (INLINE_CODE.has(w.text)) return args;
    if (VALUE_FLAGS.has(w.text)) {
      i++;
      continue;
    }
    if (w.text.startsWith("-")) continue;
    return [...args.slice(0, i), ...args.slice(i + 1)];
  }
  return args;
}

export function unknownProgram(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  a.opaque(INTERPRETERS.has(name) ? withoutScriptFile(args) : args, `program ${name}`, st, ctx);
  return st;
}

// getopt-style option parsing for the command table (decisions SEC-3): which words are options,
// which option takes the next word (or the rest of its cluster) as its value, and which words are
// operands. A handler states only the options that take a value; getting that right is what tells
// `cp -t .claude x` (a target directory) from `cp -r src .claude` (a destination operand).
import { type Arg, literalArg, OPAQUE_ARG } from "../words";

export interface OptSpec {
  /** Short options that take a value (`-t DIR`, `-tDIR`). */
  short?: string;
  /** Long options that take a value (`--target-directory DIR`, `--target-directory=DIR`). */
  long?: readonly string[];
  /** Stop at the first operand: the rest is another command's argv (wrappers). */
  stopAtOperand?: boolean;
}

export interface Opt {
  name: string;
  value?: Arg;
}

export interface Parsed {
  opts: Opt[];
  operands: Arg[];
}

/** The pattern-form text after the first `n` characters of the literal text (escapes count once). */
function patAfter(pat: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n && i < pat.length; k++) i += pat[i] === "\\" ? 2 : 1;
  return pat.slice(i);
}

/** getopt-style parsing over arguments (opaque arguments are operands). */
export function getopts(args: readonly Arg[], spec: OptSpec = {}): Parsed {
  const opts: Opt[] = [];
  const operands: Arg[] = [];
  const short = spec.short ?? "";
  const long = new Set(spec.long ?? []);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    if (a.opaque || a.text === "-" || !a.text.startsWith("-")) {
      operands.push(a);
      if (spec.stopAtOperand) {
        operands.push(...args.slice(i + 1));
        break;
      }
      continue;
    }
    if (a.text === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.text.startsWith("--")) {
      const eq = a.pat.indexOf("=");
      if (eq !== -1) {
        opts.push({ name: a.text.slice(2, a.text.indexOf("=")), value: literalArg(a.pat.slice(eq + 1)) });
        continue;
      }
      const name = a.text.slice(2);
      if (long.has(name)) opts.push({ name, value: args[++i] ?? OPAQUE_ARG });
      else opts.push({ name });
      continue;
    }
    // A cluster of short options; the first one that takes a value ends it.
    const letters = a.text.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const l = letters[j] as string;
      if (short.includes(l)) {
        if (j + 1 < letters.length) opts.push({ name: l, value: literalArg(patAfter(a.pat, j + 2)) });
        else opts.push({ name: l, value: args[++i] ?? OPAQUE_ARG });
        break;
      }
      opts.push({ name: l });
    }
  }
  return { opts, operands };
}

/** Whether any of the options was given. */
export const has = (p: Parsed, ...names: string[]): boolean => p.opts.some((o) => names.includes(o.name));

/** The values of the options, in order. */
export const values = (p: Parsed, ...names: string[]): Arg[] =>
  p.opts.filter((o) => names.includes(o.name) && o.value !== undefined).map((o) => o.value as Arg);

// Strict per-verb argument parsing (cli.md §2) from the verb registry: `--name value`,
// `--name=value`, `-x value`, `--` ends the flags. Every violation is a UsageError in our words: an
// unknown flag (with the closest known ones), a boolean given a value, a value flag without one, a
// single-value flag given twice, a value outside the flag's choices or integer range, the wrong
// number of arguments. `--help` / `--version` anywhere win over every other problem.
import { type FlagSpec, GLOBAL_FLAGS, type VerbSpec } from "./flag-spec";
import { closeMatches, didYouMean } from "./suggest";
import { UsageError, type VerbContext } from "./verb";

/** Largest integer a flag may carry (2^53 − 1). */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export type ParsedVerbArgs =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "run"; values: VerbContext["values"]; positionals: string[] };

/** The verb's flags plus the global ones (`--help`, `--version`). */
export function flagsOf(spec: VerbSpec): Record<string, FlagSpec> {
  return { ...spec.flags, ...GLOBAL_FLAGS };
}

function unknownFlag(verb: string, typed: string, flags: Record<string, FlagSpec>): UsageError {
  const known = Object.keys(flags).map((n) => `--${n}`);
  const suggestions = typed.startsWith("--") ? closeMatches(typed, known) : [];
  return new UsageError(`unknown flag ${typed} for axiom ${verb}${didYouMean(suggestions)}`, {
    flag: typed,
    suggestions,
  });
}

function shortName(flags: Record<string, FlagSpec>, letter: string): string | undefined {
  return Object.entries(flags).find(([, f]) => f.short === letter)?.[0];
}

/** A value that looks like a flag is refused, so `--root --dry-run` does not take `--dry-run` as the root. */
function looksLikeFlag(arg: string | undefined): boolean {
  return arg !== undefined && arg.length > 1 && arg.startsWith("-");
}

function checkValue(name: string, flag: FlagSpec, value: string): void {
  if (flag.choices && !flag.choices.includes(value)) {
    const suggestions = closeMatches(value, flag.choices);
    throw new UsageError(`--${name} expects ${flag.choices.join(" | ")}, got "${value}"${didYouMean(suggestions)}`, {
      flag: `--${name}`,
      value,
      choices: [...flag.choices],
      suggestions,
    });
  }
  if (flag.integer) {
    const { min, max } = flag.integer;
    const n = Number(value);
    if (!/^[0-9]+$/.test(value) || n > MAX_SAFE || n < min || n > max) {
      throw new UsageError(`--${name} expects an integer from ${min} to ${max}, got "${value}"`, {
        flag: `--${name}`,
        value,
      });
    }
  }
}

function arityWords(min: number, max: number): string {
  const count = min === max ? `${min}` : max === min + 1 ? `${min} or ${max}` : `${min} to ${max}`;
  return `${count} argument${max === 1 ? "" : "s"}`;
}

export function parseVerbArgs(verb: string, spec: VerbSpec, args: readonly string[]): ParsedVerbArgs {
  const flags = flagsOf(spec);
  const values: VerbContext["values"] = {};
  const positionals: string[] = [];
  let firstError: UsageError | undefined;
  const fail = (err: UsageError) => {
    firstError ??= err;
  };
  const set = (name: string, flag: FlagSpec, value: string | boolean, shown: string) => {
    if (flag.multiple) {
      const list = (values[name] as string[] | undefined) ?? [];
      values[name] = [...list, value as string];
      return;
    }
    if (values[name] !== undefined) fail(new UsageError(`${shown} given more than once`, { flag: shown }));
    values[name] = value;
  };

  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!looksLikeFlag(arg)) {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    let shown: string;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      shown = eq === -1 ? arg : arg.slice(0, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
      const n = shown.slice(2);
      name = Object.hasOwn(flags, n) ? n : undefined;
    } else {
      // `-o file`, `-ofile`: one letter, the rest of the argument is the value.
      shown = arg.slice(0, 2);
      inline = arg.length > 2 ? arg.slice(2) : undefined;
      name = shortName(flags, arg.slice(1, 2));
    }
    const flag = name === undefined ? undefined : flags[name];
    if (name === undefined || flag === undefined) {
      fail(unknownFlag(verb, shown, flags));
      continue;
    }
    if (flag.type === "boolean") {
      if (inline !== undefined) fail(new UsageError(`${shown} does not take a value`, { flag: shown }));
      else set(name, flag, true, shown);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = args[i + 1];
      if (next === undefined || looksLikeFlag(next)) {
        const hint = next === undefined ? "" : ` (for a value that starts with "-", write ${shown}=${next})`;
        fail(new UsageError(`${shown} expects a value <${flag.value ?? "value"}>${hint}`, { flag: shown }));
        continue;
      }
      value = next;
      i++;
    }
    set(name, flag, value, shown);
  }

  if (values.help === true) return { kind: "help" };
  if (values.version === true) return { kind: "version" };
  if (firstError) throw firstError;
  for (const [name, flag] of Object.entries(spec.flags)) {
    const v = values[name];
    for (const one of Array.isArray(v) ? v : typeof v === "string" ? [v] : []) checkValue(name, flag, String(one));
  }
  const { min, max } = spec.positionals;
  if (positionals.length < min || positionals.length > max) {
    throw new UsageError(`axiom ${verb} expects ${arityWords(min, max)}, got ${positionals.length}`, {
      arguments: positionals.length,
    });
  }
  return { kind: "run", values, positionals };
}

// Typed reads of util.parseArgs values for verb modules. The dispatcher has already rejected
// unknown flags, repeated single-value flags and malformed integers (cli.md §2); these helpers
// only give the values their types and apply the cross-flag rules a verb names.
import type { VerbContext } from "./verb";
import { UsageError } from "./verb";

type Values = VerbContext["values"];

export function stringFlag(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

export function booleanFlag(values: Values, name: string): boolean {
  return values[name] === true;
}

/** A repeatable string flag, in command-line order. */
export function listFlag(values: Values, name: string): string[] {
  const v = values[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
}

/** A repeatable flag whose values are also split on commas, blanks dropped (`--net-allow a,b`). */
export function commaListFlag(values: Values, name: string): string[] {
  return listFlag(values, name)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** An integer flag already validated by the dispatcher (cli.md §2). */
export function integerFlag(values: Values, name: string): number | undefined {
  const v = stringFlag(values, name);
  return v === undefined ? undefined : Number(v);
}

/** `--flag` is only meaningful together with `--other`. */
export function requireWith(values: Values, flag: string, needs: string): void {
  if (values[flag] !== undefined && values[needs] === undefined) {
    throw new UsageError(`--${flag} requires --${needs}`);
  }
}

/** One of a closed set of values (`--store inline|cas`). */
export function enumFlag<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = stringFlag(values, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new UsageError(`--${name} expects ${allowed.join(" | ")}, got "${v}"`);
  }
  return v as T;
}

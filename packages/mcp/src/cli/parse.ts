// Strict per-verb argument parsing (cli.md §2): Node util.parseArgs with the verb's own flag table,
// plus the rules parseArgs does not enforce itself (repeated single-value flags, integer ranges,
// positional count). Every violation is a UsageError; Node's ERR_PARSE_ARGS_* never reaches a caller.
import { parseArgs } from "node:util";
import { type FlagTable, UsageError, type VerbContext, type VerbModule } from "./verb";

const HELP_FLAG: FlagTable = { help: { type: "boolean", short: "h" } };

/** Largest integer a flag may carry (2^53 − 1). */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export interface ParsedVerbArgs {
  values: VerbContext["values"];
  positionals: string[];
  help: boolean;
}

export function parseVerbArgs(verbName: string, verb: VerbModule, args: string[]): ParsedVerbArgs {
  const options: FlagTable = verb.help === false ? { ...verb.options } : { ...verb.options, ...HELP_FLAG };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true, tokens: true });
  } catch (err) {
    // Node's messages may span lines; the usage line is one line (`error: <message>`).
    const message = err instanceof Error ? err.message : String(err);
    throw new UsageError(message.replace(/\s*\n\s*/g, " ").trim());
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== "option") continue;
    const def = options[token.name];
    if (def && !def.multiple && seen.has(token.name)) throw new UsageError(`--${token.name} given more than once`);
    seen.add(token.name);
  }
  const { help, ...values } = parsed.values as VerbContext["values"];
  if (help === true) return { values, positionals: parsed.positionals, help: true };
  for (const [name, range] of Object.entries(verb.integers ?? {})) {
    const raw = values[name];
    if (raw === undefined) continue;
    const text = String(raw);
    const n = Number(text);
    if (!/^[0-9]+$/.test(text) || n > MAX_SAFE || n < range.min || n > range.max) {
      throw new UsageError(`--${name} expects an integer from ${range.min} to ${range.max}, got "${text}"`);
    }
  }
  const count = parsed.positionals.length;
  if (count < verb.positionals.min || count > verb.positionals.max) {
    const { min, max } = verb.positionals;
    const want = min === max ? `${min}` : `${min} to ${max}`;
    throw new UsageError(`${verbName} expects ${want} argument${max === 1 ? "" : "s"}, got ${count}`);
  }
  return { values, positionals: parsed.positionals, help: false };
}

// Verb dispatcher (cli.md §2): one flag table per verb, strict parsing, one top-level catch.
import { parseArgs } from "node:util";
import { printError, setExit, writeStderr, writeStdout } from "./cli-output";
import { type FlagTable, UsageError, type VerbModule } from "./cli/verb";
import { VERBS } from "./cli/verbs";

const EXIT_TABLE = `Exit codes:
  0  success / positive result
  1  a negative result: a result document was printed on stdout and says "no"
  2  usage error, an error outside a result document, .axm diagnostics, or a gate deny`;

export function globalHelp(): string {
  const lines = Object.values(VERBS).map((v) => `  ${v.synopsis}`);
  return `axiom — a transactional write gate for AI coding agents\n\nUsage:\n${lines.join("\n")}\n\n${EXIT_TABLE}\n`;
}

function usage(message: string): void {
  writeStderr(`error: ${message}\n\n${globalHelp()}`);
  setExit(2);
}

const HELP_FLAGS: FlagTable = { help: { type: "boolean", short: "h" } };

function parseVerbArgs(verb: VerbModule, args: string[]) {
  const options = { ...verb.options, ...HELP_FLAGS };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true, tokens: true });
  } catch (err) {
    // Node's ERR_PARSE_ARGS_* never reaches a caller as a code (formats.md §12.4).
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== "option") continue;
    const def = options[token.name];
    if (def && !def.multiple && seen.has(token.name)) throw new UsageError(`--${token.name} given more than once`);
    seen.add(token.name);
  }
  for (const [name, range] of Object.entries(verb.integers ?? {})) {
    const raw = parsed.values[name];
    if (raw === undefined) continue;
    const text = String(raw);
    const n = Number(text);
    if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n) || n < range.min || n > range.max) {
      throw new UsageError(`--${name} expects an integer from ${range.min} to ${range.max}, got "${text}"`);
    }
  }
  return parsed;
}

export async function main(argv: string[]): Promise<void> {
  let [verbName, ...rest] = argv;
  if (verbName === undefined) {
    writeStdout(globalHelp());
    setExit(2);
    return;
  }
  if (verbName === "--help" || verbName === "-h" || verbName === "help") {
    writeStdout(globalHelp());
    setExit(0);
    return;
  }
  if (verbName === "setup") {
    const sub = rest[0];
    if (sub !== "init" && sub !== "doctor") return usage(`setup expects init or doctor`);
    [verbName, ...rest] = rest;
  }
  const entry = Object.hasOwn(VERBS, verbName) ? VERBS[verbName] : undefined;
  if (!entry) return usage(`unknown verb: ${verbName}`);
  try {
    const verb = await entry.load();
    const { values, positionals } = parseVerbArgs(verb, rest);
    if (values.help === true) {
      writeStdout(globalHelp());
      setExit(0);
      return;
    }
    if (positionals.length < verb.positionals.min || positionals.length > verb.positionals.max) {
      throw new UsageError(`${verbName}: wrong number of arguments`);
    }
    setExit(0);
    await verb.run({ values, positionals, cwd: process.cwd() });
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    else printError(err);
  }
}

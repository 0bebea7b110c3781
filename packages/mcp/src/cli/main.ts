// Verb dispatcher (cli.md §2): top-level routing (help, version, setup), the registry's per-verb
// flag parsing, and the single top-level catch that turns every failure into its error output:
// a usage error (ERR_USAGE) with the verb's usage line and `see: axiom help <verb>`, anything else
// the D16 error line (cli.md §5).
import { axiomError } from "@codai/axiom-schema";
import { RELEASE_VERSION } from "../common/version";
import type { VerbSpec } from "./flag-spec";
import { globalHelp, usageLines, verbHelp } from "./help";
import { printError, setExit, writeStderr, writeStdout } from "./output";
import { parseVerbArgs } from "./parse";
import { closeMatches, didYouMean } from "./suggest";
import { UsageError } from "./verb";
import { VERBS } from "./verbs";

const HELP_WORDS = new Set(["help", "--help", "-h"]);
const VERSION_WORDS = new Set(["version", "--version", "-V", "-v"]);

function lookup(name: string): VerbSpec | undefined {
  return Object.hasOwn(VERBS, name) ? VERBS[name] : undefined;
}

function unknownVerb(name: string): UsageError {
  const suggestions = closeMatches(name, Object.keys(VERBS));
  return new UsageError(`unknown verb "${name}"${didYouMean(suggestions)}`, { verb: name, suggestions });
}

/**
 * A usage error, exit 2, stdout empty. For a person (stderr is a terminal): `error: …`, the usage
 * line, `see: axiom help <verb>`. For a program: the D16 line with code ERR_USAGE and the same facts
 * in `details`, so a script branches on the code like for any other error.
 */
function printUsageError(err: UsageError, verb: string | undefined): void {
  const spec = verb === undefined ? undefined : lookup(verb);
  const forms = spec ? [...spec.usage] : ["axiom <verb> [options]"];
  const see = spec ? `axiom help ${verb}` : "axiom help";
  if (process.stderr.isTTY) {
    const usage = spec ? usageLines(spec) : [`usage: ${forms[0]}`];
    writeStderr(`error: ${err.message}\n${usage.join("\n")}\nsee: ${see}\n`);
    setExit(2);
    return;
  }
  const details = { ...(spec ? { verb } : {}), ...err.details, usage: forms, see };
  printError(axiomError("ERR_USAGE", { message: err.message, details }));
}

function printVersion(): void {
  writeStdout(`${RELEASE_VERSION}\n`);
  setExit(0);
}

function printHelp(text: string, exit: 0 | 2): void {
  writeStdout(text);
  setExit(exit);
}

async function runVerb(verb: string, spec: VerbSpec, rest: string[]): Promise<void> {
  if (spec.help === false) {
    // The gate parses its own arguments (a hook call never asks for help): only a lone
    // `axiom gate --help` is answered here.
    if (rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) return printHelp(verbHelp(verb), 0);
    setExit(0);
    return (await spec.load()).run({ values: {}, positionals: rest, cwd: process.cwd() });
  }
  const parsed = parseVerbArgs(verb, spec, rest);
  if (parsed.kind === "help") return printHelp(verbHelp(verb), 0);
  if (parsed.kind === "version") return printVersion();
  const module = await spec.load();
  setExit(0);
  await module.run({ values: parsed.values, positionals: parsed.positionals, cwd: process.cwd() });
}

export async function main(argv: string[]): Promise<void> {
  let [verb, ...rest] = argv;
  // The verb a usage error is about, once known (its usage line and `see:` are printed).
  let about: string | undefined;
  try {
    if (verb === undefined) return printHelp(globalHelp(RELEASE_VERSION), 2);
    if (HELP_WORDS.has(verb)) {
      // `axiom help <verb>`; `axiom --help` and `axiom help` alone: the global help.
      const topic = verb === "help" ? rest[0] : undefined;
      if (topic === undefined) return printHelp(globalHelp(RELEASE_VERSION), 0);
      if (!lookup(topic)) throw unknownVerb(topic);
      return printHelp(verbHelp(topic), 0);
    }
    if (VERSION_WORDS.has(verb)) return printVersion();
    if (verb.startsWith("-")) {
      const suggestions = closeMatches(verb, ["--help", "--version"]);
      throw new UsageError(`unknown flag ${verb}; flags follow the verb${didYouMean(suggestions)}`, {
        flag: verb,
        suggestions,
      });
    }
    if (verb === "setup") {
      // `setup init …` / `setup doctor …` are exactly `init …` / `doctor …` (D18).
      const sub = rest[0];
      if (sub !== "init" && sub !== "doctor") throw new UsageError("setup expects init or doctor");
      [verb, ...rest] = rest as [string, ...string[]];
    }
    const spec = lookup(verb);
    if (!spec) throw unknownVerb(verb);
    about = verb;
    await runVerb(verb, spec, rest);
  } catch (err) {
    if (err instanceof UsageError) printUsageError(err, about);
    else printError(err);
  }
}

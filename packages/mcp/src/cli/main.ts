// Verb dispatcher (cli.md §2): top-level routing, one flag table per verb, strict parsing and
// the single top-level catch that turns every failure into the D16 error line (cli.md §5).

import { printError, setExit, writeStderr, writeStdout } from "./output";
import { parseVerbArgs } from "./parse";
import { UsageError } from "./verb";
import { VERBS } from "./verbs";

/** The order of the synopsis table (cli.md §7.0); the global help lists registered verbs in it. */
const HELP_ORDER = [
  "mcp",
  "init",
  "doctor",
  "status",
  "log",
  "compile",
  "verify",
  "check",
  "apply",
  "rollback",
  "gc",
  "diff",
  "schema",
  "emitters",
  "keygen",
  "sign",
  "trust",
  "gate",
  "migrate",
  "snapshot",
  "snapshot-diff",
  "ui",
];

const EXIT_TABLE = `Exit codes:
  0  success / positive result
  1  a negative result: a result document was printed on stdout and says "no"
  2  usage error, an error outside a result document, .axm diagnostics, or a gate deny`;

function helpRank(name: string): number {
  const i = HELP_ORDER.indexOf(name);
  return i === -1 ? HELP_ORDER.length : i;
}

export function globalHelp(): string {
  const names = Object.keys(VERBS).sort((a, b) => helpRank(a) - helpRank(b));
  const lines = names.map((name) => `  ${VERBS[name]?.synopsis}`);
  return `axiom — a transactional write gate for AI coding agents\n\nUsage:\n${lines.join("\n")}\n\n${EXIT_TABLE}\n`;
}

/** `error: <message>`, a blank line, the global help; stdout stays empty; exit 2. */
function usage(message: string): void {
  writeStderr(`error: ${message}\n\n${globalHelp()}`);
  setExit(2);
}

function help(exit: 0 | 2): void {
  writeStdout(globalHelp());
  setExit(exit);
}

export async function main(argv: string[]): Promise<void> {
  let [verbName, ...rest] = argv;
  if (verbName === undefined) return help(2);
  if (verbName === "--help" || verbName === "-h" || verbName === "help") return help(0);
  if (verbName === "setup") {
    // `setup init …` / `setup doctor …` are exactly `init …` / `doctor …` (D18).
    const sub = rest[0];
    if (sub !== "init" && sub !== "doctor") return usage(`setup expects init or doctor`);
    [verbName, ...rest] = rest;
  }
  const entry = Object.hasOwn(VERBS, verbName) ? VERBS[verbName] : undefined;
  if (!entry) return usage(`unknown verb: ${verbName}`);
  try {
    const verb = await entry.load();
    const { values, positionals, help: wantsHelp } = parseVerbArgs(verbName, verb, rest);
    if (wantsHelp) return help(0);
    setExit(0);
    await verb.run({ values, positionals, cwd: process.cwd() });
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    else printError(err);
  }
}

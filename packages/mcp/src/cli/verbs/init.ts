// `axiom init` / `axiom setup init` (cli.md §7.2, hooks-doctor.md §3). Exit 0 on completion (skips
// are not failures); errors propagate to the dispatcher's D16 line, exit 2.
import * as path from "node:path";
import { formatInitText, HARNESSES, type Harness, runInit } from "../../harness/init/run";
import { booleanFlag, enumFlag, stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const harness = enumFlag(values, "harness", ["auto", ...HARNESSES] as const) ?? "auto";
  const route = enumFlag(values, "route", ["all", "protected"] as const) ?? "all";
  const profileName = stringFlag(values, "profile-name");
  const on = booleanFlag(values, "require-human");
  const off = booleanFlag(values, "no-require-human");
  if (on && off) throw new UsageError("--require-human and --no-require-human exclude each other");
  const entry = process.argv[1];
  const result = await runInit({
    root: path.resolve(cwd, stringFlag(values, "root") ?? "."),
    harness: harness as Harness | "auto",
    ...(profileName !== undefined ? { profileName } : {}),
    force: booleanFlag(values, "force"),
    route,
    requireHuman: on ? "all" : off ? "none" : "auto",
    // The entries run this very install (harness/init/command.ts).
    entry: entry ? path.resolve(entry) : undefined,
    execPath: process.execPath,
  });
  printResult(outputMode(values), result, () => formatInitText(result));
  setExit(0);
}

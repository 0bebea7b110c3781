// `axiom verify <bundle.json>` — structural verify (cli.md §7.7, formats.md §10.1): the result
// document on stdout, exit 0 when `ok`, 1 otherwise. An unreadable, non-UTF-8 or non-JSON file is
// an error line (exit 2), not a result. The --root (signatures), --tree and --journal modes are
// added by their own issues.
import { verifyBundle } from "@codai/axiom-plan";
import { printJson, setExit } from "../../cli-output";
import { readBundleFile } from "../input";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {};

export const positionals = { min: 1, max: 1 };

export async function run({ positionals: args, cwd }: VerbContext): Promise<void> {
  const input = await readBundleFile(args[0] as string, cwd);
  const result = verifyBundle(input);
  printJson(result);
  setExit(result.ok ? 0 : 1);
}

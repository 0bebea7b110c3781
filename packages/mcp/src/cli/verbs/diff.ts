// `axiom diff <a.json> <b.json>` (cli.md §7.12, formats.md §10.2): both files pass bundle intake;
// stdout `{ added, removed, changed }`, exit 0 whether or not anything differs.
import { diffManifests } from "@codai/axiom-workflow";
import { printJson } from "../output";
import { readBundleFile } from "../input";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {};

export const positionals = { min: 2, max: 2 };

export async function run({ positionals: args, cwd }: VerbContext): Promise<void> {
  const a = await readBundleFile(args[0] as string, cwd);
  const b = await readBundleFile(args[1] as string, cwd);
  printJson(diffManifests(a, b));
}

// `axiom status [--root <dir>] [--json]` (cli.md §7.4, apply.md §13): read-only; the status
// document as text (§9.1) or JSON. Exit 0 whenever the root resolves.
import { formatStatusText, status } from "@codai/axiom-workflow";
import { colourEnabled, printJson, printText, setExit } from "../output";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, stringFlag } from "../args";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  json: { type: "boolean" },
};

export const positionals = { min: 0, max: 0 };

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const root = await resolveCliRoot(stringFlag(values, "root") ?? ".", cwd);
  const doc = await status(root);
  if (booleanFlag(values, "json")) printJson(doc);
  else printText(formatStatusText(doc, colourEnabled()));
  setExit(0);
}

// `axiom log [--root <dir>] [--limit|-n <n>] [--json]` (cli.md §7.5, apply.md §12.4): the chain
// history, newest first, best-effort (stops at the first bad line). Exit 0 whenever the root resolves.
import { DEFAULT_HISTORY_LIMIT, formatLogText, history } from "@codai/axiom-workflow";
import { colourEnabled, printJson, printText, setExit } from "../output";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, integerFlag, stringFlag } from "../args";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  limit: { type: "string", short: "n" },
  json: { type: "boolean" },
};

export const positionals = { min: 0, max: 0 };

export const integers = { limit: { min: 1, max: 100_000 } };

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const root = await resolveCliRoot(stringFlag(values, "root") ?? ".", cwd);
  const doc = await history(root, integerFlag(values, "limit") ?? DEFAULT_HISTORY_LIMIT);
  if (booleanFlag(values, "json")) printJson(doc);
  else printText(formatLogText(doc.entries, colourEnabled()));
  setExit(0);
}

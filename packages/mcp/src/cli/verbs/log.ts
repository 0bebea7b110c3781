// `axiom log [--root <dir>] [--limit|-n <n>] [--files] [--json]` (cli.md §7.5, apply.md §12.4,
// issue 21): the chain history, newest first, best-effort (stops at the first entry the chain
// cannot vouch for). JSON: the log document, plus `broken` when the chain is broken. Text: one
// line per entry within 100 columns, a loud header on a broken chain. Exit 0 whenever the root
// resolves.
import { DEFAULT_HISTORY_LIMIT, historyView } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, integerFlag, stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import { renderLog } from "../render/log";
import { makeStyle } from "../render/style";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  limit: { type: "string", short: "n" },
  files: { type: "boolean" },
  json: { type: "boolean" },
};

export const positionals = { min: 0, max: 0 };

export const integers = { limit: { min: 1, max: 100_000 } };

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root") ?? ".";
  const root = await resolveCliRoot(rootArg, cwd);
  const view = await historyView(root, integerFlag(values, "limit") ?? DEFAULT_HISTORY_LIMIT);
  const mode = outputMode(values);
  printResult(mode, view.doc, () =>
    renderLog(view, { files: booleanFlag(values, "files"), style: makeStyle(mode.colour), rootArg }),
  );
  setExit(0);
}

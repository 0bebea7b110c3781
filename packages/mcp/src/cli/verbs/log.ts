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
import type { VerbContext } from "../verb";

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

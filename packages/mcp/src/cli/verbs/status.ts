// `axiom status [--root <dir>] [--json]` (cli.md §7.4, apply.md §13, issue 21): read-only. Text:
// where the tree stands relative to AXIOM's history first, then the lock, queue, intents,
// interrupted journals and chain. JSON: the status document unchanged (the axiom_status one).
// Exit 0 whenever the root resolves.
import { statusView } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import { renderStatus } from "../render/status";
import { makeStyle } from "../render/style";
import type { VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const root = await resolveCliRoot(stringFlag(values, "root") ?? ".", cwd);
  const view = await statusView(root);
  const mode = outputMode(values);
  printResult(mode, view.doc, () => renderStatus(view, mode.colour, makeStyle(mode.colour)));
  setExit(0);
}

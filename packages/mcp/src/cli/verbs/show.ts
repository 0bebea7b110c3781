// `axiom show <ref> [--root <dir>] [--json]` (issue 21): one change — intent, origin, when, state,
// files and the content diff (stored bundle against the apply's backups). Read-only. Exit 0; a
// ref that names nothing (or several changes) is an error line, exit 2.
import { showChange } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import { renderShow } from "../render/show";
import { makeStyle } from "../render/style";
import type { VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const root = await resolveCliRoot(stringFlag(values, "root") ?? ".", cwd);
  const doc = await showChange(root, args[0] as string);
  const mode = outputMode(values);
  printResult(mode, doc, () => renderShow(doc, makeStyle(mode.colour)));
  setExit(0);
}

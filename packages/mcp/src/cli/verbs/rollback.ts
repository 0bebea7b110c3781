// `axiom rollback <ref> --root <dir> [--force] [--json]` (cli.md §7.10, apply.md §8, issue 21):
// the ref is any form of resolveRef (`#2`, a 7+ hex prefix, the digest). stdout is the
// `{manifestDigest, status, phase, steps[], root}` document (JSON) or what was undone (text), exit
// 0; every refusal is an error line, exit 2, and names what to do (the later change to roll back
// first, or the hand edit --force would lose).
import { rollbackChange } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import { renderRollback } from "../render/rollback";
import { makeStyle } from "../render/style";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("rollback requires --root <dir>");
  const root = await resolveCliRoot(rootArg, cwd);
  const change = await rollbackChange({ root, ref: args[0] as string, force: booleanFlag(values, "force") });
  const mode = outputMode(values);
  printResult(mode, change.output, () => renderRollback(change, makeStyle(mode.colour)));
  setExit(0);
}

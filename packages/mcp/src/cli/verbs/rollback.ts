// `axiom rollback <digest> --root <dir> [--force]` (cli.md §7.10, apply.md §8): prints
// `{manifestDigest, status, phase, steps[], root}`, exit 0; every refusal is an error line, exit 2.
import { rollbackApplied } from "@codai/axiom-workflow";
import { printJson, setExit } from "../output";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, stringFlag } from "../args";
import { type FlagTable, UsageError, type VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  force: { type: "boolean" },
};

export const positionals = { min: 1, max: 1 };

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("rollback requires --root <dir>");
  const root = await resolveCliRoot(rootArg, cwd);
  const out = await rollbackApplied({ root, digest: args[0] as string, force: booleanFlag(values, "force") });
  printJson(out);
  setExit(0);
}

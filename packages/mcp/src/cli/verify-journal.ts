// `axiom verify --journal --root <dir>` (cli.md §7.7, apply.md §12.3): prints the verifyChain
// object; broken → adds `code: "ERR_JOURNAL_CHAIN"`, exit 1; intact → exit 0; root/usage → exit 2.
// verbs/verify.ts dispatches here when `--journal` is given.
import { verifyJournal } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../common/roots";
import { outputMode, printResult, setExit } from "./output";
import { renderJournal } from "./render/results";
import { makeStyle } from "./render/style";
import { UsageError, type VerbContext } from "./verb";

/** The usage rules of the journal form: no positional, no --tree/--pre/--attest, --root required. */
export function checkVerifyJournalUsage({ values, positionals }: Pick<VerbContext, "values" | "positionals">): string {
  if (positionals.length > 0) throw new UsageError("verify --journal takes no <bundle.json>");
  for (const flag of ["tree", "pre", "attest"]) {
    if (values[flag] !== undefined) throw new UsageError(`verify --journal cannot be combined with --${flag}`);
  }
  const root = values.root;
  if (typeof root !== "string") throw new UsageError("verify --journal requires --root <dir>");
  return root;
}

export async function runVerifyJournal(ctx: VerbContext): Promise<void> {
  const rootArg = checkVerifyJournalUsage(ctx);
  const root = await resolveCliRoot(rootArg, ctx.cwd);
  const result = await verifyJournal(root);
  const mode = outputMode(ctx.values);
  const doc = result.ok ? result : { ...result, code: "ERR_JOURNAL_CHAIN" };
  printResult(mode, doc, () => renderJournal(result, makeStyle(mode.colour)));
  setExit(result.ok ? 0 : 1);
}

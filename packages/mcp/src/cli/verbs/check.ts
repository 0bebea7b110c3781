// `axiom check <bundle.json> --root <dir> [--profile <name>] [--allow-guards] [--guard-allowlist <abs>]… [--json]`
// (cli.md §7.8): read + bundle intake → root → the workflow's checkBundle (profile load, runChecks
// with the root so preImage is verified against the tree, report stored under
// <root>/.axiom/reports/<hex>.json: the same function as axiom_check) → text or JSON on stdout.
// Exit 0 only for verdict pass, 1 for fail or error, 2 before a report exists.
import { isAbsolute } from "node:path";
import { checkBundle, formatCheckReport, intakeBundle, selectCliProfile } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, listFlag, stringFlag } from "../args";
import { readBundleToApply } from "../input";
import { outputMode, printResult, setExit } from "../output";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("check requires --root <dir>");
  const guardAllowlist = listFlag(values, "guard-allowlist");
  for (const entry of guardAllowlist) {
    if (!isAbsolute(entry)) throw new UsageError(`--guard-allowlist expects an absolute path, got "${entry}"`);
  }
  const bundle = intakeBundle(await readBundleToApply(args[0] as string, cwd));
  const root = await resolveCliRoot(rootArg, cwd);
  // The CLI is operated by a person: any profile may be named, `default` is the built-in (D26).
  const report = await checkBundle({
    bundle,
    root,
    profile: selectCliProfile(stringFlag(values, "profile"), bundle.manifest.profile),
    guards: { allowGuards: booleanFlag(values, "allow-guards"), guardAllowlist },
  });
  const mode = outputMode(values);
  printResult(mode, report, () => formatCheckReport(report, { colour: mode.colour }));
  setExit(report.verdict === "pass" ? 0 : 1);
}

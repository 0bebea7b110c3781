// `axiom check <bundle.json> --root <dir> [--profile <name>] [--allow-guards] [--guard-allowlist <abs>]… [--json]`
// (cli.md §7.8): read + bundle intake → root → profile load → runChecks with the root (so preImage
// is verified against the tree) → report stored under <root>/.axiom/reports/<hex>.json → text or
// JSON on stdout. Exit 0 only for verdict pass, 1 for fail or error, 2 before a report exists.
import { isAbsolute } from "node:path";
import {
  formatCheckReport,
  loadProfile,
  profileSearchDirs,
  runChecks,
  selectCliProfile,
  storeReport,
} from "@codai/axiom-checks";
import { intakeBundle } from "@codai/axiom-store";
import { colourEnabled, printJson, printText, setExit } from "../output";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, listFlag, stringFlag } from "../args";
import { readBundleFile } from "../input";
import { type FlagTable, UsageError, type VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  profile: { type: "string" },
  "allow-guards": { type: "boolean" },
  "guard-allowlist": { type: "string", multiple: true },
  json: { type: "boolean" },
};

export const positionals = { min: 1, max: 1 };

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("check requires --root <dir>");
  const guardAllowlist = listFlag(values, "guard-allowlist");
  for (const entry of guardAllowlist) {
    if (!isAbsolute(entry)) throw new UsageError(`--guard-allowlist expects an absolute path, got "${entry}"`);
  }
  const bundle = intakeBundle(await readBundleFile(args[0] as string, cwd));
  const root = await resolveCliRoot(rootArg, cwd);
  // The CLI is operated by a person: any profile may be named, `default` is the built-in (D26).
  const profileName = selectCliProfile(stringFlag(values, "profile"), bundle.manifest.profile);
  const profile = await loadProfile(profileName, { searchDirs: profileSearchDirs(root) });
  const report = await runChecks({
    bundle,
    profile,
    root,
    allowGuards: booleanFlag(values, "allow-guards"),
    guardAllowlist,
  });
  await storeReport(root, report);
  if (booleanFlag(values, "json")) printJson(report);
  else printText(formatCheckReport(report, { colour: colourEnabled() }));
  setExit(report.verdict === "pass" ? 0 : 1);
}

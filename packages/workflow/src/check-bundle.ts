// `axiom check` (cli.md §7.8) and `axiom_check` / `axiom_check_start` (mcp.md §5.3, checks.md §8):
// the selected profile loaded, the checks run, the report stored when the call has a root.
import { runChecks, storeReport } from "@codai/axiom-checks";
import type { CheckReport, ManifestBundle } from "@codai/axiom-schema";
import { loadProfile } from "./profiles";
import type { GuardOptions } from "./types";

export interface CheckRequest {
  /** The bundle after intake. */
  bundle: ManifestBundle;
  /** The realpath'd root; absent = a root-less run (built-in profiles, preImage `unverified`). */
  root?: string;
  /** The profile name to load (CLI: `--profile` ?? manifest.profile; MCP: after D26). */
  profile: string;
  guards: GuardOptions;
  /** Kills running guard process groups (task cancel, server shutdown). */
  signal?: AbortSignal;
}

export async function checkBundle(req: CheckRequest): Promise<CheckReport> {
  // checks.md §6.3: `<root>/.axiom/profiles`, then the built-ins.
  const profile = await loadProfile(req.profile, req.root === undefined ? [] : [req.root]);
  // checks.md §2.2: with a root, preImage is verified against the tree.
  const report = await runChecks({
    bundle: req.bundle,
    profile,
    root: req.root,
    allowGuards: req.guards.allowGuards,
    guardAllowlist: req.guards.guardAllowlist,
    signal: req.signal,
  });
  // `<root>/.axiom/reports/<hex>.json` (checks.md §1, cli.md §7.8).
  if (req.root !== undefined) await storeReport(req.root, report);
  return report;
}

/** The text form of `axiom check` (cli.md §9.1). */
export { formatCheckReport } from "@codai/axiom-checks";

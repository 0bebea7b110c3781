// The pre-apply checks callback that the CLI/MCP layer hands to apply (apply.md §5.4): loads the
// profile up front (a bad profile fails before apply starts), then per call runs the profile plus
// the manifest's checks against the root, passes the staging dir to guards, stores the report.
import type { CheckReport, ManifestBundle, ResolvedProfile } from "@codai/axiom-schema";
import { loadProfile } from "./profiles/load";
import { profileSearchDirs } from "./profiles/select";
import { storeReport } from "./report-store";
import { runChecks } from "./runner";

export interface PreChecksOptions {
  bundle: ManifestBundle;
  /** Realpath'd root. */
  root: string;
  /** The selected profile name (CLI: `--profile` ?? manifest.profile; MCP: after D26), or a resolved profile. */
  profile: string | ResolvedProfile;
  allowGuards?: boolean;
  guardAllowlist?: readonly string[];
  signal?: AbortSignal;
  /** Default true: the report lands in `<root>/.axiom/reports/`. */
  store?: boolean;
}

/** `stage`: the dry-run stages on demand; it is awaited before a guard reads `stagingDir`. */
export type PreChecks = (
  stagingDir: string,
  opts: { verifyPreImage: boolean; stage?: () => Promise<void> },
) => Promise<CheckReport>;

export async function makePreChecks(opts: PreChecksOptions): Promise<PreChecks> {
  const profile =
    typeof opts.profile === "string"
      ? await loadProfile(opts.profile, { searchDirs: profileSearchDirs(opts.root) })
      : opts.profile;
  return async (stagingDir, { verifyPreImage, stage }) => {
    const report = await runChecks({
      bundle: opts.bundle,
      profile,
      root: opts.root,
      allowGuards: opts.allowGuards,
      guardAllowlist: opts.guardAllowlist,
      stagingDir,
      stage,
      verifyPreImage,
      signal: opts.signal,
    });
    if (opts.store !== false) await storeReport(opts.root, report);
    return report;
  };
}

// Profile loading for every use case (checks.md §6.3): the only search directory of a root is
// `<root>/.axiom/profiles` (checks' profileSearchDirs), searched root by root, then the built-ins.
// Which name is loaded is the front end's rule (D26: the MCP server's profile-rule.ts; the CLI
// names any profile, selectCliProfile).
import { loadProfile as loadCheckProfile, profileSearchDirs } from "@codai/axiom-checks";
import type { ResolvedProfile } from "@codai/axiom-schema";

/** Loads and resolves `name` from the profiles of `roots` (in order), then the built-ins; ERR_INVALID_PROFILE. */
export function loadProfile(name: string, roots: readonly string[]): Promise<ResolvedProfile> {
  return loadCheckProfile(name, { searchDirs: roots.flatMap((root) => profileSearchDirs(root)) });
}

/** The CLI's rule (checks.md §6.6, D26): `--profile` wins, else `manifest.profile`; any name may be given. */
export { selectCliProfile } from "@codai/axiom-checks";

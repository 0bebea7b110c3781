// `--root <dir>` resolution for CLI verbs (cli.md §6). The rule itself is the roots policy's
// `resolveCliRoot` (apply.md §1.3); this module adds the verbs' optional-root form.
import { resolveCliRoot } from "../common/roots";

export { resolveCliRoot };

/** An optional `--root`: undefined stays undefined, except where the verb implies `.`. */
export async function resolveOptionalRoot(
  dir: string | undefined,
  cwd: string,
  implyCwd = false,
): Promise<string | undefined> {
  if (dir !== undefined) return resolveCliRoot(dir, cwd);
  return implyCwd ? resolveCliRoot(".", cwd) : undefined;
}

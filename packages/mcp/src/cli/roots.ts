// `--root <dir>` resolution for CLI verbs (cli.md §6). The rule itself is the roots policy's
// `resolveCliRoot` (apply.md §1.3); this module adds the verbs' optional-root form.
import * as path from "node:path";
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

/**
 * `axiom mcp --root <dir>…`: a relative root is resolved against the cwd the server starts in (so
 * `axiom mcp --root .` works, CLI-H-6); the allowlist itself stays absolute and frozen at start-up.
 * An empty argument stays empty and is refused there: it is not a cwd fallback.
 */
export function serverRootArgs(roots: readonly string[], cwd: string): string[] {
  return roots.map((r) => (r === "" ? r : path.resolve(cwd, r)));
}

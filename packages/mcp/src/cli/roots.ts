// `--root <dir>` resolution for CLI verbs (cli.md §6): resolved against the cwd, realpath'd, MUST
// be a directory, else ERR_ROOT_NOT_DIR with `details.root` = the argument as given.
import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { axiomError } from "@codai/axiom-schema";

/** Windows long-path prefix that realpath may return (apply.md §1). */
function stripLongPathPrefix(p: string): string {
  return p.startsWith("\\\\?\\") ? p.slice(4) : p;
}

export async function resolveRoot(dir: string, cwd: string): Promise<string> {
  let real: string;
  try {
    // An empty argument would resolve to the cwd: that is the cwd fallback the CLI never applies.
    if (dir === "") throw new Error("empty root");
    real = stripLongPathPrefix(await realpath(resolve(cwd, dir)));
    if ((await stat(real)).isDirectory()) return real;
  } catch {
    // fall through: missing, unreadable or a dangling link is "not a directory" here
  }
  throw axiomError("ERR_ROOT_NOT_DIR", { message: `root is not a directory: ${dir}`, details: { root: dir } });
}

/** An optional `--root`: undefined stays undefined, except where the verb implies `.`. */
export async function resolveOptionalRoot(
  dir: string | undefined,
  cwd: string,
  implyCwd = false,
): Promise<string | undefined> {
  if (dir !== undefined) return resolveRoot(dir, cwd);
  return implyCwd ? resolveRoot(".", cwd) : undefined;
}

// The repo profile name (hooks-doctor.md §3.6): explicit names are validated, derived ones are
// made safe from the root's basename.
import { axiomError } from "@codai/axiom-schema";

const NAME_RE = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const BUILTIN = new Set(["default", "strict", "permissive"]);

export function validateProfileName(name: string): void {
  if (!NAME_RE.test(name) || BUILTIN.has(name)) {
    throw axiomError("ERR_INVALID_PROFILE", {
      message: `invalid --profile-name ${JSON.stringify(name)}: ^[a-z0-9][a-z0-9._-]{0,63}$ and not a built-in name`,
      details: { profile: name },
    });
  }
}

export function deriveProfileName(basename: string): string {
  let n = basename
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-");
  n = n
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, 64)
    .replace(/[-.]+$/, "");
  if (n === "") return "repo";
  return BUILTIN.has(n) ? `${n}-repo` : n;
}

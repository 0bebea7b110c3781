// The guard environment (checks.md §7.4): a whitelist of the parent env, then params.env, then
// the AXIOM variables. Nothing else (no tokens, no NODE_OPTIONS) reaches a guard.
const WHITELIST = new Set([
  "PATH",
  "HOME",
  "USERPROFILE",
  "SYSTEMROOT",
  "SYSTEMDRIVE",
  "PATHEXT",
  "COMSPEC",
  "TEMP",
  "TMP",
  "TMPDIR",
  "LANG",
  "LC_ALL",
]);

export function guardEnv(
  parent: NodeJS.ProcessEnv,
  overlay: Record<string, string> | undefined,
  axiom: { manifestDigest: string; root: string },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && WHITELIST.has(name.toUpperCase())) env[name] = value;
  }
  Object.assign(env, overlay ?? {});
  env.AXIOM_MANIFEST_DIGEST = axiom.manifestDigest;
  env.AXIOM_ROOT = axiom.root;
  env.NODE_OPTIONS = "";
  return env;
}

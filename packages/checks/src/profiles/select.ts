// Profile selection (checks.md §6.5, §6.6) and the MCP allowed-profile rule (D26).
import { readdir } from "node:fs/promises";
import { axiomError, compareUtf8, PROFILE_NAME_RE } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store";

/** The only search dir for CLI and MCP: `<root>/.axiom/profiles`, none root-less. */
export function profileSearchDirs(root: string | undefined): string[] {
  return root === undefined ? [] : [layout.profilesDir(root)];
}

/** CLI (§6.6): `--profile` wins, else `manifest.profile`; `default` is the built-in. No restriction. */
export function selectCliProfile(flag: string | undefined, manifestProfile: string): string {
  return flag ?? manifestProfile;
}

/** Names of `<root>/.axiom/profiles/<name>.json` files with a valid profile name. */
export async function rootProfileNames(root: string | undefined): Promise<string[]> {
  if (root === undefined) return [];
  let entries: string[];
  try {
    entries = await readdir(layout.profilesDir(root));
  } catch {
    return [];
  }
  return entries
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .filter((n) => PROFILE_NAME_RE.test(n));
}

export interface McpProfileOptions {
  /** The call's `profile` argument. */
  argument: string | undefined;
  /** `manifest.profile` (or the Plan's `profile` for axiom_write). */
  planProfile: string | undefined;
  /** `axiom mcp --profile <name>`; the built-in `default` when absent. */
  serverDefault?: string;
  /** `axiom mcp --allow-profile <name>`… */
  allowProfiles?: readonly string[];
  /** The call's resolved root, if any. */
  root?: string;
}

/** The allowed set of a call, sorted in code-point order (D26). */
export async function allowedProfiles(opts: Omit<McpProfileOptions, "argument" | "planProfile">): Promise<string[]> {
  const set = new Set<string>([
    opts.serverDefault ?? "default",
    "strict",
    ...(await rootProfileNames(opts.root)),
    ...(opts.allowProfiles ?? []),
  ]);
  return [...set].sort(compareUtf8);
}

/**
 * MCP selection (D26): argument, else the Plan's profile; `default` means the server default; the
 * result must be allowed, else ERR_INVALID_PROFILE `{profile, allowed}`. Returns the name to load.
 */
export async function selectMcpProfile(opts: McpProfileOptions): Promise<string> {
  const serverDefault = opts.serverDefault ?? "default";
  const selected = opts.argument ?? opts.planProfile ?? "default";
  const name = selected === "default" ? serverDefault : selected;
  const allowed = await allowedProfiles(opts);
  if (!allowed.includes(name)) {
    throw axiomError("ERR_INVALID_PROFILE", {
      message: `profile ${name} is not allowed for this server`,
      details: { profile: name, allowed },
    });
  }
  return name;
}

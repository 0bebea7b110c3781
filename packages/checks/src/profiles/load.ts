// loadProfile (checks.md §6.3, §6.4): file profiles shadow built-ins, `extends` walked with cycle
// detection, merged root-first. Only "file absent" falls through; anything else is an error.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  axiomError,
  type CheckRef,
  collectIssues,
  PROFILE_NAME_RE,
  type Profile,
  ProfileSchema,
  type ResolvedProfile,
  wireIssues,
} from "@codai/axiom-schema";
import { builtinProfile } from "./builtins";

export interface LoadProfileOptions {
  /** Directories searched in order for `<name>.json` (CLI/MCP: `<root>/.axiom/profiles`). */
  searchDirs?: readonly string[];
}

const invalid = (message: string, details: Record<string, unknown>) =>
  axiomError("ERR_INVALID_PROFILE", { message, details });

async function findProfile(name: string, searchDirs: readonly string[]): Promise<Profile> {
  for (const dir of searchDirs) {
    const path = join(dir, `${name}.json`);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      throw invalid(`profile file ${path} cannot be read`, { profile: name, path, reason: code ?? String(err) });
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw invalid(`profile file ${path} is not JSON`, { profile: name, path });
    }
    const parsed = collectIssues(ProfileSchema, doc);
    if (!parsed.ok) {
      throw invalid(`profile file ${path} does not match the Profile schema`, {
        profile: name,
        path,
        issues: wireIssues(parsed.issues),
      });
    }
    if (parsed.value.name !== name) {
      throw invalid(`profile file ${path} declares name "${parsed.value.name}"`, {
        profile: name,
        path,
        name: parsed.value.name,
      });
    }
    return parsed.value;
  }
  const builtin = builtinProfile(name);
  if (builtin) return builtin;
  throw invalid(`profile not found: ${name}`, { profile: name });
}

/** Merges a chain given root-first (§6.4). */
export function mergeProfiles(chainRootFirst: readonly Profile[], leafName: string): ResolvedProfile {
  const checks = new Map<string, CheckRef>();
  let limits = {};
  let facts = { allowRepo: true, allowGuards: false };
  for (const p of chainRootFirst) {
    for (const c of p.checks) checks.set(c.id, c); // Map.set keeps an existing key's position
    limits = { ...limits, ...p.limits };
    facts = { ...facts, ...p.facts };
  }
  return { apiVersion: "axiom.dev/v2", kind: "Profile", name: leafName, checks: [...checks.values()], limits, facts };
}

export async function loadProfile(name: string, opts: LoadProfileOptions = {}): Promise<ResolvedProfile> {
  if (!PROFILE_NAME_RE.test(name)) throw invalid(`invalid profile name: ${JSON.stringify(name)}`, { profile: name });
  const searchDirs = opts.searchDirs ?? [];
  const chain: Profile[] = [];
  const seen: string[] = [];
  let current: string | undefined = name;
  while (current !== undefined) {
    if (seen.includes(current))
      throw invalid(`profile extends cycle: ${[...seen, current].join(" -> ")}`, {
        profile: name,
        chain: [...seen, current],
      });
    seen.push(current);
    const profile = await findProfile(current, searchDirs);
    chain.push(profile);
    current = profile.extends;
  }
  return mergeProfiles(chain.reverse(), name);
}

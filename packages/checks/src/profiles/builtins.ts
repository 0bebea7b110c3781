// The built-in profiles (checks.md §6.2), unresolved (strict still `extends` default).
import type { Profile } from "@codai/axiom-schema";
import { AXIOM_GLOB } from "@codai/axiom-store";

/** D24: files an agent could use to approve itself. */
export const PROTECTED_HARNESS_PATHS = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".vscode/settings.json",
  ".vscode/mcp.json",
  ".mcp.json",
  ".cursor/**",
  ".github/hooks/**",
  AXIOM_GLOB,
] as const;

const MAX_TOTAL_BYTES = 67_108_864;
const FACTS = { allowRepo: true, allowGuards: false };

const DEFAULT: Profile = {
  apiVersion: "axiom.dev/v2",
  kind: "Profile",
  name: "default",
  checks: [
    { id: "path.reservedNames", predicate: "path.reservedNames", params: {}, severity: "error" },
    { id: "content.noSecrets", predicate: "content.noSecrets", params: {}, severity: "error" },
    { id: "manifest.maxArtifacts", predicate: "manifest.maxArtifacts", params: { max: 2000 }, severity: "error" },
    {
      id: "manifest.maxTotalBytes",
      predicate: "manifest.maxTotalBytes",
      params: { max: MAX_TOTAL_BYTES },
      severity: "error",
    },
    {
      id: "repo.noOverwriteOf",
      predicate: "repo.noOverwriteOf",
      params: { globs: [".git/**", AXIOM_GLOB, "**/*.lock", "pnpm-lock.yaml", ".env*"] },
      severity: "error",
    },
    {
      id: "harnessConfig.noOverwriteOf",
      predicate: "repo.noOverwriteOf",
      params: { globs: [...PROTECTED_HARNESS_PATHS], nocase: true },
      severity: "error",
    },
    {
      id: "harnessConfig.deny",
      predicate: "path.deny",
      params: { globs: [...PROTECTED_HARNESS_PATHS], nocase: true },
      severity: "error",
    },
  ],
  limits: { maxArtifacts: 2000, maxTotalBytes: MAX_TOTAL_BYTES },
  facts: FACTS,
};

const STRICT: Profile = {
  apiVersion: "axiom.dev/v2",
  kind: "Profile",
  name: "strict",
  extends: "default",
  checks: [
    { id: "manifest.noDeletes", predicate: "manifest.noDeletes", params: {}, severity: "error" },
    { id: "deps.max", predicate: "deps.max", params: { max: 50 }, severity: "error" },
    { id: "path.deny", predicate: "path.deny", params: { globs: ["**/node_modules/**"] }, severity: "error" },
  ],
  limits: { maxArtifacts: 2000, maxTotalBytes: MAX_TOTAL_BYTES },
  facts: FACTS,
};

const PERMISSIVE: Profile = {
  apiVersion: "axiom.dev/v2",
  kind: "Profile",
  name: "permissive",
  checks: [{ id: "path.reservedNames", predicate: "path.reservedNames", params: {}, severity: "error" }],
  limits: {},
  facts: FACTS,
};

export const BUILTIN_PROFILE_NAMES = ["default", "strict", "permissive"] as const;

/** A fresh copy of a built-in profile, or undefined. */
export function builtinProfile(name: string): Profile | undefined {
  const p = name === "default" ? DEFAULT : name === "strict" ? STRICT : name === "permissive" ? PERMISSIVE : undefined;
  return p === undefined ? undefined : structuredClone(p);
}

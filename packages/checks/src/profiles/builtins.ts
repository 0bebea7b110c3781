// The built-in profiles (checks.md §6.2), unresolved (strict still `extends` default). The
// protected paths (D24's H first, then decisions SEC-20's additions) and the limits come from
// @codai/axiom-rules, shared with the gate: harnessConfig.deny refuses every op on them, creates
// included and root-less; harnessConfig.noOverwriteOf adds the existing-file finding.
import { ARTIFACTS_MAX, AXIOM_GLOB, PROTECTED_PATHS, TOTAL_BYTES_MAX } from "@codai/axiom-rules";
import type { Profile } from "@codai/axiom-schema";

const FACTS = { allowRepo: true, allowGuards: false };

const DEFAULT: Profile = {
  apiVersion: "axiom.dev/v2",
  kind: "Profile",
  name: "default",
  checks: [
    { id: "path.reservedNames", predicate: "path.reservedNames", params: {}, severity: "error" },
    { id: "content.noSecrets", predicate: "content.noSecrets", params: {}, severity: "error" },
    {
      id: "manifest.maxArtifacts",
      predicate: "manifest.maxArtifacts",
      params: { max: ARTIFACTS_MAX },
      severity: "error",
    },
    {
      id: "manifest.maxTotalBytes",
      predicate: "manifest.maxTotalBytes",
      params: { max: TOTAL_BYTES_MAX },
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
      params: { globs: [...PROTECTED_PATHS], nocase: true },
      severity: "error",
    },
    {
      id: "harnessConfig.deny",
      predicate: "path.deny",
      params: { globs: [...PROTECTED_PATHS], nocase: true },
      severity: "error",
    },
  ],
  limits: { maxArtifacts: ARTIFACTS_MAX, maxTotalBytes: TOTAL_BYTES_MAX },
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
  limits: { maxArtifacts: ARTIFACTS_MAX, maxTotalBytes: TOTAL_BYTES_MAX },
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

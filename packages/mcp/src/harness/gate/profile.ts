// Gate profiles (hooks-doctor.md §2.9): GateProfileSchema (strict), the lookup order and the
// built-in. Hand-written rather than zod so the gate chunk stays small (§2.14); doctor reuses it.
import { homedir } from "node:os";
import { AXIOM_GLOB, PROTECTED_PATHS, seedGlobCache } from "@codai/axiom-rules";
import { layout } from "@codai/axiom-store/layout";
import { BUILTIN_DENY_REGEXES } from "./builtin-globs.generated";
import { parsePlainJson, readConfigFile } from "./config-file";
import { isObject } from "./normalize";
import type { RouteMode } from "./types";

export interface GateProfile {
  deny: string[];
  allow?: string[];
  noSecrets: boolean;
  pii: boolean;
  maxBytes?: number;
  /** Absent = "protected" (hooks-doctor.md §2.9 behaviour); `--route` wins (decisions HOOK-20). */
  route?: RouteMode;
  /** Globs (@codai/axiom-rules dialect, case-sensitive) of paths that stay native in route mode. */
  native?: string[];
}

export type GateProfileParse = { success: true; data: GateProfile } | { success: false; error: string };

const KEYS = new Set(["deny", "allow", "noSecrets", "pii", "maxBytes", "route", "native"]);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** Strict: unknown keys, wrong types, empty deny entries and non-positive maxBytes are errors. */
export const GateProfileSchema = {
  safeParse(value: unknown): GateProfileParse {
    if (!isObject(value)) return { success: false, error: "a gate profile must be a JSON object" };
    const unknown = Object.keys(value).filter((k) => !KEYS.has(k));
    if (unknown.length > 0) return { success: false, error: `unknown key ${unknown[0]}` };
    const { deny = [], allow, noSecrets = true, pii = false, maxBytes, route, native } = value;
    if (!isStrings(deny) || deny.some((s) => s === ""))
      return { success: false, error: "deny must be non-empty strings" };
    if (allow !== undefined && !isStrings(allow)) return { success: false, error: "allow must be strings" };
    if (typeof noSecrets !== "boolean") return { success: false, error: "noSecrets must be a boolean" };
    if (typeof pii !== "boolean") return { success: false, error: "pii must be a boolean" };
    if (maxBytes !== undefined && !(typeof maxBytes === "number" && Number.isSafeInteger(maxBytes) && maxBytes > 0)) {
      return { success: false, error: "maxBytes must be a positive integer" };
    }
    if (route !== undefined && route !== "all" && route !== "protected") {
      return { success: false, error: 'route must be "all" or "protected"' };
    }
    if (native !== undefined && (!isStrings(native) || native.some((s) => s === ""))) {
      return { success: false, error: "native must be non-empty strings" };
    }
    const data: GateProfile = { deny, noSecrets, pii };
    if (allow !== undefined) data.allow = allow;
    if (maxBytes !== undefined) data.maxBytes = maxBytes as number;
    if (route !== undefined) data.route = route;
    if (native !== undefined) data.native = native;
    return { success: true, data };
  },
};

/**
 * `base` (the spec's own entries, in its order), then every protected path (@codai/axiom-rules,
 * D24's H first, then decisions SEC-20's additions) that `base` does not already spell, and not
 * one of `covered` (an entry the spec leaves out because a base glob holds it). So each list stays
 * the spec's text as its first entries, and the hook denies what the default check profile refuses.
 */
function withProtected(base: readonly string[], covered: readonly string[] = []): string[] {
  const skip = new Set([...base, ...covered]);
  return [...base, ...PROTECTED_PATHS.filter((p) => !skip.has(p))];
}

/** §2.9 built-in: its seven entries, then D24's H (minus .axiom/**, listed) and the SEC-20 additions. */
export const BUILTIN_GATE_PROFILE: GateProfile = {
  deny: withProtected([".git/**", AXIOM_GLOB, "**/*.lock", "pnpm-lock.yaml", ".env", ".env.*", "**/node_modules/**"]),
  noSecrets: true,
  pii: false,
};

/** §3.3 file 7, the gate profile `axiom init` writes: its twelve entries, then the protected paths. */
export const INIT_GATE_PROFILE: GateProfile = {
  deny: withProtected(
    [
      ".git/**",
      AXIOM_GLOB,
      ".github/**",
      "pnpm-lock.yaml",
      "**/*.lock",
      ".env",
      ".env.*",
      "**/.env",
      "**/.env.*",
      "**/node_modules/**",
      "**/.next/**",
      "**/dist/**",
    ],
    // §3.3 leaves D24's .github/hooks/** out: .github/** above holds it.
    [".github/hooks/**"],
  ),
  noSecrets: true,
  pii: false,
  maxBytes: 262144,
};

// The deny lists above, compiled at build time (scripts/gen-gate-globs.mjs; decisions SPEED-8): a
// hook process judging a built-in or init-written profile never runs picomatch's parser.
seedGlobCache(BUILTIN_DENY_REGEXES, { nocase: true });

export type ProfileLookup = { ok: true; profile: GateProfile; source: string } | { ok: false; why: string };

type ReadOutcome = { kind: "absent" } | { kind: "bad"; why: string } | { kind: "ok"; profile: GateProfile };

export async function readGateProfile(file: string): Promise<ReadOutcome> {
  const r = await readConfigFile(file, parsePlainJson);
  if (r.kind === "absent") return r;
  if (r.kind === "bad") return { kind: "bad", why: `gate profile ${file} is ${r.why}` };
  const parsed = GateProfileSchema.safeParse(r.value);
  if (!parsed.success) return { kind: "bad", why: `gate profile ${file} is invalid: ${parsed.error}` };
  return { kind: "ok", profile: parsed.data };
}

/** First hit wins, no merging: --profile, <root>/.axiom, ~/.axiom, built-in. */
export async function lookupGateProfile(
  root: string,
  explicit: string | undefined,
  home = homedir(),
): Promise<ProfileLookup> {
  if (explicit !== undefined) {
    const r = await readGateProfile(explicit);
    if (r.kind === "absent") return { ok: false, why: `gate profile ${explicit} not found` };
    return r.kind === "ok" ? { ok: true, profile: r.profile, source: explicit } : { ok: false, why: r.why };
  }
  for (const file of [layout.gateProfile(root), layout.gateProfile(home)]) {
    const r = await readGateProfile(file);
    if (r.kind === "absent") continue;
    return r.kind === "ok" ? { ok: true, profile: r.profile, source: file } : { ok: false, why: r.why };
  }
  return { ok: true, profile: BUILTIN_GATE_PROFILE, source: "built-in" };
}

// The repository files `axiom init` writes besides the harness entries (hooks-doctor.md §3.3): the
// repo profile, the gate profile (with route mode, issue 19) and the .gitignore lines.
import { AXIOM_GITIGNORE_LINES, AXIOM_GLOB } from "@codai/axiom-store/layout";
import { INIT_GATE_PROFILE } from "../gate/profile";

export const GITIGNORE_LINES = [...AXIOM_GITIGNORE_LINES];

export function repoProfile(name: string): Record<string, unknown> {
  return {
    apiVersion: "axiom.dev/v2",
    kind: "Profile",
    name,
    extends: "default",
    facts: { allowRepo: true, allowGuards: false },
    checks: [
      {
        id: "repo.noOverwriteOf",
        predicate: "repo.noOverwriteOf",
        params: { globs: [".git/**", AXIOM_GLOB, ".github/**", "pnpm-lock.yaml", "**/*.lock", ".env*", "**/.env*"] },
      },
      { id: "content.noSecrets", predicate: "content.noSecrets", params: {} },
      {
        id: "path.deny",
        predicate: "path.deny",
        params: { globs: ["**/node_modules/**", "**/.next/**", "**/dist/**", "**/.turbo/**"] },
      },
    ],
  };
}

export type RouteMode = "all" | "protected";

/**
 * Paths that stay native in route mode (HOOK-44): scratch space and tool output an agent writes on
 * the side, where a journal and a confirmation would only add noise. Protected paths stay denied
 * whatever this list says (the gate judges the deny list first).
 */
export const NATIVE_GLOBS = ["tmp/**", ".tmp/**", "scratch/**", "coverage/**", ".cache/**", "**/*.log"];

/** The gate profile: §3.3's deny list, then the gate's route fields (`route`, `native`). */
export function gateProfile(route: RouteMode): Record<string, unknown> {
  return { ...INIT_GATE_PROFILE, route, native: [...NATIVE_GLOBS] };
}

/** JSON files are written pretty-printed with 2-space indentation and a trailing newline. */
export const jsonText = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

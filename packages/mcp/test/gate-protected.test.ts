// hooks-doctor.md §2.9 Decision and checks.md §6.2 (D24, widened by decisions SEC-20): the gate's
// built-in deny list and the one `axiom init` writes derive from @codai/axiom-rules' PROTECTED_PATHS,
// the list the check profiles use (no copy to keep equal). These tests pin each derived list's first
// entries to the spec's text, the rest to the SEC-20 additions, and prove both deny a file under
// every protected path, in any case.
import { compileGlobs, PROTECTED_PATHS, RUN_OR_TRUSTED } from "@codai/axiom-rules";
import { describe, expect, it } from "vitest";
import { BUILTIN_GATE_PROFILE, INIT_GATE_PROFILE } from "../src/harness/gate/profile";

/** A concrete path each protected glob names (a `/**` glob: a file under it). */
const sample = (glob: string) =>
  glob
    .replace(/^\*\*\//, "pkg/")
    .replace(/\/\*\*$/, "/x/settings.json")
    .replace(/\*/g, "x");

/** The SEC-20 additions a list carries after the spec's entries: those it does not already spell. */
const additions = (spec: readonly string[]) => RUN_OR_TRUSTED.map((e) => e.glob).filter((g) => !spec.includes(g));

describe("gate protected paths (D24)", () => {
  it("the built-in gate profile's deny list is §2.9's, in order, then the SEC-20 additions", () => {
    const spec = [
      ".git/**",
      ".axiom/**",
      "**/*.lock",
      "pnpm-lock.yaml",
      ".env",
      ".env.*",
      "**/node_modules/**",
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".vscode/settings.json",
      ".vscode/mcp.json",
      ".mcp.json",
      ".cursor/**",
      ".github/hooks/**",
    ];
    expect(BUILTIN_GATE_PROFILE.deny).toEqual([...spec, ...additions(spec)]);
  });

  it("the init gate profile's deny list is §3.3 file 7's, in order, then the SEC-20 additions", () => {
    const spec = [
      ".git/**",
      ".axiom/**",
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
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".vscode/settings.json",
      ".vscode/mcp.json",
      ".mcp.json",
      ".cursor/**",
    ];
    expect(INIT_GATE_PROFILE.deny).toEqual([...spec, ...additions(spec)]);
  });

  it("the built-in and the init gate profile deny a file under every protected path, case-insensitively (§2.10, §3.3)", () => {
    for (const profile of [BUILTIN_GATE_PROFILE, INIT_GATE_PROFILE]) {
      const denied = compileGlobs(profile.deny, { nocase: true });
      for (const p of PROTECTED_PATHS) {
        expect(denied(sample(p)), sample(p)).toBe(true);
        expect(denied(sample(p).toUpperCase()), sample(p).toUpperCase()).toBe(true);
      }
    }
  });
});

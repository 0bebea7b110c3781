// hooks-doctor.md §2.9 Decision and checks.md §6.2 (D24): the gate's built-in deny list and the one
// `axiom init` writes derive from @codai/axiom-rules' PROTECTED_HARNESS_PATHS, the list the check
// profiles use (no copy to keep equal). These tests pin the derived lists to the spec's text and
// prove both deny a file under every protected path, in any case.
import { compileGlobs, PROTECTED_HARNESS_PATHS } from "@codai/axiom-rules";
import { describe, expect, it } from "vitest";
import { BUILTIN_GATE_PROFILE, INIT_GATE_PROFILE } from "../src/harness/gate/profile";

/** A concrete path each protected glob names (a `/**` glob: a file under it). */
const sample = (glob: string) => glob.replace(/\/\*\*$/, "/x/settings.json");

describe("gate protected paths (D24)", () => {
  it("the built-in gate profile's deny list is §2.9's, in order", () => {
    expect(BUILTIN_GATE_PROFILE.deny).toEqual([
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
    ]);
  });

  it("the init gate profile's deny list is §3.3 file 7's, in order", () => {
    expect(INIT_GATE_PROFILE.deny).toEqual([
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
    ]);
  });

  it("the built-in and the init gate profile deny a file under every protected path, case-insensitively (§2.10, §3.3)", () => {
    for (const profile of [BUILTIN_GATE_PROFILE, INIT_GATE_PROFILE]) {
      const denied = compileGlobs(profile.deny, { nocase: true });
      for (const p of PROTECTED_HARNESS_PATHS) {
        expect(denied(sample(p)), sample(p)).toBe(true);
        expect(denied(sample(p).toUpperCase()), sample(p).toUpperCase()).toBe(true);
      }
    }
  });
});

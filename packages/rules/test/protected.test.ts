// The protected harness-config paths H (checks.md §6.2, D24): the one list both the default check
// profile and the gate's built-in deny lists derive from.
import { describe, expect, it } from "vitest";
import { compileGlobs, PROTECTED_HARNESS_PATHS } from "../src/index";

describe("PROTECTED_HARNESS_PATHS (checks.md §6.2 H)", () => {
  it("is the spec's H, in the spec's order", () => {
    expect([...PROTECTED_HARNESS_PATHS]).toEqual([
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".vscode/settings.json",
      ".vscode/mcp.json",
      ".mcp.json",
      ".cursor/**",
      ".github/hooks/**",
      ".axiom/**",
    ]);
  });

  it("matched nocase, H covers case variants of hook files and leaves neighbours alone", () => {
    const h = compileGlobs(PROTECTED_HARNESS_PATHS, { nocase: true });
    expect([".Claude/Settings.json", ".github/HOOKS/axiom-gate.json", ".AXIOM/gate-profile.json"].map(h)).toEqual([
      true,
      true,
      true,
    ]);
    expect([".claude/commands/x.md", ".github/workflows/ci.yml", ".vscode/extensions.json"].map(h)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

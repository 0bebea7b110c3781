// The protected paths (checks.md §6.2 H, D24, widened by decisions SEC-20): the one list both the
// default check profile and the gate's built-in deny lists derive from.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileGlobs, D24_HARNESS_PATHS, foldPath, PROTECTED_PATHS, RUN_OR_TRUSTED } from "../src/index";

/** A concrete path each protected glob names (`**` segments filled in). */
const sample = (glob: string) =>
  glob
    .replace(/^\*\*\//, "pkg/")
    .replace(/\/\*\*$/, "/x/y.sh")
    .replace(/\*/g, "x");

describe("PROTECTED_PATHS (checks.md §6.2 H, SEC-20)", () => {
  it("D24's H is the spec's text, in the spec's order, and the list's first eight entries", () => {
    const h = [
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".vscode/settings.json",
      ".vscode/mcp.json",
      ".mcp.json",
      ".cursor/**",
      ".github/hooks/**",
      ".axiom/**",
    ];
    expect([...D24_HARNESS_PATHS]).toEqual(h);
    expect(PROTECTED_PATHS.slice(0, 8)).toEqual(h);
    expect(PROTECTED_PATHS.slice(8)).toEqual(RUN_OR_TRUSTED.map((e) => e.glob));
  });

  it("docs/security.md's table has one row per entry, in the list's order", () => {
    const doc = readFileSync(new URL("../../../docs/security.md", import.meta.url), "utf8");
    const rows = [...doc.matchAll(/^\| `([^`]+)` \| (?:D24|SEC-20) \|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...PROTECTED_PATHS]);
  });

  it("every addition carries its reason and appears once", () => {
    for (const e of RUN_OR_TRUSTED) expect(e.why.length, e.glob).toBeGreaterThan(10);
    expect(new Set(PROTECTED_PATHS).size).toBe(PROTECTED_PATHS.length);
  });

  it("matched nocase, every entry names its sample at the root and in a package, in any case", () => {
    const p = compileGlobs(PROTECTED_PATHS, { nocase: true });
    for (const g of PROTECTED_PATHS) {
      const s = sample(g);
      expect(p(s), s).toBe(true);
      expect(p(s.toUpperCase()), s.toUpperCase()).toBe(true);
      if (g.startsWith("**/")) expect(p(s.replace(/^pkg\//, "")), g).toBe(true);
    }
  });

  it("covers the issue's creates: git hooks and config, Claude hooks/commands/agents, tasks.json, .envrc, Codex, Gemini, Cursor rules", () => {
    const p = compileGlobs(PROTECTED_PATHS, { nocase: true });
    const attacks = [
      ".git/hooks/pre-commit",
      ".git/config",
      ".claude/hooks/x.sh",
      ".claude/commands/x.md",
      ".claude/agents/x.md",
      ".vscode/tasks.json",
      ".envrc",
      ".codex/config.toml",
      ".gemini/settings.json",
      ".cursor/rules/x.mdc",
      ".GIT/hooks/x",
      ".Claude/Hooks/x.sh",
    ];
    expect(attacks.filter((a) => !p(a))).toEqual([]);
  });

  it("leaves instruction files and ordinary neighbours alone", () => {
    const p = compileGlobs(PROTECTED_PATHS, { nocase: true });
    const writable = [
      "CLAUDE.md",
      "AGENTS.md",
      "GEMINI.md",
      ".claude/CLAUDE.md",
      ".claude/rules/x.md",
      ".github/copilot-instructions.md",
      ".github/instructions/x.instructions.md",
      ".github/workflows/ci.yml",
      ".gitignore",
      ".gitattributes",
      ".gitmodules",
      "src/git/hooks.ts",
      "docs/env.md",
      "package.json",
    ];
    expect(writable.filter((w) => p(w))).toEqual([]);
  });
});

describe("nocase folding (SEC-20: alias-proof on case-insensitive file systems)", () => {
  it("foldPath upper-cases then lower-cases and drops the code points HFS+ ignores", () => {
    expect(foldPath(".Claude/\u017Fettings.json")).toBe(".claude/settings.json");
    expect(foldPath(".hus\u212Ay/x")).toBe(".husky/x");
    expect(foldPath(".g\u0131t/config")).toBe(".git/config");
    expect(foldPath(".git\u200c/con\ufefffig")).toBe(".git/config");
  });

  it("a nocase matcher also matches the folded spelling; a case-sensitive one does not fold", () => {
    const p = compileGlobs(PROTECTED_PATHS, { nocase: true });
    for (const alias of [
      ".claude/\u017Fettings.json",
      ".hus\u212Ay/pre-commit",
      ".g\u0131t/config",
      ".git\u200d/hooks/x",
    ]) {
      expect(p(alias), alias).toBe(true);
    }
    expect(compileGlobs([".git/**"])(".git\u200d/hooks/x")).toBe(false);
    expect(compileGlobs([".git/**"])(".GIT/hooks/x")).toBe(false);
  });
});

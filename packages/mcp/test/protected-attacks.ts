// The attack table of issue 20 Medium 4 (decisions SEC-20): files a harness, git or a shell runs
// or trusts without asking, which an agent must not create, overwrite or delete through
// axiom_write, axiom_apply, `axiom apply` or a native Write the gate sees. Concrete paths, not the
// rules list, so the tests name the attack and stay red when an entry goes missing.

/** One sample per protected entry that D24's eight did not already cover. */
export const SENSITIVE_CREATES: readonly string[] = [
  // git: hooks run on the next commit; config runs core.hooksPath / fsmonitor / aliases / filters.
  ".git/hooks/pre-commit",
  ".git/config",
  ".git/info/attributes",
  "vendor/lib/.git/config",
  "vendor/lib/.git",
  ".githooks/pre-commit",
  ".husky/pre-commit",
  "lefthook.yml",
  ".lefthook/pre-commit/lint.sh",
  ".pre-commit-config.yaml",
  // Claude Code
  ".claude/hooks/pre-tool.sh",
  ".claude/commands/deploy.md",
  ".claude/agents/reviewer.md",
  ".claude/skills/release/SKILL.md",
  "packages/app/.claude/settings.json",
  "packages/app/.mcp.json",
  // Codex, Gemini, Copilot, Cursor
  ".codex/config.toml",
  ".codex/rules/default.rules",
  ".agents/skills/x/SKILL.md",
  ".gemini/settings.json",
  ".gemini/commands/x.toml",
  ".github/agents/x.agent.md",
  ".github/skills/x/SKILL.md",
  "packages/app/.cursor/mcp.json",
  // editors and other agents
  ".vscode/tasks.json",
  ".vscode/launch.json",
  "team.code-workspace",
  ".zed/settings.json",
  ".windsurf/hooks.json",
  ".kiro/hooks/lint.kiro.hook",
  ".kiro/settings/mcp.json",
  ".clinerules/hooks/PreToolUse",
  ".opencode/plugins/x.ts",
  "opencode.json",
  // shells, environments, package managers
  ".envrc",
  "apps/web/.envrc",
  ".env",
  ".env.local",
  "mise.toml",
  ".config/mise/config.toml",
  ".devcontainer/devcontainer.json",
  ".devcontainer.json",
  ".npmrc",
  ".yarnrc.yml",
  // a nested AXIOM store the gate would discover as a root
  "sub/.axiom/gate-profile.json",
];

/** Case variants of protected paths: refused like the spelling they fold to (nocase, D24). */
export const CASE_VARIANTS: readonly string[] = [
  ".GIT/hooks/x",
  ".Claude/Hooks/x.sh",
  ".VSCode/Tasks.json",
  ".ENVRC",
  ".Husky/pre-commit",
];

/** Instruction files and ordinary neighbours: still writable under the default profile. */
export const STILL_WRITABLE: readonly string[] = [
  "CLAUDE.md",
  "AGENTS.md",
  "GEMINI.md",
  "packages/app/CLAUDE.md",
  ".claude/rules/style.md",
  ".github/copilot-instructions.md",
  ".github/instructions/ts.instructions.md",
  ".github/prompts/review.prompt.md",
  ".github/workflows/ci.yml",
  ".cursorrules",
  ".gitignore",
  ".gitattributes",
  "src/git/hooks.ts",
];

// Protected paths: the one list every surface refuses to create, overwrite or delete for an agent
// (checks.md §6.2 "H" and decision D24, widened by decisions SEC-20; hooks-doctor.md §2.9). The
// default check profile's harnessConfig.* checks and the gate's built-in deny lists derive from
// it, so axiom_write, axiom_apply, `axiom apply` and the hook cannot disagree. Match it with
// nocase: true (checks.md §3), as every consumer does. docs/security.md holds the same table.
import { AXIOM_GLOB } from "./axiom-dir";

/** D24's H: harness and AXIOM configuration an agent could edit to approve itself, in the spec's order. */
export const D24_HARNESS_PATHS = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".vscode/settings.json",
  ".vscode/mcp.json",
  ".mcp.json",
  ".cursor/**",
  ".github/hooks/**",
  AXIOM_GLOB,
] as const;

export interface ProtectedEntry {
  glob: string;
  /** What runs or is trusted without asking when an agent writes a path the glob names. */
  why: string;
}

// SEC-20: every path a harness, git or a shell runs or trusts without asking. `**/` where the tool
// also reads a nested copy (a harness started in a monorepo package, direnv in a subdirectory, a
// nested repository): AXIOM's root need not be the tool's project directory. Instruction files
// (CLAUDE.md, AGENTS.md, GEMINI.md, .github/copilot-instructions.md, rules and prompts) are read as
// text the model weighs, never run or obeyed as permissions, so they stay writable.
export const RUN_OR_TRUSTED: readonly ProtectedEntry[] = [
  // git
  { glob: "**/.git", why: "a .git file is a gitdir pointer: git then runs that directory's hooks and config" },
  { glob: "**/.git/**", why: "hooks run on the next commit; config runs core.hooksPath, fsmonitor, aliases, filters" },
  { glob: "**/.githooks/**", why: "the conventional core.hooksPath target: its scripts run as git hooks" },
  { glob: "**/.husky/**", why: "husky points core.hooksPath here: its scripts run on every commit" },
  { glob: "**/lefthook.*", why: "lefthook's installed hooks run the commands this file lists" },
  { glob: "**/lefthook-local.*", why: "lefthook's local override, merged over lefthook.yml" },
  { glob: "**/.lefthook.*", why: "lefthook's dot-named config" },
  { glob: "**/.lefthook-local.*", why: "lefthook's dot-named local override" },
  { glob: "**/.lefthook/**", why: "lefthook script directories, run by its hooks" },
  { glob: "**/.lefthook-local/**", why: "lefthook local script directories" },
  { glob: "**/.pre-commit-config.yaml", why: "pre-commit's installed hook runs its `repo: local` entries" },
  // Claude Code (D24 covers the root settings and .mcp.json)
  { glob: "**/.claude/settings.json", why: "D24 at any depth: Claude Code started in a package reads its own" },
  { glob: "**/.claude/settings.local.json", why: "D24 at any depth, as above" },
  { glob: "**/.claude/hooks/**", why: "hook scripts the settings point at: run on every matching event" },
  { glob: "**/.claude/commands/**", why: "slash commands: `!` bash runs at invocation; allowed-tools pre-approves" },
  { glob: "**/.claude/agents/**", why: "subagents: tools, permissionMode, hooks and MCP servers in the front matter" },
  { glob: "**/.claude/skills/**", why: "skills load without asking (nested ones too); allowed-tools, bundled scripts" },
  { glob: "**/.mcp.json", why: "D24 at any depth: project MCP servers are commands the harness starts" },
  // Codex, Gemini CLI, GitHub Copilot, Cursor
  { glob: "**/.codex/**", why: "config.toml (approval, sandbox, MCP), rules/ (execpolicy allow), hooks, agents" },
  { glob: "**/.agents/skills/**", why: "Codex (and agentskills) skills: loaded without asking, bundled scripts" },
  { glob: "**/.gemini/**", why: "settings.json (hooks, MCP, allowed tools), .env, commands/ with `!{…}` shell" },
  { glob: "**/.github/hooks/**", why: "D24 at any depth: Copilot CLI loads hooks from its working directory" },
  { glob: "**/.github/agents/**", why: "Copilot custom agents: tools and mcp-servers the agent starts" },
  { glob: "**/.github/skills/**", why: "Copilot skills: loaded without asking, bundled scripts" },
  { glob: "**/.cursor/**", why: "D24 at any depth: Cursor reads nested rules, mcp.json and hooks.json" },
  // editors and other agents
  { glob: "**/.vscode/**", why: "settings (auto-approve), tasks.json (runOn folderOpen), launch.json, mcp.json" },
  { glob: "**/*.code-workspace", why: "a workspace file carries settings, tasks and launch configurations" },
  { glob: "**/.zed/**", why: "Zed settings (context servers, agent tool permissions) and tasks" },
  { glob: "**/.windsurf/hooks.json", why: "Windsurf Cascade workspace hooks: shell commands on agent events" },
  { glob: "**/.kiro/hooks/**", why: "Kiro hooks: shell commands on file save and tool use" },
  { glob: "**/.kiro/settings/**", why: "Kiro settings: mcp.json servers" },
  { glob: "**/.kiro/agents/**", why: "Kiro custom agents: tools, allowed tools, hooks" },
  { glob: "**/.clinerules/hooks/**", why: "Cline hook scripts, run on agent events" },
  { glob: "**/.opencode/**", why: "opencode plugins (JS run at start-up), agents, commands, tools" },
  { glob: "**/opencode.json", why: "opencode config: permissions, MCP servers, plugins" },
  { glob: "**/opencode.jsonc", why: "opencode config, JSONC spelling" },
  // shells, environments, containers, package managers
  { glob: "**/.envrc", why: "direnv runs it in the user's shell on cd (auto-allowed under whitelist prefixes)" },
  // Root only, as the gate's own .env entries (hooks-doctor.md §2.9): a package's env file is app
  // configuration agents copy and template (`cp .env backup/` stays allowed at the hook).
  { glob: ".env", why: "loaded into a process environment without asking (Gemini CLI, direnv dotenv, compose)" },
  { glob: ".env.*", why: "framework and dotenv variants (.env.local, …), loaded the same way" },
  { glob: "**/mise.toml", why: "mise: [env] _.source, hooks and tasks run on cd once the path is trusted" },
  { glob: "**/.mise.toml", why: "mise, dot spelling" },
  { glob: "**/mise.*.toml", why: "mise environment and local variants" },
  { glob: "**/.mise.*.toml", why: "mise environment and local variants, dot spelling" },
  { glob: "**/.mise/**", why: "mise config directory" },
  { glob: "**/mise/config.toml", why: "mise config directory, plain spelling" },
  { glob: "**/.config/mise.toml", why: "mise config under .config" },
  { glob: "**/.config/mise/**", why: "mise config directory under .config" },
  { glob: "**/.devcontainer/**", why: "initializeCommand runs on the host, postCreate/postStart in the container" },
  { glob: "**/.devcontainer.json", why: "the single-file devcontainer spelling" },
  { glob: "**/.npmrc", why: "script-shell, node-options, registry and auth: every npm run goes through it" },
  { glob: "**/.yarnrc", why: "yarn-path: yarn v1 runs that file as yarn" },
  { glob: "**/.yarnrc.yml", why: "yarnPath and plugins: Yarn runs the named JavaScript on every call" },
  // AXIOM
  { glob: `**/${AXIOM_GLOB}`, why: "a nested store: the gate discovers it as a root and reads its gate profile" },
];

/** The one list: D24's H first (the spec's text and order), then the SEC-20 additions. */
export const PROTECTED_PATHS: readonly string[] = [...D24_HARNESS_PATHS, ...RUN_OR_TRUSTED.map((e) => e.glob)];

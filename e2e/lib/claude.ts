// Claude Code against the mock: ANTHROPIC_BASE_URL, a dummy key approved in the isolated HOME's
// ~/.claude.json with onboarding, the trust dialog and the project server `axiom` pre-answered
// (the one-time steps init prints, done here by the test).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { harnessBin } from "./harnesses";
import { baseEnv } from "./run";

export const CLAUDE_KEY = "sk-ant-api03-e2e-dummy-key-0000000000000000000000";

export function claudeHome(home: string, root: string): void {
  const state = {
    hasCompletedOnboarding: true,
    lastOnboardingVersion: "2.1.197",
    theme: "dark",
    autoUpdates: false,
    customApiKeyResponses: { approved: [CLAUDE_KEY.slice(-20)], rejected: [] },
    projects: {
      [root]: {
        hasTrustDialogAccepted: true,
        hasCompletedProjectOnboarding: true,
        enabledMcpjsonServers: ["axiom"],
        allowedTools: [],
      },
    },
  };
  writeFileSync(join(home, ".claude.json"), JSON.stringify(state, null, 2));
}

export function claudeEnv(home: string, mockUrl: string): Record<string, string> {
  return baseEnv(home, {
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: CLAUDE_KEY,
    ANTHROPIC_MODEL: "claude-sonnet-4-5",
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: "1",
    MCP_TIMEOUT: "60000",
    // Connect MCP servers before the first turn (the TUI connects in the background otherwise).
    MCP_CONNECTION_NONBLOCKING: "false",
  });
}

export const CLAUDE_BIN = harnessBin("claude");

/** Print mode with the native write tools and AXIOM's allowed, so only the gate and the form can stop a write. */
export function claudePrintArgv(prompt: string): string[] {
  return [
    CLAUDE_BIN,
    "-p",
    prompt,
    "--output-format",
    "json",
    ...(process.env.E2E_DEBUG ? ["--debug-file", process.env.E2E_DEBUG] : []),
    "--allowedTools",
    "Write Edit Bash mcp__axiom__axiom_write mcp__axiom__axiom_status",
  ];
}

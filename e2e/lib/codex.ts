// Codex CLI against the mock: a custom model provider with the Responses wire API, the project
// trusted in the isolated CODEX_HOME (the one-time step init prints), hooks run with
// --dangerously-bypass-hook-trust (the other documented way past hook trust).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { harnessBin } from "./harnesses";
import { baseEnv } from "./run";

export const CODEX_BIN = harnessBin("codex");
/** A catalogued model (Codex offers its freeform apply_patch only to those, harness-facts.md §1), the newest: the TUI offers no model upgrade for it. */
export const CODEX_MODEL = "gpt-5.5";

/** Only Codex's main agent is offered exec_command (a side agent it runs in the TUI is offered apply_patch alone). */
export const CODEX_MAIN_TOOL = "exec_command";

export function codexHome(home: string, root: string, mockUrl: string): string {
  const codexHomeDir = join(home, ".codex");
  mkdirSync(codexHomeDir, { recursive: true });
  const toml = [
    `model = "${CODEX_MODEL}"`,
    `model_provider = "mock"`,
    `check_for_update_on_startup = false`,
    // Keys from tmux arrive as fast as a paste: without this the TUI holds Enter as pasted text.
    `disable_paste_burst = true`,
    "",
    // The one-time notices a new user answers once (model upgrade offers, screen reader probe).
    "[tui]",
    "screen_reader_detection_done = true",
    "",
    "[tui.model_availability_nux]",
    `"gpt-6.1-sol" = 1`,
    "",
    "[notice.model_migrations]",
    `"gpt-5.5" = "gpt-6-sol"`,
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[model_providers.mock]",
    `name = "mock"`,
    `base_url = "${mockUrl}/v1"`,
    `wire_api = "responses"`,
    `env_key = "MOCK_API_KEY"`,
    "stream_max_retries = 0",
    "request_max_retries = 0",
    "",
    `[projects."${root}"]`,
    `trust_level = "trusted"`,
    "",
  ].join("\n");
  writeFileSync(join(codexHomeDir, "config.toml"), toml);
  return codexHomeDir;
}

export function codexEnv(home: string, codexHomeDir: string): Record<string, string> {
  return baseEnv(home, { CODEX_HOME: codexHomeDir, MOCK_API_KEY: "sk-e2e-dummy", RUST_LOG: "error" });
}

export function codexExecArgv(prompt: string, config: readonly string[] = []): string[] {
  const overrides = config.flatMap((c) => ["-c", c]);
  return [
    CODEX_BIN,
    "exec",
    "--json",
    "--skip-git-repo-check",
    "--dangerously-bypass-hook-trust",
    ...overrides,
    prompt,
  ];
}

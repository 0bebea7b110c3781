// Codex CLI against the mock: a custom model provider with the Responses wire API, the project
// trusted in the isolated CODEX_HOME (the one-time step init prints), hooks run with
// --dangerously-bypass-hook-trust (the other documented way past hook trust).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { harnessBin } from "./harnesses";
import { baseEnv } from "./run";

export const CODEX_BIN = harnessBin("codex");
/** A catalogued model: Codex offers its freeform apply_patch only to those (harness-facts.md §1). */
export const CODEX_MODEL = "gpt-5.5";

export function codexHome(home: string, root: string, mockUrl: string): string {
  const codexHomeDir = join(home, ".codex");
  mkdirSync(codexHomeDir, { recursive: true });
  const toml = [
    `model = "${CODEX_MODEL}"`,
    `model_provider = "mock"`,
    `check_for_update_on_startup = false`,
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
  // `required`: Codex waits for the server before the first turn (else an early tool_search can
  // run before AXIOM's tools are listed); it fails the run when the server does not start.
  const overrides = ["mcp_servers.axiom.required=true", ...config].flatMap((c) => ["-c", c]);
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

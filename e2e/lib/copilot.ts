// Copilot CLI against the mock: BYOK offline mode with the Responses wire API (no GitHub auth),
// the folder trusted with --trust-folder (the one-time step init prints), every tool allowed so
// only the gate hook and AXIOM can stop a write.
import { harnessBin } from "./harnesses";
import { baseEnv } from "./run";

export const COPILOT_BIN = harnessBin("copilot");

export function copilotEnv(home: string, mockUrl: string): Record<string, string> {
  return baseEnv(home, {
    COPILOT_HOME: `${home}/.copilot`,
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_WIRE_API: "responses",
    COPILOT_PROVIDER_API_KEY: "sk-e2e-dummy",
    COPILOT_MODEL: "gpt-5.5",
    COPILOT_AUTO_UPDATE: "false",
  });
}

export function copilotPrintArgv(prompt: string): string[] {
  return [
    COPILOT_BIN,
    "-p",
    prompt,
    "--allow-all-tools",
    "--trust-folder",
    "--output-format",
    "json",
    "--no-auto-update",
    "--disable-client-telemetry",
    "--no-ask-user",
  ];
}

// Gemini CLI against the mock: GOOGLE_GEMINI_BASE_URL, a dummy API key with the auth type chosen
// in the isolated HOME's settings (else headless mode exits 41), and the folder trusted in
// ~/.gemini/trustedFolders.json (the one-time step init prints).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { harnessBin } from "./harnesses";
import { baseEnv } from "./run";

export const GEMINI_BIN = harnessBin("gemini");

export function geminiHome(home: string, root: string): void {
  const dir = join(home, ".gemini");
  mkdirSync(dir, { recursive: true });
  const settings = {
    security: { auth: { selectedType: "gemini-api-key" } },
    privacy: { usageStatisticsEnabled: false },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    telemetry: { enabled: false },
  };
  writeFileSync(join(dir, "settings.json"), JSON.stringify(settings, null, 2));
  writeFileSync(join(dir, "trustedFolders.json"), JSON.stringify({ [root]: "TRUST_FOLDER" }, null, 2));
}

export function geminiEnv(home: string, mockUrl: string): Record<string, string> {
  return baseEnv(home, {
    GOOGLE_GEMINI_BASE_URL: mockUrl,
    GEMINI_API_KEY: "e2e-dummy-key",
    GEMINI_CLI_NO_RELAUNCH: "true",
  });
}

export function geminiPrintArgv(prompt: string): string[] {
  // An explicit model: with the default "auto" Gemini first asks a router model (JSON it retries with backoff).
  return [
    GEMINI_BIN,
    "-p",
    prompt,
    "--model",
    "gemini-2.5-flash",
    "--approval-mode",
    "yolo",
    "--output-format",
    "stream-json",
  ];
}

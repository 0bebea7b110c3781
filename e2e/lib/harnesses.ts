// The pinned harnesses (issue 19: the versions the facts were measured on). One source of truth:
// the install step, the bins the tests run and the docs' table all read this list.
import { join } from "node:path";
import { E2E_DIR } from "./paths";

export const HARNESS_PACKAGES = {
  claude: { pkg: "@anthropic-ai/claude-code", version: "2.1.197", bin: "claude", versionText: "2.1.197 (Claude Code)" },
  codex: { pkg: "@openai/codex", version: "0.171.0", bin: "codex", versionText: "codex-cli 0.171.0" },
  copilot: { pkg: "@github/copilot", version: "1.0.102", bin: "copilot", versionText: "GitHub Copilot CLI 1.0.102" },
  gemini: { pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini", versionText: "0.61.0" },
  // Not a harness: the MCP Inspector's CLI, whose --strict schema-portability report must stay empty.
  inspector: { pkg: "@modelcontextprotocol/inspector", version: "2.12.0", bin: "mcp-inspector", versionText: "2.12.0" },
} as const;

export type HarnessName = keyof typeof HARNESS_PACKAGES;

/** The git-ignored install cache (`npm install --prefix`), kept between runs. */
export const HARNESS_DIR = join(E2E_DIR, ".harnesses");

export const harnessBin = (h: HarnessName): string =>
  join(HARNESS_DIR, "node_modules", ".bin", HARNESS_PACKAGES[h].bin);

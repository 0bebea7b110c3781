// Strict argument parsing of `axiom gate` (hooks-doctor.md §2.1).
import { parseArgs } from "node:util";
import type { GateOptions, LogLevel } from "./types";

export const GATE_USAGE =
  "usage: axiom gate --stdin [--root <dir>] [--profile <file>] [--fail-open] [--no-shell-scan] [--no-root-discovery] [--log-level error|warn|info|debug]";

const LEVELS: readonly LogLevel[] = ["error", "warn", "info", "debug"];

export type ParsedGateArgs = { ok: true; options: GateOptions } | { ok: false; message: string };

export function parseGateArgs(args: string[]): ParsedGateArgs {
  let parsed: ReturnType<typeof parseGateArgsRaw>;
  try {
    parsed = parseGateArgsRaw(args);
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const v = parsed.values;
  if (v.stdin !== true) return { ok: false, message: "--stdin is required" };
  const level = v["log-level"];
  return {
    ok: true,
    options: {
      root: v.root,
      profile: v.profile,
      failOpen: v["fail-open"] === true,
      shellScan: v["no-shell-scan"] !== true,
      rootDiscovery: v["no-root-discovery"] !== true,
      // An unknown level falls back to warn (§2.1).
      logLevel: LEVELS.includes(level as LogLevel) ? (level as LogLevel) : "warn",
    },
  };
}

function parseGateArgsRaw(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      stdin: { type: "boolean" },
      root: { type: "string" },
      profile: { type: "string" },
      "fail-open": { type: "boolean" },
      "no-shell-scan": { type: "boolean" },
      "no-root-discovery": { type: "boolean" },
      "log-level": { type: "string" },
      strict: { type: "boolean" },
    },
  });
}

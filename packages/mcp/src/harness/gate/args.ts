// Strict argument parsing of `axiom gate` (hooks-doctor.md §2.1).
import { type GateOptions, HARNESSES, type Harness, type LogLevel, type RouteMode } from "./types";

export const GATE_USAGE =
  "usage: axiom gate --stdin [--root <dir>] [--profile <file>] [--fail-open] [--no-shell-scan] [--no-root-discovery] [--log-level error|warn|info|debug] [--harness claude|codex|copilot|gemini|vscode|cursor] [--route all|protected]";

const LEVELS: readonly LogLevel[] = ["error", "warn", "info", "debug"];

/** The flag table of §2.1, shared with the verb table entry (cli/verbs/gate.ts). */
export const GATE_FLAGS = {
  stdin: { type: "boolean" },
  root: { type: "string" },
  profile: { type: "string" },
  "fail-open": { type: "boolean" },
  "no-shell-scan": { type: "boolean" },
  "no-root-discovery": { type: "boolean" },
  "log-level": { type: "string" },
  strict: { type: "boolean" },
  harness: { type: "string" },
  route: { type: "string" },
} as const;

const ROUTES: readonly RouteMode[] = ["all", "protected"];

export type ParsedGateArgs = { ok: true; options: GateOptions } | { ok: false; message: string };

type Values = {
  -readonly [K in keyof typeof GATE_FLAGS]?: (typeof GATE_FLAGS)[K]["type"] extends "string" ? string : boolean;
};

/**
 * util.parseArgs semantics for this flag table (strict, no positionals, `--name value` or
 * `--name=value` for strings, last occurrence wins), hand-rolled: importing node:util loads its
 * whole surface (MIME, parse_args, …), a measurable share of every hook call's start-up.
 */
function parseGateArgsRaw(args: string[]): Values {
  const values: Values = {};
  const flags: Record<string, { type: "boolean" | "string" }> = GATE_FLAGS;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--") || arg === "--") {
      throw new Error(`Unexpected argument '${arg}'. This command does not take positional arguments`);
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const flag = Object.hasOwn(flags, name) ? flags[name] : undefined;
    if (flag === undefined) throw new Error(`Unknown option '--${name}'`);
    const key = name as keyof Values;
    if (flag.type === "boolean") {
      if (eq !== -1) throw new Error(`Option '--${name}' does not take an argument`);
      (values as Record<string, unknown>)[key] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = args[i + 1];
      if (value === undefined || (value.length > 1 && value.startsWith("-")))
        throw new Error(`Option '--${name} <value>' argument missing`);
      i++;
    }
    (values as Record<string, unknown>)[key] = value;
  }
  return values;
}

export function parseGateArgs(args: string[]): ParsedGateArgs {
  let v: Values;
  try {
    v = parseGateArgsRaw(args);
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  if (v.stdin !== true) return { ok: false, message: "--stdin is required" };
  // Unknown values are bad arguments (exit 2, a blocking exit in every harness), never a guess.
  if (v.harness !== undefined && !HARNESSES.includes(v.harness as Harness)) {
    return { ok: false, message: `--harness must be one of ${HARNESSES.join(", ")}` };
  }
  if (v.route !== undefined && !ROUTES.includes(v.route as RouteMode)) {
    return { ok: false, message: "--route must be all or protected" };
  }
  const level = v["log-level"];
  return {
    ok: true,
    options: {
      ...(v.harness !== undefined ? { harness: v.harness as Harness } : {}),
      ...(v.route !== undefined ? { route: v.route as RouteMode } : {}),
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

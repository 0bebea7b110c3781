// The MCP server checks of doctor (hooks-doctor.md §4.2 mcp.*, issue 19): per harness file, the
// `axiom` entry is declared, starts (spawned exactly as written) and lists AXIOM's tools, and which
// profile it puts in force — "in force" only when the entry itself passes `--profile <name>`.

import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { WORKSPACE_FOLDER } from "../init/entries";
import { readJsoncFile } from "./harness";
import { isPlainObject } from "./jsonc";
import { missingTools, type ServerProbe } from "./server-probe";
import { scanToml, tomlGet } from "./toml";
import type { DoctorCheck } from "./types";

interface ServerFile {
  id: string;
  file: string;
  /** The container key of JSON files (`servers`, `mcpServers`); TOML for Codex. */
  key: string | "toml";
}

export const SERVER_FILES: ServerFile[] = [
  { id: "mcp.vscode", file: ".vscode/mcp.json", key: "servers" },
  { id: "mcp.claude", file: ".mcp.json", key: "mcpServers" },
  { id: "mcp.copilot", file: ".github/mcp.json", key: "mcpServers" },
  { id: "mcp.cursor", file: ".cursor/mcp.json", key: "mcpServers" },
  { id: "mcp.codex", file: ".codex/config.toml", key: "toml" },
  { id: "mcp.gemini", file: ".gemini/settings.json", key: "mcpServers" },
];

type Entry = { kind: "absent" } | { kind: "bad"; why: string } | { kind: "none" } | { kind: "ok"; value: unknown };

async function readEntry(root: string, s: ServerFile): Promise<Entry> {
  const abs = path.join(root, s.file);
  if (s.key !== "toml") {
    const r = await readJsoncFile(abs);
    if (r.kind !== "ok") return r;
    const c = isPlainObject(r.value) ? r.value[s.key] : undefined;
    return isPlainObject(c) && c.axiom !== undefined ? { kind: "ok", value: c.axiom } : { kind: "none" };
  }
  let text: string;
  try {
    text = await readFile(abs, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? { kind: "absent" } : { kind: "bad", why: `unreadable (${code})` };
  }
  const scan = scanToml(text);
  if (!scan.ok) return { kind: "bad", why: scan.why };
  const command = tomlGet(scan, ["mcp_servers", "axiom", "command"]);
  if (command === undefined) return { kind: "none" };
  return { kind: "ok", value: { command, args: tomlGet(scan, ["mcp_servers", "axiom", "args"]) ?? [] } };
}

/** Package runners fetch and run whatever a registry holds under a name: doctor never starts one. */
const RUNNERS = new Set(["npx", "bunx", "pnpx", "uvx", "npm", "pnpm", "yarn"]);

/** `--profile X` / `--profile=X` in an argument list. */
export function profileArg(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--profile") return args[i + 1];
    if (a.startsWith("--profile=")) return a.slice("--profile=".length);
  }
  return undefined;
}

export interface ServerReport {
  checks: DoctorCheck[];
  /** Profile name → the check ids of the entries that pass it. */
  inForce: Map<string, string[]>;
}

export async function serverChecks(root: string, repoProfiles: string[], probe: ServerProbe): Promise<ServerReport> {
  const checks: DoctorCheck[] = [];
  const inForce = new Map<string, string[]>();
  const started = new Map<string, Awaited<ReturnType<ServerProbe>>>();
  for (const s of SERVER_FILES) {
    const e = await readEntry(root, s);
    const check = (status: DoctorCheck["status"], message: string, hint?: string) =>
      checks.push({ id: s.id, status, message, ...(hint !== undefined ? { hint } : {}) });
    if (e.kind === "absent") continue;
    if (e.kind === "bad") {
      check("warn", `${s.file}: ${e.why}`, `fix ${s.file} or add the entry with axiom init`);
      continue;
    }
    const where = s.key === "toml" ? `${s.file} [mcp_servers.axiom]` : `${s.file} ${s.key}.axiom`;
    if (e.kind === "none") {
      check("warn", `${s.file} has no ${s.key === "toml" ? "[mcp_servers.axiom]" : `${s.key}.axiom`}`, "axiom init");
      continue;
    }
    const v = e.value;
    const command = isPlainObject(v) ? v.command : undefined;
    const rawArgs = isPlainObject(v) ? (v.args ?? []) : undefined;
    if (isPlainObject(v) && (v.type === "http" || v.type === "sse" || v.url !== undefined)) {
      check("ok", `${where} is a remote (${String(v.type ?? "url")}) entry: not started by doctor`);
      continue;
    }
    if (typeof command !== "string" || !Array.isArray(rawArgs) || !rawArgs.every((a) => typeof a === "string")) {
      check("fail", `${where} has no command string and args list`, "axiom init --force");
      continue;
    }
    // The harness expands the workspace variable to the folder it opened: the root.
    const args = (rawArgs as string[]).map((a) => a.split(WORKSPACE_FOLDER).join(root));
    const argv = [command, ...args];
    const fix = "axiom init --force (rewrites the entry for this machine)";
    if (RUNNERS.has(path.basename(command).replace(/\.(cmd|exe)$/i, ""))) {
      check(
        "fail",
        `${where} runs ${argv.slice(0, 3).join(" ")}: a package runner fetches whatever the registry holds under that name (the npm name @codai/axiom-mcp is not this project); not started`,
        fix,
      );
      continue;
    }
    if (args.some((a) => /\$\{[^}]+\}/.test(a))) {
      check("warn", `${where} uses variables doctor cannot expand (${args.join(" ")}); not started`, fix);
      continue;
    }
    const key = JSON.stringify(argv);
    const result = started.get(key) ?? (await probe(argv, root));
    started.set(key, result);
    if (!result.ok) {
      check("fail", `${where} does not start (${argv.join(" ")}): ${result.why}`, fix);
      continue;
    }
    const missing = missingTools(result.tools);
    if (missing.length > 0) {
      check("fail", `${where} starts but tools/list lacks ${missing.join(", ")}`, fix);
      continue;
    }
    const profile = profileArg(args);
    const human = args.includes("--require-human") ? "--require-human" : "no --require-human";
    const started_ = `${where} starts and lists ${result.tools.length} tools`;
    if (profile === undefined) {
      if (repoProfiles.length > 0) {
        check(
          "fail",
          `${started_}, but passes no --profile: the built-in default is in force, not ${repoProfiles.join(", ")}`,
          `${fix}, or add "--profile", "${repoProfiles[0]}" to its args`,
        );
      } else check("ok", `${started_}; the built-in default profile is in force; ${human}`);
      continue;
    }
    inForce.set(profile, [...(inForce.get(profile) ?? []), s.id]);
    check("ok", `${started_}; profile ${profile} is in force; ${human}`);
  }
  return { checks, inForce };
}

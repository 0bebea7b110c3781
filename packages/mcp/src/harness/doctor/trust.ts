// The one-time human steps doctor can see (issue 19 item 7): Codex loads the project layer only in a
// trusted project and runs a hook only once a person trusted it (untrusted hooks are skipped
// silently: fail open), Copilot CLI and Gemini CLI load repo hooks and servers only in a trusted
// folder. The facts are ../shared/harness-facts.md's; user config is read, never written.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { getIn, readJsoncFile } from "./harness";
import type { FoundHook } from "./hooks";
import { isPlainObject } from "./jsonc";
import { scanToml, tomlGet } from "./toml";
import type { DoctorCheck } from "./types";

export interface TrustInputs {
  root: string;
  home: string;
  /** CODEX_HOME, COPILOT_HOME override the user folders, as in the harnesses. */
  env: Record<string, string | undefined>;
  codexHook?: FoundHook;
}

const inside = (dir: string, root: string) =>
  root === dir || root.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

async function codexTrust(t: TrustInputs): Promise<DoctorCheck[]> {
  const hooksFile = path.join(t.root, ".codex", "hooks.json");
  if (!existsSync(path.join(t.root, ".codex", "config.toml")) && !existsSync(hooksFile)) return [];
  const codexHome = t.env.CODEX_HOME ?? path.join(t.home, ".codex");
  const userConfig = path.join(codexHome, "config.toml");
  const label = t.env.CODEX_HOME !== undefined ? userConfig : "~/.codex/config.toml";
  let text = "";
  try {
    text = await readFile(userConfig, "utf8");
  } catch {
    text = "";
  }
  const scan = scanToml(text);
  if (!scan.ok)
    return [
      { id: "trust.codex", status: "warn", message: `${label}: ${scan.why}; trust not checked`, hint: `fix ${label}` },
    ];
  const left: string[] = [];
  if (tomlGet(scan, ["projects", t.root, "trust_level"]) !== "trusted")
    left.push(
      `trust the project: start codex in ${t.root} and accept the trust prompt (it records [projects."${t.root}"] trust_level = "trusted" in ${label})`,
    );
  const h = t.codexHook;
  if (h !== undefined) {
    const key = `${hooksFile}:pre_tool_use:${h.group}:${h.handler}`;
    const hash = tomlGet(scan, ["hooks", "state", key, "trusted_hash"]);
    if (tomlGet(scan, ["hooks", "state", key, "enabled"]) === false)
      left.push(`enable the gate hook: it is disabled in ${label} [hooks.state."${key}"]`);
    else if (typeof hash !== "string")
      left.push('trust the gate hook: in the codex TUI open /hooks and choose "Trust all and continue"');
  }
  if (left.length > 0)
    return [
      {
        id: "trust.codex",
        status: "fail",
        message: `Codex skips an untrusted project layer and untrusted hooks silently, so native writes run ungated; left: ${left.length}`,
        hint: left.join("; then "),
      },
    ];
  return [
    {
      id: "trust.codex",
      status: "ok",
      message: `project trusted${h !== undefined ? "; gate hook trusted (a changed hook needs trusting again in /hooks)" : ""}`,
    },
  ];
}

async function copilotTrust(t: TrustInputs): Promise<DoctorCheck[]> {
  if (!existsSync(path.join(t.root, ".github", "mcp.json"))) return [];
  const dir = t.env.COPILOT_HOME ?? path.join(t.home, ".copilot");
  const label = t.env.COPILOT_HOME !== undefined ? path.join(dir, "config.json") : "~/.copilot/config.json";
  const r = await readJsoncFile(path.join(dir, "config.json"));
  if (r.kind === "bad")
    return [
      { id: "trust.copilot", status: "warn", message: `${label}: ${r.why}; trust not checked`, hint: `fix ${label}` },
    ];
  const value = r.kind === "ok" ? r.value : {};
  // Older builds wrote trusted_folders, newer ones trustedFolders.
  const list = [getIn(value, "trustedFolders"), getIn(value, "trusted_folders")].flatMap((v) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
  );
  if (list.some((d) => inside(path.resolve(d), t.root)))
    return [{ id: "trust.copilot", status: "ok", message: `${t.root} is a trusted folder` }];
  return [
    {
      id: "trust.copilot",
      status: "warn",
      message: `${t.root} is not a trusted folder in ${label}: Copilot asks at start, and .github/mcp.json and .github/hooks load only once it is trusted`,
      hint: `start copilot in ${t.root} and trust the folder for future sessions (or pass --trust-folder)`,
    },
  ];
}

async function geminiTrust(t: TrustInputs): Promise<DoctorCheck[]> {
  const settings = await readJsoncFile(path.join(t.root, ".gemini", "settings.json"));
  if (settings.kind !== "ok" || getIn(settings.value, "mcpServers", "axiom") === undefined) return [];
  const r = await readJsoncFile(path.join(t.home, ".gemini", "trustedFolders.json"));
  if (r.kind === "bad")
    return [
      { id: "trust.gemini", status: "warn", message: `~/.gemini/trustedFolders.json: ${r.why}`, hint: "fix the file" },
    ];
  const map = r.kind === "ok" && isPlainObject(r.value) ? r.value : {};
  const rule = (dir: string) => map[dir];
  let trusted = false;
  for (const [dir, v] of Object.entries(map)) {
    const d = path.resolve(dir);
    if (v === "TRUST_FOLDER" && inside(d, t.root)) trusted = true;
    if (v === "TRUST_PARENT" && inside(path.dirname(d), t.root)) trusted = true;
  }
  if (rule(t.root) === "DO_NOT_TRUST") trusted = false;
  if (trusted) return [{ id: "trust.gemini", status: "ok", message: `${t.root} is a trusted folder` }];
  return [
    {
      id: "trust.gemini",
      status: "warn",
      message: `${t.root} is not trusted in ~/.gemini/trustedFolders.json: Gemini ignores .gemini/settings.json (the axiom server and the BeforeTool hook) until it is`,
      hint: `start gemini in ${t.root} and trust the folder (or add "${t.root}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json)`,
    },
  ];
}

export async function trustChecks(t: TrustInputs): Promise<DoctorCheck[]> {
  return [...(await codexTrust(t)), ...(await copilotTrust(t)), ...(await geminiTrust(t))];
}

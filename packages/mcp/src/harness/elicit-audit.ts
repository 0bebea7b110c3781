// auditElicitationHooks(root, home) (seed-human-confirm.md §4, hooks-doctor.md §4.4): harness
// settings that defeat the human step of the confirm flow. Reads only the listed files; no env,
// no writes. Returns zero, one or two doctor checks.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { isPlainObject, parseJsonc } from "./doctor/jsonc";
import type { DoctorCheck } from "./doctor/types";

export type { DoctorCheck };

type Kind = "claude" | "vscode";
type Status = "warn" | "fail";

interface Source {
  kind: Kind;
  file: string;
  /** How the message names the file: root-relative or `~/…`. */
  label: string;
}

const AUTO_APPROVE_KEYS = ["chat.tools.global.autoApprove", "chat.tools.autoApprove"];
const HOOK_EVENTS = ["Elicitation", "ElicitationResult"];

/** The stable-channel VS Code user settings file for this platform, under `home`. */
export function vscodeUserSettings(home: string, platform: NodeJS.Platform = process.platform): string {
  if (platform === "darwin") return path.join(home, "Library", "Application Support", "Code", "User", "settings.json");
  if (platform === "win32") return path.join(home, "AppData", "Roaming", "Code", "User", "settings.json");
  return path.join(home, ".config", "Code", "User", "settings.json");
}

function sources(root: string, home: string): Source[] {
  const homeLabel = (f: string) => `~/${path.relative(home, f).split(path.sep).join("/")}`;
  const vsUser = vscodeUserSettings(home);
  return [
    { kind: "claude", file: path.join(root, ".claude", "settings.json"), label: ".claude/settings.json" },
    { kind: "claude", file: path.join(root, ".claude", "settings.local.json"), label: ".claude/settings.local.json" },
    { kind: "claude", file: path.join(home, ".claude", "settings.json"), label: "~/.claude/settings.json" },
    { kind: "vscode", file: path.join(root, ".vscode", "settings.json"), label: ".vscode/settings.json" },
    { kind: "vscode", file: vsUser, label: homeLabel(vsUser) },
  ];
}

/** The value at a flat dotted key, or at the same path through nested objects. */
function settingValue(doc: Record<string, unknown>, key: string): unknown[] {
  const out: unknown[] = [];
  if (Object.hasOwn(doc, key)) out.push(doc[key]);
  let cur: unknown = doc;
  for (const part of key.split(".")) {
    if (!isPlainObject(cur) || !Object.hasOwn(cur, part)) return out;
    cur = cur[part];
  }
  out.push(cur);
  return out;
}

function findings(kind: Kind, doc: unknown): { key: string; status: Status }[] {
  if (!isPlainObject(doc)) return [];
  if (kind === "claude") {
    const hooks = doc.hooks;
    if (!isPlainObject(hooks)) return [];
    // Matchers are not evaluated: the server's registered name is unknown (fail-closed).
    return HOOK_EVENTS.filter((e) => Array.isArray(hooks[e]) && (hooks[e] as unknown[]).length > 0).map((e) => ({
      key: `hooks.${e}`,
      status: "fail" as const,
    }));
  }
  return AUTO_APPROVE_KEYS.filter((k) => settingValue(doc, k).some((v) => v === true)).map((k) => ({
    key: k,
    status: "warn" as const,
  }));
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    // Exists but cannot be read: as unparseable, "nothing set" cannot be shown for it.
    return "\u0000unreadable";
  }
}

export async function auditElicitationHooks(root: string, home: string): Promise<DoctorCheck[]> {
  const parts: Record<Kind, { text: string; status: Status }[]> = { claude: [], vscode: [] };
  for (const src of sources(root, home)) {
    const text = await readOptional(src.file);
    if (text === undefined) continue;
    const parsed = parseJsonc(text);
    if (!parsed.ok) {
      parts[src.kind].push({ text: `${src.label}: not audited (not JSON(C))`, status: "warn" });
      continue;
    }
    for (const f of findings(src.kind, parsed.value))
      parts[src.kind].push({ text: `${src.label}: ${f.key}`, status: f.status });
  }
  const checks: DoctorCheck[] = [];
  const build = (id: string, list: { text: string; status: Status }[], hint: string) => {
    if (list.length === 0) return;
    checks.push({
      id,
      status: list.some((p) => p.status === "fail") ? "fail" : "warn",
      message: list.map((p) => p.text).join("; "),
      hint,
    });
  };
  build(
    "elicitation.autoAnswer",
    parts.claude,
    "remove these hooks: AXIOM's confirmation must be answered by a person",
  );
  build("elicitation.autoApprove", parts.vscode, "set it to false or remove it");
  return checks;
}

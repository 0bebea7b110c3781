// `axiom init` (hooks-doctor.md §3): harness selection, the files of §3.3 in order, notes and the
// Codex snippet. Idempotent; files already written stay when a later one fails.
import { realpath, stat } from "node:fs/promises";
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import { AXIOM_DIR, AXIOM_REL } from "@codai/axiom-store/layout";
import { isPlainObject } from "../doctor/jsonc";
import {
  CLAUDE_HOOK_ENTRY,
  COPILOT_HOOK_FILE,
  claudeServer,
  codexSnippet,
  cursorServer,
  GITIGNORE_LINES,
  gateProfile,
  majorOf,
  repoProfile,
  vscodeServer,
} from "./content";
import { deriveProfileName, validateProfileName } from "./profile-name";
import { type FileResult, keyedEntry, type MergeSpec, writeGitignore, writeMerged, writeOwned } from "./write-rules";

export const HARNESSES = ["claude", "vscode", "copilot", "codex", "cursor"] as const;
export type Harness = (typeof HARNESSES)[number];

const MARKERS: [string, Harness][] = [
  [".github", "copilot"],
  [".claude", "claude"],
  [".codex", "codex"],
  [".vscode", "vscode"],
  [".cursor", "cursor"],
];

export interface InitOptions {
  root: string;
  harness: Harness | "auto";
  profileName?: string;
  force: boolean;
  version: string;
}

export interface InitResult {
  root: string;
  harnesses: Harness[];
  profile: string;
  files: FileResult[];
  notes: string[];
  snippets: { harness: "codex"; path: string; text: string }[];
}

const isDir = (p: string) =>
  stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );

async function selectHarnesses(root: string, choice: Harness | "auto"): Promise<Harness[]> {
  if (choice !== "auto") return [choice];
  const found: Harness[] = [];
  for (const [dir, h] of MARKERS) if (await isDir(path.join(root, dir))) found.push(h);
  return found.length > 0 ? found : ["copilot", "vscode"];
}

/** An existing PreToolUse entry counts when one of its hook commands runs `axiom … gate`. */
const claudeHook: MergeSpec = {
  fresh: () => ({ hooks: { PreToolUse: [CLAUDE_HOOK_ENTRY] } }),
  merge(doc, force) {
    if (doc.hooks === undefined) doc.hooks = {};
    const hooks = doc.hooks;
    if (!isPlainObject(hooks)) return { skip: "hooks is not an object" };
    if (hooks.PreToolUse === undefined) hooks.PreToolUse = [];
    const list = hooks.PreToolUse;
    if (!Array.isArray(list)) return { skip: "hooks.PreToolUse is not an array" };
    const at = list.findIndex(
      (e) =>
        isPlainObject(e) &&
        Array.isArray(e.hooks) &&
        e.hooks.some((h) => isPlainObject(h) && typeof h.command === "string" && /\baxiom\b.*\bgate\b/.test(h.command)),
    );
    if (at !== -1) {
      if (!force) return "present";
      list[at] = CLAUDE_HOOK_ENTRY;
      return "replaced";
    }
    list.push(CLAUDE_HOOK_ENTRY);
    return "added";
  },
};

export async function runInit(opts: InitOptions): Promise<InitResult> {
  // The name is checked before anything is written.
  if (opts.profileName !== undefined) validateProfileName(opts.profileName);
  let root: string;
  try {
    root = await realpath(opts.root);
    if (!(await isDir(root))) throw new Error("not a directory");
  } catch {
    throw axiomError("ERR_ROOT_NOT_DIR", { message: `not a directory: ${opts.root}`, path: opts.root });
  }
  const harnesses = await selectHarnesses(root, opts.harness);
  const profile = opts.profileName ?? deriveProfileName(path.basename(root));
  const major = majorOf(opts.version);
  const has = (h: Harness) => harnesses.includes(h);
  const f = opts.force;
  const files: FileResult[] = [];
  files.push(await writeMerged(root, ".vscode/mcp.json", keyedEntry("servers", vscodeServer(major)), f));
  if (has("claude"))
    files.push(await writeMerged(root, ".mcp.json", keyedEntry("mcpServers", claudeServer(major, root)), f));
  if (has("cursor"))
    files.push(await writeMerged(root, ".cursor/mcp.json", keyedEntry("mcpServers", cursorServer(major)), f));
  if (has("copilot") || has("vscode"))
    files.push(await writeOwned(root, ".github/hooks/axiom-gate.json", COPILOT_HOOK_FILE, f));
  if (has("claude")) files.push(await writeMerged(root, ".claude/settings.json", claudeHook, f));
  files.push(await writeOwned(root, `${AXIOM_DIR}/profiles/${profile}.json`, repoProfile(profile), f));
  files.push(await writeOwned(root, AXIOM_REL.gateProfile, gateProfile(), f));
  files.push(await writeGitignore(root, GITIGNORE_LINES));

  const notes: string[] = [];
  if (has("codex"))
    notes.push(
      "codex: no hook is wired; add the printed snippet to ~/.codex/config.toml and route writes through axiom_write / axiom_apply",
    );
  if (has("cursor")) notes.push("cursor: no hook is wired; route writes through axiom_write / axiom_apply");
  const gitMarker = await stat(path.join(root, ".git")).then(
    () => true,
    () => false,
  );
  if (!gitMarker) notes.push("the root has no .git: the gate finds this root through .axiom/profiles/");
  notes.push("hooks call the global bin: npm install -g @codai/axiom-mcp (never npx in a hook)");
  const snippets = has("codex")
    ? [{ harness: "codex" as const, path: "~/.codex/config.toml", text: codexSnippet(major, root) }]
    : [];
  return { root, harnesses, profile, files, notes, snippets };
}

/** Text form (cli.md §9.1). */
export function formatInitText(r: InitResult): string {
  const lines = [`axiom init ${r.root} (harness: ${r.harnesses.join("+")}, profile: ${r.profile})`];
  for (const file of r.files)
    lines.push(`${file.action.padEnd(8)} ${file.path}${file.reason !== undefined ? ` (${file.reason})` : ""}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  for (const s of r.snippets) lines.push(`snippet for ${s.path}:`, s.text.trimEnd());
  return `${lines.join("\n")}\n`;
}

// `axiom init` (hooks-doctor.md §3, issue 19): harness selection, then each harness's server entry
// and gate hook in the file that harness reads, the profiles and .gitignore; then the one-time human
// steps and notes. Idempotent; files already written stay when a later one fails.
import { realpath, stat } from "node:fs/promises";
import * as path from "node:path";
import { axiomError } from "@codai/axiom-schema";
import { AXIOM_DIR, AXIOM_REL } from "@codai/axiom-store/layout";
import type { BinLocator } from "../doctor/bin";
import { CODEX_CONFIG, codexServerTables, writeCodexConfig } from "./codex-config";
import { argvOf, resolveAxiomCommand } from "./command";
import { GITIGNORE_LINES, gateProfile, jsonText, type RouteMode, repoProfile } from "./content";
import {
  claudeHookEntry,
  codexHookEntry,
  copilotHookFile,
  geminiHookEntry,
  HARNESSES,
  type Harness,
  hookGroup,
  keyedEntry,
  serverEntry,
  type Wiring,
} from "./entries";
import { deriveProfileName, validateProfileName } from "./profile-name";
import { FORM_ELICITATION, type HumanStep, humanSteps, initNotes } from "./steps";
import {
  allOf,
  type FileResult,
  type MergeSpec,
  type WriteContext,
  writeGitignore,
  writeMerged,
  writeOwned,
} from "./write-rules";

export { HARNESSES, type Harness };

const MARKERS: [string, Harness][] = [
  [".github", "copilot"],
  [".claude", "claude"],
  [".codex", "codex"],
  [".vscode", "vscode"],
  [".cursor", "cursor"],
  [".gemini", "gemini"],
];

export interface InitOptions {
  root: string;
  harness: Harness | "auto";
  profileName?: string;
  force: boolean;
  /** Route mode written into the gate profile (default "all"). */
  route: RouteMode;
  /** "auto": harnesses with form elicitation; "all": every harness; "none": headless. */
  requireHuman: "auto" | "all" | "none";
  /** The running CLI script and node binary (command resolution, command.ts). */
  entry: string | undefined;
  execPath: string;
  locate?: BinLocator;
  now?: () => Date;
}

export interface InitResult {
  root: string;
  harnesses: Harness[];
  profile: string;
  route: RouteMode;
  /** The command every entry runs, e.g. ["axiom"] or [node, …/dist/cli.cjs]. */
  command: { argv: string[]; how: "global-bin" | "node-entry" };
  files: FileResult[];
  steps: HumanStep[];
  notes: string[];
  snippets: { harness: Harness; path: string; text: string }[];
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

interface FileSpec {
  when: Harness[];
  rel: string;
  write(ctx: WriteContext): Promise<FileResult>;
  /** What to add by hand when the file was left alone for its shape. */
  snippet: () => string;
}

function merged(when: Harness[], rel: string, spec: MergeSpec): FileSpec {
  return { when, rel, write: (ctx) => writeMerged(ctx, rel, spec), snippet: () => jsonText(spec.fresh()) };
}

/** The harness files of §3.3 in write order: server entries first, then the hooks. */
function harnessFiles(w: Wiring, selected: Harness[]): FileSpec[] {
  const hookHarness = selected.includes("copilot") ? "copilot" : "vscode";
  const copilotHooks = copilotHookFile(w, hookHarness);
  return [
    merged(["vscode"], ".vscode/mcp.json", keyedEntry("servers", serverEntry(w, "vscode"))),
    merged(["claude"], ".mcp.json", keyedEntry("mcpServers", serverEntry(w, "claude"))),
    merged(["copilot"], ".github/mcp.json", keyedEntry("mcpServers", serverEntry(w, "copilot"))),
    merged(["cursor"], ".cursor/mcp.json", keyedEntry("mcpServers", serverEntry(w, "cursor"))),
    {
      when: ["codex"],
      rel: CODEX_CONFIG,
      write: (ctx) => writeCodexConfig(ctx, w),
      snippet: () => codexServerTables(w),
    },
    merged(
      ["gemini"],
      ".gemini/settings.json",
      allOf(keyedEntry("mcpServers", serverEntry(w, "gemini")), hookGroup("BeforeTool", geminiHookEntry(w))),
    ),
    {
      when: ["copilot", "vscode"],
      rel: ".github/hooks/axiom-gate.json",
      write: (ctx) => writeOwned(ctx, ".github/hooks/axiom-gate.json", copilotHooks),
      snippet: () => jsonText(copilotHooks),
    },
    merged(["claude"], ".claude/settings.json", hookGroup("PreToolUse", claudeHookEntry(w))),
    merged(["codex"], ".codex/hooks.json", hookGroup("PreToolUse", codexHookEntry(w))),
  ];
}

/** Skip reasons that mean "the file is there but not in a shape init rewrites": print what to add. */
const byHand = (r: FileResult) =>
  r.action === "skipped" && r.reason !== "already configured" && r.reason !== "up to date";

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
  const cmd = await resolveAxiomCommand({ entry: opts.entry, execPath: opts.execPath, locate: opts.locate });
  const requireHuman = (h: Harness) =>
    opts.requireHuman === "all" ? true : opts.requireHuman === "none" ? false : FORM_ELICITATION.has(h);
  const w: Wiring = { cmd, root, profile, requireHuman };
  const stamp = (opts.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, "-");
  const ctx: WriteContext = { root, force: opts.force, stamp };

  const files: FileResult[] = [];
  const snippets: InitResult["snippets"] = [];
  for (const spec of harnessFiles(w, harnesses)) {
    const owner = spec.when.find((h) => harnesses.includes(h));
    if (owner === undefined) continue;
    const r = await spec.write(ctx);
    files.push(r);
    if (byHand(r)) snippets.push({ harness: owner, path: spec.rel, text: spec.snippet() });
  }
  files.push(await writeOwned(ctx, `${AXIOM_DIR}/profiles/${profile}.json`, repoProfile(profile)));
  files.push(await writeOwned(ctx, AXIOM_REL.gateProfile, gateProfile(opts.route)));
  files.push(await writeGitignore(ctx, GITIGNORE_LINES));

  const hasGit = await stat(path.join(root, ".git")).then(
    () => true,
    () => false,
  );
  const notes = initNotes({ harnesses, requireHuman, route: opts.route, hasGit, how: cmd.how, command: cmd.command });
  return {
    root,
    harnesses,
    profile,
    route: opts.route,
    command: { argv: argvOf(cmd, []), how: cmd.how },
    files,
    steps: humanSteps(harnesses, root),
    notes,
    snippets,
  };
}

/** Text form (cli.md §9.1). */
export function formatInitText(r: InitResult): string {
  const lines = [`axiom init ${r.root} (harness: ${r.harnesses.join("+")}, profile: ${r.profile}, route: ${r.route})`];
  for (const file of r.files) {
    const extra = [file.reason, file.backup !== undefined ? `backup ${file.backup}` : undefined].filter(Boolean);
    lines.push(`${file.action.padEnd(8)} ${file.path}${extra.length > 0 ? ` (${extra.join("; ")})` : ""}`);
  }
  lines.push(`command: ${r.command.argv.join(" ")}`);
  for (const s of r.steps) lines.push(`todo (${s.harness}): ${s.step}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  for (const s of r.snippets) lines.push(`snippet for ${s.path}:`, s.text.trimEnd());
  return `${lines.join("\n")}\n`;
}

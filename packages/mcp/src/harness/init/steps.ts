// What init tells the person after wiring: the one-time steps only a person can do in each harness
// (trust prompts, hook review), and notes about the human confirmation and route mode. The facts
// are ../shared/harness-facts.md's; docs/harnesses.md explains them at length.
import type { Harness } from "./entries";

export interface HumanStep {
  harness: Harness;
  step: string;
}

/** Harnesses whose MCP client answers form elicitation with a person (HOOK-42). */
export const FORM_ELICITATION: ReadonlySet<Harness> = new Set(["claude", "codex", "vscode", "copilot"]);

export function humanSteps(harnesses: Harness[], root: string): HumanStep[] {
  const out: HumanStep[] = [];
  const add = (harness: Harness, step: string) => out.push({ harness, step });
  for (const h of harnesses) {
    switch (h) {
      case "claude":
        add(h, `start claude in ${root} and approve the project MCP server "axiom" from .mcp.json when asked`);
        break;
      case "codex":
        add(
          h,
          `trust the project: start codex in ${root} and accept the trust prompt (or add [projects."${root}"] trust_level = "trusted" to ~/.codex/config.toml); .codex/config.toml and .codex/hooks.json load only in a trusted project`,
        );
        add(
          h,
          'trust the hook: in the codex TUI open /hooks and choose "Trust all and continue"; an untrusted or changed hook is skipped silently (re-trust after every change to .codex/hooks.json)',
        );
        break;
      case "copilot":
        add(
          h,
          `trust the folder: start copilot in ${root} and trust it for future sessions (or pass --trust-folder); .github/mcp.json and .github/hooks/ load only in a trusted folder`,
        );
        break;
      case "gemini":
        add(
          h,
          `trust the folder: start gemini in ${root} and trust it (or add "${root}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json); .gemini/settings.json (server and hook) loads only in a trusted folder`,
        );
        break;
      case "vscode":
        add(h, "start the axiom server from .vscode/mcp.json when VS Code asks; keep chat.tools.autoApprove off");
        break;
      case "cursor":
        add(h, "enable the axiom server in Cursor's MCP settings");
        break;
    }
  }
  return out;
}

export interface NoteInputs {
  harnesses: Harness[];
  requireHuman: (h: Harness) => boolean;
  route: "all" | "protected";
  hasGit: boolean;
  how: "global-bin" | "node-entry";
  command: string;
}

export function initNotes(n: NoteInputs): string[] {
  const notes: string[] = [];
  const asked = n.harnesses.filter((h) => n.requireHuman(h) && FORM_ELICITATION.has(h));
  if (asked.length > 0)
    notes.push(
      `${asked.join(", ")}: --require-human is wired: every write waits for a person to type the digest in the confirmation form; print modes answer that form themselves (claude -p cancels it, codex exec and copilot -p decline it), so writes through AXIOM need an interactive session there, with or without --require-human (docs/harnesses.md)`,
    );
  for (const h of n.harnesses) {
    if (FORM_ELICITATION.has(h)) continue;
    notes.push(
      h === "gemini"
        ? n.requireHuman(h)
          ? "gemini: no form elicitation (its MCP client cannot ask a person): with --require-human every write is refused (ERR_CONFIRM_DIGEST_MISMATCH, reason elicitation-unsupported)"
          : "gemini: no form elicitation (its MCP client cannot ask a person): a write applies once the agent echoes the digest; axiom init --require-human would refuse every write instead"
        : n.requireHuman(h)
          ? `${h}: form elicitation not verified: with --require-human a write is refused when the client cannot ask`
          : `${h}: no gate hook is wired and form elicitation is not verified; route writes through axiom_write`,
    );
  }
  notes.push(
    n.route === "all"
      ? "route mode: the gate denies native file edits inside the root and points the agent at axiom_write (paths in the gate profile's native list stay native); axiom init --route protected denies only protected paths"
      : "protected mode: the gate denies native edits of protected paths only; other native edits skip AXIOM",
  );
  if (!n.hasGit) notes.push("the root has no .git: the gate finds this root through .axiom/profiles/");
  notes.push(
    n.how === "global-bin"
      ? "entries run the global axiom bin (this install); keep it installed, or re-run axiom init --force after moving it"
      : `entries run this install by absolute path (${n.command} …/dist/cli.cjs): re-run axiom init --force after moving or rebuilding elsewhere; to use a global bin instead, from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp), then axiom init --force`,
  );
  return notes;
}

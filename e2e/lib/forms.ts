// Answering AXIOM's confirmation form in a TUI, one outcome per function, every key followed by a
// wait for the screen state it must produce (polling with a deadline; UI changed otherwise).
import type { MockModel } from "../mock/server";
import { type TuiSession, UiChanged } from "./tmux";

export type FormAnswer =
  | { kind: "digest"; typed: string }
  /** Claude Code: the Decline button. */
  | { kind: "decline" }
  /** Codex: the box left False, the right digest12 typed. */
  | { kind: "untick"; typed: string }
  | { kind: "cancel" };

const moved = (mock: MockModel) => mock.results().filter((r) => r.retry !== true).length;

/** Waits until the harness has sent back at least `n` tool results to the model. */
export async function resultsReach(mock: MockModel, n: number, tui: TuiSession, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (moved(mock) >= n) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new UiChanged(
    `UI changed: the harness never sent tool result ${n} to the model (it has ${moved(mock)}; requests: ${JSON.stringify(mock.requests.slice(-6).map((r) => [r.parsed.tools.map((t) => t.name).join(","), r.parsed.results.length, r.turn.kind, r.parsed.results.at(-1)?.text.slice(0, 200)]))}); captured pane:\n${tui.screen()}`,
  );
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Claude Code 2.1.197's elicitation form: a checkbox row, a text row, then Accept / Decline. */
export async function answerClaudeForm(tui: TuiSession, digest12: string, answer: FormAnswer): Promise<void> {
  await tui.waitFor(
    new RegExp(`requests your input[\\s\\S]*${digest12}[\\s\\S]*Accept\\s+Decline`),
    "the confirmation form",
  );
  if (answer.kind === "cancel") {
    tui.keys("Escape");
    return;
  }
  if (answer.kind === "decline") {
    tui.keys("Down", "Down");
    await tui.waitFor(/❯ Accept\s+Decline/, "the Accept / Decline row selected");
    tui.keys("Right");
    await tui.waitFor(/Accept\s+❯?\s*Decline/, "Decline selected");
    tui.keys("Enter");
    return;
  }
  tui.keys("Space");
  await tui.waitFor(/Apply this change set: ☒/, "the box ticked");
  tui.keys("Down");
  await tui.waitFor(/❯ \* First 12 hex characters of the manifest digest/, "the digest12 row selected");
  tui.type(answer.typed);
  await tui.waitFor(new RegExp(`manifest digest: ${esc(answer.typed)}`), "the typed characters");
  tui.keys("Down");
  await tui.waitFor(/❯ Accept\s+Decline/, "Accept selected");
  tui.keys("Enter");
}

/** Codex 0.171's own approval prompt for a tool with `approval_mode = "prompt"` (what init writes): Allow. */
export async function allowCodexTool(tui: TuiSession, tool: string): Promise<void> {
  await tui.waitFor(
    new RegExp(`Allow the axiom MCP server to run tool "${tool}"\\?[\\s\\S]*1\\. Allow`),
    "Codex's tool approval",
  );
  tui.keys("Enter");
}

/** Codex 0.171's elicitation form: field 1 the box (True / False), field 2 the digest12 text. */
export async function answerCodexForm(tui: TuiSession, digest12: string, answer: FormAnswer): Promise<void> {
  await tui.waitFor(
    new RegExp(`Field 1/2[\\s\\S]*${digest12}[\\s\\S]*Apply this change set[\\s\\S]*› 2\\. False`),
    "the confirmation form",
  );
  if (answer.kind === "cancel") {
    tui.keys("Escape");
    return;
  }
  if (answer.kind === "decline") throw new Error("Codex's form has no Decline button: use untick");
  if (answer.kind === "digest") {
    tui.keys("Up");
    await tui.waitFor(/› 1\. True/, "True selected");
  }
  tui.keys("Enter");
  await tui.waitFor(/Field 2\/2[\s\S]*First 12 hex characters of the manifest digest/, "the digest12 field");
  tui.type(answer.typed);
  await tui.waitFor(new RegExp(`› ${esc(answer.typed)}`), "the typed characters");
  tui.keys("Enter");
}

// Answering AXIOM's confirmation form in a TUI, one outcome per function, every key followed by a
// wait for the screen state it must produce (polling with a deadline; UI changed otherwise).
import type { MockModel } from "../mock/server";
import { type TuiSession, UiChanged } from "./tmux";

export type FormAnswer = { kind: "digest"; typed: string } | { kind: "decline" } | { kind: "cancel" };

/** Waits until the harness has sent back at least `n` tool results to the model. */
export async function resultsReach(mock: MockModel, n: number, tui: TuiSession, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (mock.results().length >= n) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new UiChanged(
    `UI changed: the harness never sent tool result ${n} to the model (it has ${mock.results().length}); captured pane:\n${tui.screen()}`,
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

// Claude Code 2.1.197's interactive TUI under tmux, against the scripted mock model, in a repo
// wired by `axiom init --harness claude` (--require-human): AXIOM's confirmation form appears and
// each answer, typed by keys, has its outcome on disk and in the chain.
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { status } from "./lib/axiom";
import { CLAUDE_BIN, claudeEnv, claudeHome } from "./lib/claude";
import { axiomAnswer } from "./lib/expect";
import { answerClaudeForm, resultsReach } from "./lib/forms";
import { wiredRepo } from "./lib/repo";
import { EDITED_FILE, EDITED_TEXT, NEW_FILE, NEW_TEXT, writeArgs } from "./lib/scenario";
import { digest12, lastPreviewDigest, SECOND, tuiScript } from "./lib/scenario-tui";
import { promptWhenReady, startTui, type TuiSession } from "./lib/tmux";
import { anthropic } from "./mock/anthropic";
import { type MockModel, startMock, WAITING } from "./mock/server";

const AXIOM_WRITE = "mcp__axiom__axiom_write";

let mock: MockModel | undefined;
let tui: TuiSession | undefined;
afterEach(async () => {
  tui?.close();
  await mock?.close();
});

describe("claude (interactive) in a repo wired by axiom init --harness claude", () => {
  it("shows AXIOM's form: wrong digest12 → mismatch, Decline → declined, right digest12 → applied, Esc → cancelled", async () => {
    const repo = await wiredRepo("claude");
    claudeHome(repo.home, repo.root);
    const m = await startMock(anthropic, tuiScript(AXIOM_WRITE, writeArgs(false)), { requireTool: AXIOM_WRITE });
    mock = m;
    // axiom_write allowed up front: Claude Code's own approval prompt is not a layer AXIOM relies
    // on (it ignores requiresUserInteraction); the form is what must hold.
    const t = startTui("claude", [CLAUDE_BIN, "--allowedTools", AXIOM_WRITE], repo.root, claudeEnv(repo.home, m.url));
    tui = t;
    await t.waitFor(/for shortcuts/, "Claude Code's prompt");
    const idle = /for shortcuts/;
    await promptWhenReady(
      t,
      "make the scripted change",
      () => {
        const last = m.turns().at(-1)?.turn;
        return { count: m.turns().length, waiting: last?.kind === "text" && last.text === WAITING };
      },
      idle,
    );

    await resultsReach(m, 1, t);
    const first = digest12(lastPreviewDigest(m.results()));
    await answerClaudeForm(t, first, { kind: "digest", typed: "000000000000" });
    await resultsReach(m, 2, t);
    await answerClaudeForm(t, first, { kind: "decline" });
    await resultsReach(m, 3, t);
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    await answerClaudeForm(t, first, { kind: "digest", typed: first });
    await resultsReach(m, 5, t);
    const second = digest12(lastPreviewDigest(m.results()));
    await answerClaudeForm(t, second, { kind: "cancel" });
    await resultsReach(m, 6, t);

    const r = m.results();
    expect(m.errors).toEqual([]);
    const outcome = (i: number) => axiomAnswer(r[i]);
    expect(outcome(1)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "mismatch" } });
    expect(outcome(2)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "declined" } });
    expect(outcome(3).status, r[3]?.text).toBe("applied");
    expect(outcome(4).status).toBe("preview");
    expect(outcome(5)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "cancelled" } });

    // The applied change set is on disk and is the one chain entry; the cancelled one is not.
    expect(await repo.read(NEW_FILE)).toBe(NEW_TEXT);
    expect(await repo.read(EDITED_FILE)).toBe(EDITED_TEXT);
    expect(existsSync(repo.path(SECOND.files[0]?.path as string))).toBe(false);
    const chain = status(repo.root).chain;
    expect(chain).toMatchObject({ ok: true, entries: 1 });
  });
});

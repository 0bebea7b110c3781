// Codex CLI 0.171.0's interactive TUI under tmux, against the scripted mock model, in a repo wired
// by `axiom init --harness codex` (--require-human, approval_mode prompt): Codex's own approval,
// then AXIOM's confirmation form, each answer typed by keys, its outcome on disk and in the chain.
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { status } from "./lib/axiom";
import { CODEX_BIN, CODEX_MAIN_TOOL, codexEnv, codexHome } from "./lib/codex";
import { axiomAnswer } from "./lib/expect";
import { allowCodexTool, answerCodexForm, resultsReach } from "./lib/forms";
import { wiredRepo } from "./lib/repo";
import { EDITED_FILE, EDITED_TEXT, NEW_FILE, NEW_TEXT, writeArgs } from "./lib/scenario";
import { digest12, lastPreviewDigest, SECOND, tuiScript } from "./lib/scenario-tui";
import { startTui, type TuiSession } from "./lib/tmux";
import { responses } from "./mock/responses";
import { tool } from "./mock/script";
import { type MockModel, startMock } from "./mock/server";

let mock: MockModel | undefined;
let tui: TuiSession | undefined;
afterEach(async () => {
  tui?.close();
  await mock?.close();
});

describe("codex (interactive) in a repo wired by axiom init --harness codex", () => {
  it("asks its approval, then shows AXIOM's form: wrong digest12 → mismatch, False → declined, right → applied, Esc → cancelled", async () => {
    const repo = await wiredRepo("codex");
    const script = [
      tool("tool_search", { query: "axiom write", limit: 8 }),
      ...tuiScript("mcp__axiom.axiom_write", writeArgs(false)),
    ];
    const m = await startMock(responses, script, { mainTool: CODEX_MAIN_TOOL });
    mock = m;
    const dir = codexHome(repo.home, repo.root, m.url);
    const t = startTui("codex", [CODEX_BIN, "--dangerously-bypass-hook-trust"], repo.root, codexEnv(repo.home, dir));
    tui = t;
    await t.waitFor(/Ask Codex to do anything[\s\S]*for shortcuts/, "Codex's prompt");
    t.type("make the scripted change");
    await t.waitFor(/› make the scripted change/, "the typed prompt");
    t.keys("Enter");

    await resultsReach(m, 1, t); // the tool search found AXIOM's tools
    await allowCodexTool(t, "axiom_write");
    await resultsReach(m, 2, t);
    const first = digest12(lastPreviewDigest(m.results()));
    const confirm = async (answer: Parameters<typeof answerCodexForm>[2], n: number, d = first) => {
      await allowCodexTool(t, "axiom_write");
      await answerCodexForm(t, d, answer);
      await resultsReach(m, n, t);
    };
    await confirm({ kind: "digest", typed: "000000000000" }, 3);
    await confirm({ kind: "untick", typed: first }, 4);
    expect(existsSync(repo.path(NEW_FILE))).toBe(false);
    await confirm({ kind: "digest", typed: first }, 5);
    await allowCodexTool(t, "axiom_write");
    await resultsReach(m, 6, t);
    await confirm({ kind: "cancel" }, 7, digest12(lastPreviewDigest(m.results())));

    expect(m.errors).toEqual([]);
    const r = m.results().filter((x) => x.retry !== true);
    const outcome = (i: number) => axiomAnswer(r[i]);
    expect(outcome(1).status).toBe("preview");
    expect(outcome(2)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "mismatch" } });
    expect(outcome(3)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "declined" } });
    expect(outcome(4).status, r[4]?.text).toBe("applied");
    expect(outcome(5).status).toBe("preview");
    expect(outcome(6)).toMatchObject({ code: "ERR_CONFIRM_DIGEST_MISMATCH", details: { reason: "cancelled" } });

    expect(await repo.read(NEW_FILE)).toBe(NEW_TEXT);
    expect(await repo.read(EDITED_FILE)).toBe(EDITED_TEXT);
    expect(existsSync(repo.path(SECOND.files[0]?.path as string))).toBe(false);
    expect(status(repo.root).chain).toMatchObject({ ok: true, entries: 1 });
  });
});

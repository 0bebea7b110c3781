// Attack (issue 20 High 1, mcp.md §8.3, invariant I04): on the 2025 era the form-elicitation
// capability is the one declared in `initialize`. A confirm whose `params._meta` claims
// `io.modelcontextprotocol/clientCapabilities: {}` (no elicitation) must not switch the human step
// off: the person is still asked, and a declined form writes nothing.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type HumanSession, readOr, startHuman } from "./human-helpers";
import { errorOf, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
const sessions: HumanSession[] = [];
beforeEach(async () => {
  R = await tempRoot("axiom-meta-caps-");
  await writeFile(join(R.dir, "keep.txt"), "old\n");
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => {});
  await R.cleanup();
});

const files = [{ path: "keep.txt", content: "new\n" }];
const NO_ELICITATION = { "io.modelcontextprotocol/clientCapabilities": {} };

describe.each(["v1", "v2-legacy"] as const)("2025 era, client %s declared form elicitation", (kind) => {
  test("confirm with _meta clientCapabilities {} → the form is still shown; declined → nothing written", async () => {
    const s = await startHuman(kind, ["--root", R.dir], { answer: () => ({ action: "decline" }) });
    sessions.push(s);
    const preview = await s.callTool("axiom_write", { root: R.dir, files });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const confirm = await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest }, NO_ELICITATION);
    expect(s.elicitations).toHaveLength(1);
    expect(confirm.isError).toBe(true);
    expect(errorOf(confirm).details?.reason).toBe("declined");
    expect(await readOr(R.dir, "keep.txt")).toBe("old\n");
    expect(await readdir(join(R.dir, ".axiom", "applied")).catch(() => [])).toEqual([]);
  });

  test("--require-human: the same _meta claim does not turn the form into elicitation-unsupported", async () => {
    const s = await startHuman(kind, ["--root", R.dir, "--require-human"], { answer: () => ({ action: "decline" }) });
    sessions.push(s);
    const preview = await s.callTool("axiom_write", { root: R.dir, files });
    const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
    const confirm = await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest }, NO_ELICITATION);
    expect(s.elicitations).toHaveLength(1);
    expect(errorOf(confirm).details?.reason).toBe("declined");
    expect(await readOr(R.dir, "keep.txt")).toBe("old\n");
  });
});

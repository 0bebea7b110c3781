// mcp.md §8 acceptance "Human confirmation (S-1206)" over real stdio clients: the SDK v2 client on
// the 2026-07-28 era (auto mode) and on the 2025 handshake, and the v1 client (real
// elicitation/create through the SDK's legacy shim). Refusals leave the tree byte-identical.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Answerer, type HumanSession, logLines, readOr, startHuman } from "./human-helpers";
import { type ClientKind, errorOf, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
const sessions: HumanSession[] = [];
beforeEach(async () => {
  R = await tempRoot("axiom-human-");
  await writeFile(join(R.dir, "keep.txt"), "old\n");
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => {});
  await R.cleanup();
});

async function open(kind: ClientKind, answer: Answerer, extraArgs: string[] = [], caps?: Record<string, unknown>) {
  const s = await startHuman(kind, ["--root", R.dir, "--log-level", "info", ...extraArgs], {
    answer,
    ...(caps ? { capabilities: caps } : {}),
  });
  sessions.push(s);
  return s;
}

const files = [
  { path: "a.txt", content: "x" },
  { path: "keep.txt", content: "new\n" },
];

/** Preview (never asks) then the confirm call of axiom_write. */
async function previewAndConfirm(s: HumanSession) {
  const preview = await s.callTool("axiom_write", { root: R.dir, files, intent: "SECRET-INTENT" });
  expect(preview.isError).toBeFalsy();
  const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
  expect(s.elicitations).toHaveLength(0);
  const confirm = await s.callTool("axiom_write", {
    root: R.dir,
    files,
    intent: "SECRET-INTENT",
    confirmDigest: digest,
  });
  return { digest, confirm };
}

const hex12 = (d: string) => d.slice(7, 19);

async function treeUnchanged() {
  expect(await readOr(R.dir, "a.txt")).toBeNull();
  expect(await readOr(R.dir, "keep.txt")).toBe("old\n");
  const axiom = await readdir(join(R.dir, ".axiom")).catch(() => [] as string[]);
  for (const d of ["intents", "queue", "journal", "staging", "backup", "applied"]) {
    const entries = axiom.includes(d) ? await readdir(join(R.dir, ".axiom", d)) : [];
    expect(entries).toEqual([]);
  }
}

describe.each(["v2-auto", "v2-legacy", "v1"] as const)("human step over stdio, client %s", (kind) => {
  test("accept, confirm: true, digest12 matches → the write proceeds (applied); message and form as §8.4", async () => {
    const s = await open(kind, (e) => ({
      action: "accept",
      content: { confirm: true, digest12: e.message.match(/digest12: ([0-9a-f]{12})$/)?.[1] },
    }));
    const { digest, confirm } = await previewAndConfirm(s);
    expect(confirm.isError).toBeFalsy();
    expect((confirm.structuredContent as { status: string }).status).toBe("applied");
    expect(await readOr(R.dir, "a.txt")).toBe("x");
    expect(s.elicitations).toHaveLength(1);
    const e = s.elicitations[0];
    expect(e.message).toBe(
      [
        "AXIOM apply needs your confirmation",
        `root: ${R.dir}`,
        "files: 2",
        `manifest: ${digest}`,
        "create a.txt", // a.txt is new (EDIT-3)
        "overwrite keep.txt",
        `Type these 12 characters into digest12: ${hex12(digest)}`,
      ].join("\n"),
    );
    expect(e.message).not.toContain("SECRET-INTENT");
    expect(Object.keys((e.requestedSchema as { properties: object }).properties)).toEqual(["confirm", "digest12"]);
    expect(e.requestedSchema).toMatchObject({
      properties: { confirm: { type: "boolean" }, digest12: { type: "string", minLength: 12, maxLength: 12 } },
      required: ["confirm", "digest12"],
    });
    const requested = logLines(s.stderr(), "human confirmation requested");
    expect(requested[0]).toMatchObject({
      tool: "axiom_write",
      manifestDigest: digest,
      era: kind === "v2-auto" ? "modern" : "legacy",
    });
    expect(logLines(s.stderr(), "human confirmation")[0]).toMatchObject({ outcome: "accepted" });
  });

  const refusals: [string, Answerer, string][] = [
    [
      "accept, confirm: false → declined",
      () => ({ action: "accept", content: { confirm: false, digest12: "000000000000" } }),
      "declined",
    ],
    [
      "accept, wrong digest12 → mismatch",
      () => ({ action: "accept", content: { confirm: true, digest12: "0123456789ab" } }),
      "mismatch",
    ],
    ["accept, missing digest12 → mismatch", () => ({ action: "accept", content: { confirm: true } }), "mismatch"],
    ["decline → declined", () => ({ action: "decline" }), "declined"],
    ["cancel (dialog dismissed) → cancelled", () => ({ action: "cancel" }), "cancelled"],
  ];
  test.each(refusals)(
    "%s: ERR_CONFIRM_DIGEST_MISMATCH {reason, manifestDigest}, nothing written",
    async (_n, answer, reason) => {
      const s = await open(kind, answer);
      const { digest, confirm } = await previewAndConfirm(s);
      const err = errorOf(confirm);
      expect(err.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
      expect(err.details).toEqual({ reason, manifestDigest: digest });
      expect(s.elicitations).toHaveLength(1);
      await treeUnchanged();
    },
  );

  test("digest12 in upper case with surrounding spaces → accepted", async () => {
    const s = await open(kind, (e) => ({
      action: "accept",
      content: { confirm: true, digest12: ` ${e.message.slice(-12).toUpperCase()}\t` },
    }));
    const { confirm } = await previewAndConfirm(s);
    expect((confirm.structuredContent as { status: string }).status).toBe("applied");
  });

  test("a wrong confirmDigest is refused before anyone is asked: details has no reason", async () => {
    const s = await open(kind, () => ({ action: "accept", content: { confirm: true, digest12: "x" } }));
    const bad = `sha256:${"0".repeat(64)}`;
    const err = errorOf(await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: bad }));
    expect(err.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(err.details?.reason).toBeUndefined();
    expect(err.details?.confirmDigest).toBe(bad);
    expect(s.elicitations).toHaveLength(0);
    await treeUnchanged();
  });

  test("client without elicitation, default server → applies on the echo alone", async () => {
    const plain = await open(kind, () => undefined, [], {});
    const { confirm } = await previewAndConfirm(plain);
    expect((confirm.structuredContent as { status: string }).status).toBe("applied");
  });

  test("client without elicitation, --require-human → {reason: elicitation-unsupported, manifestDigest}, nothing written", async () => {
    const strict = await open(kind, () => undefined, ["--require-human"], {});
    const { digest, confirm } = await previewAndConfirm(strict);
    expect(errorOf(confirm).details).toEqual({ reason: "elicitation-unsupported", manifestDigest: digest });
    await treeUnchanged();
  });
});

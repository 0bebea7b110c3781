// Issue 19 "the human step shows the change", end to end: a real `axiom mcp` child and the real SDK v2
// client (2026-07-28 auto mode and the 2025 handshake) whose elicitation handler records what the
// person is shown. A 2-file change (one create, one overwrite) is shown with its ops, line counts
// and diff; axiom_apply of the same stored bundle shows the same form; a secret in the content is
// masked; an auto-cancelled form (what Claude Code's print mode answers) claims no person.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Answerer, type HumanSession, readOr, startHuman } from "./human-helpers";
import { errorOf, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
const sessions: HumanSession[] = [];
const APP = ["import { run } from './run';", "", "const port = 3000;", "", "run(port);", ""].join("\n");
beforeEach(async () => {
  R = await tempRoot("axiom-hshow-");
  await writeFile(join(R.dir, "app.ts"), APP);
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => {});
  await R.cleanup();
});

async function open(kind: "v2-auto" | "v2-legacy", answer: Answerer) {
  const s = await startHuman(kind, ["--root", R.dir], { answer });
  sessions.push(s);
  return s;
}

const typed = (message: string) => message.match(/digest12: ([0-9a-f]{12})$/)?.[1];
const accept: Answerer = (e) => ({ action: "accept", content: { confirm: true, digest12: typed(e.message) } });
const cancel: Answerer = () => ({ action: "cancel" });

const files = [
  { path: "run.ts", content: "export function run(port: number) {\n  console.log(port);\n}\n" },
  { path: "app.ts", content: APP.replace("3000", "8080") },
];

async function preview(s: HumanSession, fs = files) {
  const p = await s.callTool("axiom_write", { root: R.dir, files: fs });
  return (p.structuredContent as { manifestDigest: string }).manifestDigest;
}

describe.each(["v2-auto", "v2-legacy"] as const)("the form shows the change, client %s", (kind) => {
  test("one create and one overwrite: op, +added −removed and the diff the person sees; accepted → applied", async () => {
    const s = await open(kind, accept);
    const digest = await preview(s);
    const r = await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest });
    expect((r.structuredContent as { status: string }).status).toBe("applied");
    expect(s.elicitations).toHaveLength(1);
    expect(s.elicitations[0]?.message).toBe(
      [
        "AXIOM apply needs your confirmation",
        `root: ${R.dir}`,
        "files: 2",
        `manifest: ${digest}`,
        "overwrite app.ts (+1 −1)",
        "create run.ts (+3 −0)",
        "diff:",
        "=== app.ts",
        "@@ -1,5 +1,5 @@",
        " import { run } from './run';",
        " ",
        "-const port = 3000;",
        "+const port = 8080;",
        " ",
        " run(port);",
        "=== run.ts",
        "@@ -0,0 +1,3 @@",
        "+export function run(port: number) {",
        "+  console.log(port);",
        "+}",
        `Type these 12 characters into digest12: ${digest.slice(7, 19)}`,
      ].join("\n"),
    );
    expect(await readOr(R.dir, "app.ts")).toBe(files[1]?.content);
  });

  test("while axiom ui runs for the root (its discovery file names a live pid), the form carries the change view's link", async () => {
    const s = await open(kind, cancel);
    const digest = await preview(s);
    // The discovery file a review server writes (.axiom/ui.json); this test process is the live pid.
    const url = "http://127.0.0.1:45678/?t=tok_EN-1";
    await writeFile(
      join(R.dir, ".axiom", "ui.json"),
      JSON.stringify({ url, pid: process.pid, port: 45678, root: R.dir }),
    );
    await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest });
    const lines = s.elicitations[0]?.message.split("\n") ?? [];
    expect(lines.slice(3, 5)).toEqual([`manifest: ${digest}`, `review: ${url}#/change/${digest.slice(7)}`]);
    // A dead pid (the review server is gone): no link.
    await writeFile(
      join(R.dir, ".axiom", "ui.json"),
      JSON.stringify({ url, pid: 2 ** 22 + 7, port: 45678, root: R.dir }),
    );
    await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest });
    expect(s.elicitations[1]?.message).not.toContain("review:");
  });

  test("axiom_apply of the stored bundle shows the very same form", async () => {
    const s = await open(kind, cancel);
    const digest = await preview(s);
    await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest });
    const stored = JSON.parse(await readFile(join(R.dir, ".axiom", "manifests", `${digest.slice(7)}.json`), "utf8"));
    await s.callTool("axiom_apply", { bundle: stored, root: R.dir, confirmDigest: digest });
    expect(s.elicitations).toHaveLength(2);
    expect(s.elicitations[1]?.message).toBe(s.elicitations[0]?.message);
    expect(s.elicitations[1]?.message).toContain("create run.ts (+3 −0)");
  });

  test("auto-cancelled form (no person) → ERR_CONFIRM_DIGEST_MISMATCH {reason: cancelled}, says the client cancelled; nothing written", async () => {
    const s = await open(kind, cancel);
    const digest = await preview(s);
    const err = errorOf(await s.callTool("axiom_write", { root: R.dir, files, confirmDigest: digest }));
    expect(err.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(err.details).toEqual({ reason: "cancelled", manifestDigest: digest });
    expect(err.message).toBe("the client cancelled the confirmation (no person answered)");
    expect(await readOr(R.dir, "run.ts")).toBeNull();
    expect(await readOr(R.dir, "app.ts")).toBe(APP);
  });

  test("secret echo: a credential in the new content never reaches the form, its line is masked", async () => {
    const key = `AKIA${"QWERTYUIOPASDFGH"}`;
    const secretFiles = [{ path: "cfg.ts", content: `export const region = "eu";\nexport const aws = "${key}";\n` }];
    const s = await open(kind, cancel);
    const digest = await preview(s, secretFiles);
    await s.callTool("axiom_write", { root: R.dir, files: secretFiles, confirmDigest: digest });
    const message = s.elicitations[0]?.message ?? "";
    expect(message).toContain('+export const region = "eu";');
    expect(message).toContain("+[line hidden: matches secret pattern awsKey]");
    expect(message).not.toContain(key);
  });
});

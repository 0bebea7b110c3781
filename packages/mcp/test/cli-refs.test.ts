// Issue 21: one ref grammar wherever a change is named — `apply --confirm`, `rollback`, `show`,
// `diff` — `sha256:<64 hex>`, the bare 64 hex, a unique prefix of 7+ hex, `#seq`; an ambiguous
// prefix is refused with its candidates; and the refusals around history say what to do.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorLine, runCli, type TempDir, tempDir } from "./cli-run";
import { runCliTty } from "./cli-tty";

let t: TempDir;
let root: string;
let a: string;
let b: string;

function plan(name: string, content: string, op: "create" | "overwrite"): string {
  return JSON.stringify({
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name,
    intent: `${name} the notes`,
    artifacts: [{ path: "notes.txt", op, source: { type: "inline", content } }],
  });
}

async function compile(name: string, content: string, op: "create" | "overwrite"): Promise<string> {
  await t.write(`${name}.plan.json`, plan(name, content, op));
  const r = await runCli(["compile", `${name}.plan.json`, "--root", root, "-o", `${name}.json`], { cwd: root });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).manifestDigest;
}

/** A stored-manifest name sharing `digest`'s first 7 hex (only the name matters to a prefix). */
async function lookalike(digest: string): Promise<string> {
  const hex = `${digest.slice(7, 14)}${"0".repeat(57)}`;
  const other = hex === digest.slice(7) ? `${digest.slice(7, 14)}${"1".repeat(57)}` : hex;
  await mkdir(t.path(".axiom", "manifests"), { recursive: true });
  await writeFile(t.path(".axiom", "manifests", `${other}.json`), "{}");
  return `sha256:${other}`;
}

beforeAll(async () => {
  t = await tempDir("axiom-refs-");
  root = t.dir;
  a = await compile("first", "one\n", "create");
  // --confirm with the bare 64 hex.
  const applyA = await runCli(["apply", "first.json", "--root", root, "--confirm", a.slice(7)], { cwd: root });
  expect(JSON.parse(applyA.stdout).status).toBe("applied");
  b = await compile("second", "two\n", "overwrite");
  // --confirm with a 7-hex prefix.
  const applyB = await runCli(["apply", "second.json", "--root", root, "--confirm", b.slice(7, 14)], { cwd: root });
  expect(JSON.parse(applyB.stdout).status).toBe("applied");
});
afterAll(() => t.cleanup());

describe("every ref form names the same change", () => {
  it("show takes sha256:<64>, the bare 64 hex, a 12- and a 7-hex prefix and #seq", async () => {
    for (const [ref, want] of [
      [a, a],
      [a.slice(7), a],
      [b.slice(7, 19), b],
      [b.slice(7, 14), b],
      ["#1", a],
      ["#2", b],
    ] as const) {
      const r = await runCli(["show", ref, "--root", root]);
      expect(r.code, ref).toBe(0);
      expect(JSON.parse(r.stdout).manifestDigest, ref).toBe(want);
    }
  });

  it("diff takes refs to stored bundles and shows the contents that differ", async () => {
    const json = await runCli(["diff", "#1", "#2", "--root", root]);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ added: [], removed: [], changed: [{ path: "notes.txt" }] });
    const text = await runCliTty(["diff", a.slice(7, 19), b.slice(7, 19), "--root", root], { cwd: root });
    expect(text.plain).toContain("1 path differ:\n  changed     notes.txt\n");
    expect(text.plain).toContain("-one\n+two\n");
  });

  it("a prefix shorter than 7, a non-hex word and a #seq past the chain are refused as ERR_NOT_FOUND", async () => {
    for (const [ref, reason] of [
      [a.slice(7, 13), "malformed"],
      ["HEAD", "malformed"],
      ["#9", "no-such-seq"],
      ["fffffff", "unknown"],
    ] as const) {
      const r = await runCli(["show", ref, "--root", root]);
      expect(r.code, ref).toBe(2);
      expect(errorLine(r), ref).toMatchObject({ code: "ERR_NOT_FOUND", details: { ref, reason } });
    }
  });
});

describe("ambiguous prefixes", () => {
  it("show and rollback refuse an ambiguous prefix and list the candidates", async () => {
    const twin = await lookalike(a);
    for (const verb of ["show", "rollback"]) {
      const r = await runCli([verb, a.slice(7, 14), "--root", root]);
      expect(r.code, verb).toBe(2);
      const err = errorLine(r);
      expect(err.code).toBe("ERR_NOT_FOUND");
      expect(err.details).toMatchObject({ reason: "ambiguous" });
      expect([...((err.details as { candidates: string[] }).candidates ?? [])].sort()).toEqual([a, twin].sort());
    }
    // On a terminal the refusal is in words, with the candidates to choose from (CLI-O13).
    const tty = await runCliTty(["show", a.slice(7, 14), "--root", root], { cwd: root });
    expect(tty.code).toBe(2);
    expect(tty.plain).toContain(`error ERR_NOT_FOUND: ${a.slice(7, 14)} is ambiguous: 2 changes start with it`);
    expect(tty.plain).toContain(`\n  ${[a, twin].sort()[0]}\n  ${[a, twin].sort()[1]}\n`);
    expect(tty.plain).toContain("  hint: type more characters of the digest\n");
    expect(tty.plain).not.toContain('{"code"');
    // One more character than the twin shares resolves again.
    expect((await runCli(["show", a.slice(7, 19), "--root", root])).code).toBe(0);
  });

  it("confirm-prefix collision attack: a stored bundle sharing the confirmed 7-hex prefix makes --confirm refuse, nothing written", async () => {
    const c = await compile("third", "three\n", "overwrite");
    await lookalike(c);
    const r = await runCli(["apply", "third.json", "--root", root, "--confirm", c.slice(7, 14)], { cwd: root });
    expect(r.code).toBe(2);
    const err = errorLine(r);
    expect(err.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
    expect(err.details).toMatchObject({ reason: "ambiguous", manifestDigest: c });
    expect(await readFile(t.path("notes.txt"), "utf8")).toBe("two\n");
  });

  it("a wrong digest says what it got and what it expected", async () => {
    const wrong = `sha256:${"e".repeat(64)}`;
    const r = await runCli(["apply", "second.json", "--root", root, "--confirm", wrong], { cwd: root });
    expect(r.code).toBe(2);
    const err = errorLine(r);
    expect(err).toMatchObject({
      code: "ERR_CONFIRM_DIGEST_MISMATCH",
      details: { confirmDigest: wrong, manifestDigest: b },
    });
    expect(err.message).toBe(`--confirm ${wrong} does not match this bundle (got ${wrong}, expected ${b})`);
  });
});

describe("refusals that say what to do", () => {
  it("a rollback blocked by a later change names it; rolling that back first lets it through", async () => {
    const blocked = await runCli(["rollback", "#1", "--root", root]);
    expect(blocked.code).toBe(2);
    const err = errorLine(blocked);
    expect(err.code).toBe("ERR_PREIMAGE_CHANGED");
    expect(err.details).toMatchObject({
      phase: "rollback",
      blockedBy: { seq: 2, manifestDigest: b, paths: ["notes.txt"] },
    });
    expect(err.message).toContain(`#2 (${b.slice(7, 19)}) changed notes.txt after this change; roll #2 back first`);
    expect((await runCli(["rollback", "#2", "--root", root])).code).toBe(0);
    expect((await runCli(["rollback", "#1", "--root", root])).code).toBe(0);
    expect(await readFile(t.path("notes.txt"), "utf8").catch(() => "absent")).toBe("absent");
  });

  it("ERR_EXISTS in a dry run hints op: overwrite", async () => {
    await t.write("README.md", "# mine\n");
    await t.write(
      "readme.plan.json",
      JSON.stringify({
        apiVersion: "axiom.dev/v2",
        kind: "Plan",
        name: "readme",
        intent: "add a readme",
        artifacts: [{ path: "README.md", source: { type: "inline", content: "# hello\n" } }],
      }),
    );
    expect((await runCli(["compile", "readme.plan.json", "-o", "readme.json"], { cwd: root })).code).toBe(0);
    const r = await runCliTty(["apply", "readme.json", "--root", ".", "--dry-run"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.plain).toContain("FAILED readme sha256:");
    expect(r.plain).toContain("  ERR_EXISTS README.md");
    expect(r.plain).toContain("hint: the Plan creates a file that already exists: give that artifact op: overwrite");
  });

  it("check given a Plan says it is a Plan and to compile it first", async () => {
    const r = await runCli(["check", "readme.plan.json", "--root", root], { cwd: root });
    expect(r.code).toBe(2);
    const err = errorLine(r);
    expect(err).toMatchObject({ code: "ERR_INVALID_MANIFEST", details: { reason: "plan-not-bundle" } });
    expect(err.message).toContain("is a Plan, not a bundle: run axiom compile readme.plan.json");
  });

  it("bad JSON is reported with line:column", async () => {
    await t.write("bad.json", '{\n  "manifest": {},\n  }\n');
    const r = await runCli(["check", "bad.json", "--root", root], { cwd: root });
    expect(r.code).toBe(2);
    expect(errorLine(r)).toMatchObject({
      code: "ERR_INVALID_MANIFEST",
      details: { reason: "not-json", line: 3, column: 3 },
    });
    expect(errorLine(r).message as string).toMatch(/^bad\.json:3:3: not valid JSON/);
  });
});

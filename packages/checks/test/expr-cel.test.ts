// checks.md §4.9 expr.cel: acceptance lines 65–69 plus the engine, variable and worker rules.
import type { CheckRefInput } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { createDefaultRegistry, createExprCel, PredicateRegistry, runChecks } from "../src/index";
import { type BundleSpec, makeBundle, profileOf, tempRoot } from "./helpers";

const three: BundleSpec = {
  artifacts: [
    { path: "src/a.ts", content: "export const a = 1;\n" },
    { path: "src/b.ts", content: "export const b = 2;\n" },
    { path: "README.md", content: "# readme\n" },
  ],
};
const two: BundleSpec = { artifacts: three.artifacts.slice(0, 2) };

const cel = (
  expression: string,
  extra: Record<string, unknown> = {},
  severity?: "error" | "warn" | "info",
): CheckRefInput => ({
  id: "rule",
  predicate: "expr.cel",
  params: { expression, ...extra },
  ...(severity ? { severity } : {}),
});

async function run(
  spec: BundleSpec,
  checks: CheckRefInput[],
  opts: { root?: string; registry?: PredicateRegistry } = {},
) {
  return runChecks({ bundle: makeBundle(spec), profile: profileOf(checks), root: opts.root, registry: opts.registry });
}

describe("expr.cel acceptance (checks.md §4.9)", () => {
  it('65. expr.cel "size(artifacts) < 3" with 3 artifacts → one finding expr.cel with facts.expression; with 2 → none', async () => {
    const r3 = await run(three, [cel("size(artifacts) < 3")]);
    expect(r3.findings).toHaveLength(1);
    expect(r3.findings[0]).toMatchObject({
      id: "expr.cel",
      predicate: "expr.cel",
      severity: "error",
      facts: { expression: "size(artifacts) < 3" },
    });
    expect(r3.findings[0]?.path).toBeUndefined();
    expect(r3.verdict).toBe("fail");
    const r2 = await run(two, [cel("size(artifacts) < 3")]);
    expect(r2.findings).toEqual([]);
    expect(r2.verdict).toBe("pass");
  });

  it("65. the finding message is params.message when given", async () => {
    const r = await run(three, [cel("size(artifacts) < 3", { message: "too many files" })]);
    expect(r.findings[0]?.message).toBe("too many files");
  });

  it('66. expr.cel using function now() → ERR_PREDICATE_PARAMS; matches("(?=a)") → ERR_PREDICATE_PARAMS; AST depth 25 → ERR_PREDICATE_PARAMS', async () => {
    const nowR = await run(two, [cel("now() > 0")]);
    expect(nowR.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", __provider: true, function: "now" });
    expect(nowR.findings[0]?.id).toBe("rule");
    expect(nowR.verdict).toBe("error");
    const re = await run(two, [cel('artifacts.all(a, a.path.matches("(?=a)"))')]);
    expect(re.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", rule: "regex" });
    expect(re.verdict).toBe("error");
    // `!` applied 24 times to `true`: 25 nodes on one path.
    const deep = await run(two, [cel(`${"!".repeat(24)}true`)]);
    expect(deep.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", rule: "depth", depth: 25 });
    const ok = await run(two, [cel(`${"!".repeat(24)}false || true`)]);
    expect(ok.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", rule: "depth" });
    const atLimit = await run(two, [cel(`${"!".repeat(22)}true`)]);
    expect(atLimit.verdict).toBe("pass");
  });

  it("67. expr.cel evaluating to a string → ERR_PROVIDER_FAILED; an expression taking > 100 ms → ERR_PROVIDER_FAILED", async () => {
    const s = await run(two, [cel('"hello"')]);
    expect(s.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED", __provider: true, type: "string" });
    expect(s.verdict).toBe("error");
    const big = `[${Array.from({ length: 200 }, (_, i) => i).join(",")}]`;
    const slow = await run(two, [cel(`${big}.all(x, ${big}.all(y, ${big}.all(z, x + y + z >= 0)))`)]);
    expect(slow.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED", budgetMs: 100 });
    expect(slow.verdict).toBe("error");
  }, 20_000);

  it("68. expr.cel referencing repo root-less → ERR_PROVIDER_FAILED", async () => {
    const r = await run(two, [cel('repo.exists["src/a.ts"] == false')]);
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED", __provider: true });
    expect(r.verdict).toBe("error");
  });

  it('69. expr.cel with params.severity: "info" under an error CheckRef → finding info, verdict pass; params.severity: "error" under a warn CheckRef → warn', async () => {
    const info = await run(three, [cel("size(artifacts) < 3", { severity: "info" }, "error")]);
    expect(info.findings[0]?.severity).toBe("info");
    expect(info.verdict).toBe("pass");
    const warn = await run(three, [cel("size(artifacts) < 3", { severity: "error" }, "warn")]);
    expect(warn.findings[0]?.severity).toBe("warn");
    expect(warn.verdict).toBe("pass");
  });

  it("a provider failure stays error even with params.severity info (never lowered)", async () => {
    const r = await run(two, [cel('"x"', { severity: "info" }, "info")]);
    expect(r.findings[0]?.severity).toBe("error");
    expect(r.verdict).toBe("error");
  });
});

describe("expr.cel variables, engine and params", () => {
  it("repo facts with a root: repo.exists maps manifest paths to existence; gitHead and packageJson are visible", async () => {
    const root = await tempRoot({ "src/a.ts": "old", "package.json": '{"name":"demo"}' });
    const checks = [
      cel('repo.exists["src/a.ts"] && !repo.exists["src/b.ts"]'),
      { ...cel('repo.packageJson.name == "demo"'), id: "pkg" },
      { ...cel("has(repo.gitHead)"), id: "head" },
    ];
    const r = await run(two, checks, { root });
    // No .git in the temp root: gitHead is absent, so only the third rule is false.
    expect(r.findings.map((f) => f.facts)).toEqual([{ expression: "has(repo.gitHead)" }]);
  });

  it("content: text only for UTF-8 blobs ≤ 256 KiB; bytes and sha256 always", async () => {
    const big = "x".repeat(256 * 1024 + 1);
    const spec: BundleSpec = {
      artifacts: [
        { path: "a.txt", content: "hello" },
        { path: "bin.dat", content: new Uint8Array([0xc3, 0x28]) },
        { path: "big.txt", content: big },
        { path: "gone.txt", op: "delete" },
      ],
    };
    const r = await run(spec, [
      cel(
        'content["a.txt"].text == "hello" && content["a.txt"].bytes == 5 && size(content["a.txt"].sha256) == 64' +
          ' && !("text" in content["bin.dat"]) && content["bin.dat"].bytes == 2' +
          ' && !("text" in content["big.txt"]) && content["big.txt"].bytes == 262145 && !("gone.txt" in content)',
      ),
    ]);
    expect(r.findings).toEqual([]);
  });

  it("manifest is the manifest body; artifacts its artifact list with int bytes", async () => {
    const r = await run(two, [
      cel(
        'manifest.name == "test-plan" && manifest.apiVersion == "axiom.dev/v2" && artifacts.all(a, a.bytes > 0 && a.op == "create")',
      ),
    ]);
    expect(r.findings).toEqual([]);
  });

  it("an unknown variable is an evaluation error → ERR_PROVIDER_FAILED", async () => {
    const r = await run(two, [cel("secrets.size() == 0")]);
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED" });
  });

  it("a syntax error is ERR_PREDICATE_PARAMS with facts.issues", async () => {
    const r = await run(two, [cel("size(artifacts) <")]);
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", rule: "syntax" });
    expect((r.findings[0]?.facts.issues as { path: string }[] | undefined)?.[0]?.path).toBe("expression");
  });

  it("params are strict: unknown key, empty expression, expression > 4096 chars, message > 2000 → ERR_PREDICATE_PARAMS", async () => {
    for (const params of [
      { expression: "true", extra: 1 },
      { expression: "" },
      { expression: `true${" ".repeat(4093)}` },
      { expression: "true", message: "m".repeat(2001) },
      { expression: "true", severity: "fatal" },
    ]) {
      const r = await run(two, [{ id: "rule", predicate: "expr.cel", params }]);
      expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS" });
    }
    const exact = await run(two, [cel(`true${" ".repeat(4092)}`)]);
    expect(exact.verdict).toBe("pass");
  });

  it("Engine: a load failure → ERR_PROVIDER_FAILED (injected loader), verdict error", async () => {
    const registry = new PredicateRegistry().register(
      createExprCel({
        load: async () => {
          throw new Error("Cannot find package '@marcbachmann/cel-js'");
        },
      }),
    );
    const r = await run(two, [cel("true")], { registry });
    expect(r.findings[0]).toMatchObject({
      id: "rule",
      severity: "error",
      facts: { code: "ERR_PROVIDER_FAILED", __provider: true },
    });
    expect(r.verdict).toBe("error");
  });

  it("the default registry registers expr.cel after guard.external and before expr.cedar (§4.1)", () => {
    const ids = createDefaultRegistry().ids();
    expect(ids.slice(-3)).toEqual(["guard.external", "expr.cel", "expr.cedar"]);
  });

  it("concurrent runs each get their own evaluation (worker pool), and a budget kill does not poison later runs", async () => {
    const big = `[${Array.from({ length: 200 }, (_, i) => i).join(",")}]`;
    const exprs = [
      "size(artifacts) == 3",
      "size(artifacts) == 4",
      `${big}.all(x, ${big}.all(y, ${big}.all(z, true)))`,
      '"s"',
    ];
    const reports = await Promise.all(exprs.map((e) => run(three, [cel(e)])));
    expect(reports.map((r) => r.findings.map((f) => f.facts.code ?? f.id))).toEqual([
      [],
      ["expr.cel"],
      ["ERR_PROVIDER_FAILED"],
      ["ERR_PROVIDER_FAILED"],
    ]);
    expect((await run(three, [cel("size(artifacts) == 3")])).verdict).toBe("pass");
  }, 30_000);

  it("deterministic: the same bundle and expression give the same report findings", async () => {
    const a = await run(three, [cel("size(artifacts) < 3")]);
    const b = await run(three, [cel("size(artifacts) < 3")]);
    expect(a.findings).toEqual(b.findings);
    expect(a.factsDigest).toBe(b.factsDigest);
  });
});

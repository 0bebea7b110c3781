// checks.md §4.10 expr.cedar: acceptance lines 70–73, the entity model, limits and the engine rule.
import type { CheckRefInput } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { loadCedarEngine } from "../src/expr/engines";
import { createExprCedar, PredicateRegistry, runChecks } from "../src/index";
import { type BundleSpec, makeBundle, profileOf, tempRoot } from "./helpers";

const spec: BundleSpec = {
  artifacts: [
    { path: ".env", content: "KEY=1\n" },
    { path: "src/a.ts", content: "export const a = 1;\n" },
    { path: "docs/x.md", op: "overwrite", content: "# x\n" },
  ],
};

const cedar = (
  policies: string,
  extra: Record<string, unknown> = {},
  severity?: "error" | "warn" | "info",
): CheckRefInput => ({
  id: "rule",
  predicate: "expr.cedar",
  params: { policies, ...extra },
  ...(severity ? { severity } : {}),
});

async function run(s: BundleSpec, checks: CheckRefInput[], opts: { root?: string; registry?: PredicateRegistry } = {}) {
  return runChecks({ bundle: makeBundle(s), profile: profileOf(checks), root: opts.root, registry: opts.registry });
}

describe("expr.cedar acceptance (checks.md §4.10)", () => {
  it('70. expr.cedar forbid-mode policy forbidding .env paths → one finding on .env with facts.reason: ["policy0"]; other artifacts none', async () => {
    const r = await run(spec, [cedar('forbid(principal, action, resource) when { resource.path like "*.env" };')]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      id: "expr.cedar",
      predicate: "expr.cedar",
      path: ".env",
      severity: "error",
      facts: { reason: ["policy0"] },
    });
    expect(r.verdict).toBe("fail");
  });

  it("71. expr.cedar permit-mode with one permit for src/** paths → findings for every artifact outside it", async () => {
    const r = await run(spec, [
      cedar('permit(principal, action, resource) when { resource.path like "src/*" };', { mode: "permit" }),
    ]);
    expect(r.findings.map((f) => f.path)).toEqual([".env", "docs/x.md"]);
    for (const f of r.findings) expect(f.facts).toEqual({ reason: [] });
  });

  it("72. expr.cedar with a template policy → ERR_PREDICATE_PARAMS; 257 policies → ERR_PREDICATE_PARAMS", async () => {
    const t = await run(spec, [cedar("permit(principal == ?principal, action, resource);")]);
    expect(t.findings[0]).toMatchObject({
      id: "rule",
      facts: { code: "ERR_PREDICATE_PARAMS", __provider: true, rule: "template" },
    });
    expect(t.verdict).toBe("error");
    const one = 'forbid(principal, action, resource) when { resource.path == "nope" };\n';
    const many = await run(spec, [cedar(one.repeat(257))]);
    expect(many.findings[0]).toMatchObject({
      facts: { code: "ERR_PREDICATE_PARAMS", rule: "count", policies: 257, max: 256 },
    });
    const max = await run(spec, [cedar(one.repeat(256))]);
    expect(max.verdict).toBe("pass");
  });

  it("73. expr.cedar with the engine module absent (module loader stubbed to fail) → ERR_PROVIDER_FAILED, verdict error, even with a syntactically broken policy", async () => {
    const registry = new PredicateRegistry().register(
      createExprCedar({
        load: async () => {
          throw new Error("Cannot find package '@cedar-policy/cedar-wasm'");
        },
      }),
    );
    for (const policies of ["permit(principal, action, resource);", "permit(principal, action"]) {
      const r = await run(spec, [cedar(policies)], { registry });
      expect(r.findings).toHaveLength(1);
      expect(r.findings[0]).toMatchObject({
        id: "rule",
        severity: "error",
        facts: { code: "ERR_PROVIDER_FAILED", __provider: true },
      });
      expect(r.verdict).toBe("error");
    }
  });

  it("the engine loader also fails closed when the module lacks isAuthorized", async () => {
    const registry = new PredicateRegistry().register(createExprCedar({ load: async () => ({}) as never }));
    const r = await run(spec, [cedar("permit(principal, action, resource);")], { registry });
    // a malformed engine object throws inside the predicate → provider failure, not a pass
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED" });
    expect((await loadCedarEngine()).isAuthorized).toBeTypeOf("function");
  });
});

describe("expr.cedar model, limits and outcomes", () => {
  it("Policy ids are positional: policy0, policy1, …; reason lists every determining policy, sorted", async () => {
    const policies = [
      'forbid(principal, action, resource) when { resource.path == "nothing" };',
      'forbid(principal, action, resource) when { resource.ext == ".env" || resource.path == ".env" };',
      'forbid(principal, action == Axiom::Action::"create", resource) when { resource.dir == "" };',
    ].join("\n");
    const r = await run(spec, [cedar(policies)]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]?.facts).toEqual({ reason: ["policy1", "policy2"] });
  });

  it("a parse error → ERR_PREDICATE_PARAMS with facts.issues", async () => {
    const r = await run(spec, [cedar("permit(principal, action")]);
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS", rule: "syntax" });
    expect((r.findings[0]?.facts.issues as { path: string }[] | undefined)?.[0]?.path).toBe("policies");
  });

  it("an evaluation error (missing attribute without has) → ERR_PROVIDER_FAILED per artifact", async () => {
    const r = await run(spec, [cedar("forbid(principal, action, resource) when { resource.nope == 1 };")]);
    expect(r.findings).toHaveLength(3);
    for (const f of r.findings) expect(f.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED", policies: ["policy0"] });
    expect(r.verdict).toBe("error");
  });

  it("exists is present only with repo facts: root-less → evaluation error; with a root → judged", async () => {
    const policy = "forbid(principal, action, resource) when { resource.exists };";
    const rootless = await run(spec, [cedar(policy)]);
    expect(rootless.verdict).toBe("error");
    const root = await tempRoot({ "docs/x.md": "old" });
    const rooted = await run(spec, [cedar(policy)], { root });
    expect(rooted.findings.map((f) => [f.path, f.facts])).toEqual([["docs/x.md", { reason: ["policy0"] }]]);
    const guarded = await run(spec, [
      cedar("forbid(principal, action, resource) when { resource has exists && resource.exists };"),
    ]);
    expect(guarded.verdict).toBe("pass");
  });

  it("context carries manifest.name and manifest.profile; principal is the plan name; parent is the manifest digest", async () => {
    const bundle = makeBundle(spec);
    const checks = [
      cedar(
        'forbid(principal, action, resource) when { context.manifest.name == "test-plan" && context.manifest.profile == "default" };',
      ),
      { ...cedar('forbid(principal == Axiom::Plan::"test-plan", action, resource);'), id: "p" },
      { ...cedar(`forbid(principal, action, resource in Axiom::Manifest::"${bundle.manifestDigest}");`), id: "m" },
    ];
    const r = await runChecks({ bundle, profile: profileOf(checks) });
    expect(r.findings).toHaveLength(9);
  });

  it('severity param lowers, never raises: "info" under error → info, verdict pass', async () => {
    const r = await run(spec, [
      cedar('forbid(principal, action, resource) when { resource.path == ".env" };', { severity: "info" }),
    ]);
    expect(r.findings[0]?.severity).toBe("info");
    expect(r.verdict).toBe("pass");
    const w = await run(spec, [
      cedar('forbid(principal, action, resource) when { resource.path == ".env" };', { severity: "error" }, "warn"),
    ]);
    expect(w.findings[0]?.severity).toBe("warn");
  });

  it("deterministic: alternating two policy sets (and repeating one) gives the same findings each time", async () => {
    const a = cedar('forbid(principal, action, resource) when { resource.path == ".env" };');
    const b = cedar('forbid(principal, action, resource) when { resource.dir == "src" };');
    const seen: string[][] = [];
    for (const c of [a, b, a, a, b]) seen.push((await run(spec, [c])).findings.map((f) => f.path ?? ""));
    expect(seen).toEqual([[".env"], ["src/a.ts"], [".env"], [".env"], ["src/a.ts"]]);
    const both = await Promise.all([run(spec, [a]), run(spec, [b])]);
    expect(both.map((r) => r.findings.map((f) => f.path))).toEqual([[".env"], ["src/a.ts"]]);
  });

  it("message param replaces the default message", async () => {
    const r = await run(spec, [
      cedar('forbid(principal, action, resource) when { resource.path == ".env" };', { message: "no env files" }),
    ]);
    expect(r.findings[0]?.message).toBe("no env files");
  });

  it("params are strict: unknown key, bad mode, empty or > 65536 chars → ERR_PREDICATE_PARAMS", async () => {
    for (const params of [
      { policies: "permit(principal, action, resource);", x: 1 },
      { policies: "permit(principal, action, resource);", mode: "deny" },
      { policies: "" },
      { policies: " ".repeat(65537) },
    ]) {
      const r = await run(spec, [{ id: "rule", predicate: "expr.cedar", params }]);
      expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PREDICATE_PARAMS" });
    }
  });

  it("Errors: the 2 s budget per manifest exceeded → ERR_PROVIDER_FAILED (budget lowered to 0 ms for the test)", async () => {
    const registry = new PredicateRegistry().register(createExprCedar({ budgetMs: 0 }));
    const many: BundleSpec = {
      artifacts: Array.from({ length: 50 }, (_, i) => ({ path: `f${i}.txt`, content: `${i}` })),
    };
    const r = await run(many, [cedar('forbid(principal, action, resource) when { resource.path like "*zzz*" };')], {
      registry,
    });
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]?.facts).toMatchObject({ code: "ERR_PROVIDER_FAILED", budgetMs: 0 });
  });
});

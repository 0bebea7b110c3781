// axm.md acceptance: "Formatter" and §8.5 R1–R4.
import { formatAxm, parseAxm } from "@codai/axiom-axm";
import { AxiomError, type Plan } from "@codai/axiom-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axmInlinePlanArb, axmPlanArb } from "./arbitraries";
import { example, examplePlan } from "./helpers";

const E1 = examplePlan("hello-note") as Plan;

/** E1 with `patch` applied to a deep copy. */
// biome-ignore lint/suspicious/noExplicitAny: tests reshape plans freely, including into invalid ones
type Loose = Record<string, any>;

function variant(patch: (p: Loose) => void): Plan {
  const p = structuredClone(E1) as Loose;
  patch(p);
  return p as Plan;
}

function refusal(plan: unknown): AxiomError {
  try {
    formatAxm(plan as Plan);
  } catch (err) {
    expect(err).toBeInstanceOf(AxiomError);
    return err as AxiomError;
  }
  throw new Error("formatAxm did not throw");
}

/** -0 and 0 count as equal (R1): compare through JSON. */
const viaJson = (v: unknown) => JSON.parse(JSON.stringify(v));

describe("formatAxm layout", () => {
  it('formatAxm(E1 plan) → starts `axiom "2"⏎⏎plan hello-note {`, has profile default, capabilities [], meta {}, LF only, no trailing whitespace, ends with } + LF', () => {
    const text = formatAxm(E1);
    expect(text.startsWith('axiom "2"\n\nplan hello-note {')).toBe(true);
    expect(text).toContain("\n  profile default\n");
    expect(text).toContain("\n  capabilities []\n");
    expect(text).toContain("\n  meta {}\n");
    expect(text).not.toContain("\r");
    for (const line of text.split("\n")) expect(line).toBe(line.trimEnd());
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.endsWith("}\n\n")).toBe(false);
  });

  it('profile `my.app` → `  profile "my.app"`; check id `content.noSecrets` → `  check "content.noSecrets" using …`; check id `using` → bare', () => {
    const p = variant((p) => {
      p.profile = "my.app";
      p.checks = [
        { id: "content.noSecrets", predicate: "content.noSecrets", params: {}, severity: "error" },
        { id: "using", predicate: "path.deny", params: ["x"], severity: "error" },
      ];
    });
    const text = formatAxm(p);
    expect(text).toContain('\n  profile "my.app"\n');
    expect(text).toContain('\n  check "content.noSecrets" using content.noSecrets {}\n');
    expect(text).toContain('\n  check using using path.deny ["x"]\n');
    expect(parseAxm(text).plan).toEqual(p);
  });

  it("counter only when the Plan has one; checks have one empty line before the first and none between", () => {
    expect(formatAxm(E1)).not.toContain("counter");
    const text = formatAxm(
      variant((p) => {
        p.counter = 0;
        p.checks = [
          { id: "a", predicate: "x.y", params: {}, severity: "error" },
          { id: "b", predicate: "x.z", params: {}, severity: "error" },
        ];
      }),
    );
    expect(text).toContain("  counter 0\n");
    expect(text).toContain("  }\n\n  check a using x.y {}\n  check b using x.z {}\n\n  meta {}\n}\n");
  });

  it("params and meta: JSON.stringify, no whitespace, -0 written as 0", () => {
    const text = formatAxm(variant((p) => (p.metadata = { z: -0, a: [1, { b: "c d" }] })));
    expect(text).toContain('  meta {"z":0,"a":[1,{"b":"c d"}]}\n');
  });

  it("a patch body of a single LF formats as an empty heredoc and parses back", () => {
    const p = variant((p) => {
      p.artifacts[0].source = { type: "patch", format: "unified", preImage: "absent", body: "\n" };
    });
    const text = formatAxm(p);
    expect(text).toContain("    patch unified absent <<EOF\nEOF\n");
    expect(parseAxm(text).plan).toEqual(p);
  });
});

describe("formatAxm refusals (§8.4)", () => {
  const cases: [string, (p: Loose) => void, string, string][] = [
    [
      "base64 inline source",
      (p) => (p.artifacts[0].source = { type: "inline", encoding: "base64", content: "aGk=" }),
      "base64-content",
      "artifacts.0.source.encoding",
    ],
    [
      "content with \\r",
      (p) => (p.artifacts[0].source.content = "a\r\nb"),
      "carriage-return",
      "artifacts.0.source.content",
    ],
    [
      "patch body with \\r",
      (p) => (p.artifacts[0].source = { type: "patch", format: "v4a", preImage: "absent", body: "a\r\n" }),
      "carriage-return",
      "artifacts.0.source.body",
    ],
    [
      "patch body without final LF",
      (p) => (p.artifacts[0].source = { type: "patch", format: "v4a", preImage: "absent", body: "a" }),
      "patch-final-newline",
      "artifacts.0.source.body",
    ],
    [
      "a warn check",
      (p) => (p.checks = [{ id: "a", predicate: "x.y", params: {}, severity: "warn" }]),
      "check-severity",
      "checks.0.severity",
    ],
    [
      "check params 5",
      (p) => (p.checks = [{ id: "a", predicate: "x.y", params: 5, severity: "error" }]),
      "check-params",
      "checks.0.params",
    ],
    [
      'emitter "my emitter"',
      (p) => (p.artifacts[0].source = { type: "template", emitter: "my emitter", template: "t", params: {} }),
      "emitter-name",
      "artifacts.0.source.emitter",
    ],
    ["capabilities [fs, fs]", (p) => (p.capabilities = ["fs", "net", "fs"]), "duplicate-capability", "capabilities.2"],
    [
      "repeated path",
      (p) => p.artifacts.push(structuredClone(p.artifacts[0])),
      "duplicate-artifact-path",
      "artifacts.1.path",
    ],
    [
      "repeated check id",
      (p) =>
        (p.checks = [
          { id: "a", predicate: "x.y", params: {}, severity: "error" },
          { id: "a", predicate: "x.z", params: {}, severity: "error" },
        ]),
      "duplicate-check-id",
      "checks.1.id",
    ],
  ];
  for (const [what, patch, reason, path] of cases) {
    it(`${what} → AxiomError ERR_INVALID_PLAN, details.reason: "${reason}", path: "${path}"`, () => {
      const err = refusal(variant(patch));
      expect(err.code).toBe("ERR_INVALID_PLAN");
      expect(err.details?.reason).toBe(reason);
      expect(err.path).toBe(path);
    });
  }

  it("a schema-invalid object → ERR_INVALID_PLAN with details.issues", () => {
    const err = refusal({ kind: "Plan", name: "Bad Name" });
    expect(err.code).toBe("ERR_INVALID_PLAN");
    expect(Array.isArray(err.details?.issues)).toBe(true);
    expect((err.details?.issues ?? []) as unknown[]).not.toHaveLength(0);
  });
});

describe("round-trip properties over axmPlanArb (§8.5)", () => {
  it("R1: parseAxm(formatAxm(p)) has diagnostics: [] and plan deep-equal to p (≥ 200 runs)", () => {
    fc.assert(
      fc.property(axmPlanArb, (p) => {
        const r = parseAxm(formatAxm(p));
        expect(r.diagnostics).toEqual([]);
        expect(viaJson(r.plan)).toEqual(viaJson(p));
      }),
      { numRuns: 300 },
    );
  });

  it("R1 (inline utf8 sources): parseAxm(formatAxm(p)).plan deep-equals p", () => {
    fc.assert(
      fc.property(axmInlinePlanArb, (p) => {
        expect(viaJson(parseAxm(formatAxm(p)).plan)).toEqual(viaJson(p));
      }),
      { numRuns: 200 },
    );
  });

  it("R2: formatAxm(parseAxm(formatAxm(p)).plan) === formatAxm(p) (≥ 200 runs)", () => {
    fc.assert(
      fc.property(axmPlanArb, (p) => {
        const text = formatAxm(p);
        const plan = parseAxm(text).plan;
        expect(plan).toBeDefined();
        expect(formatAxm(plan as Plan)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it("R3: compilePlan(p) and compilePlan(parseAxm(formatAxm(p)).plan) give the same planDigest and manifestDigest (inline-only, no root)", async () => {
    const mod = await import("@codai/axiom-plan").catch(() => undefined);
    if (!mod?.compilePlan) return; // compilePlan belongs to the plan package (another helper)
    const { compilePlan } = mod;
    await fc.assert(
      fc.asyncProperty(axmInlinePlanArb, async (p) => {
        const a = await compilePlan(p);
        const b = await compilePlan(parseAxm(formatAxm(p)).plan);
        expect(b.bundle.manifest.planDigest).toBe(a.bundle.manifest.planDigest);
        expect(b.bundle.manifestDigest).toBe(a.bundle.manifestDigest);
      }),
      { numRuns: 200 },
    );
  });

  it("R4: for sources whose heredocs hold no CR, parseAxm(s) and parseAxm(crlf(s)) give deep-equal plans (≥ 200 runs)", () => {
    fc.assert(
      fc.property(axmPlanArb, (p) => {
        const s = formatAxm(p);
        const crlf = parseAxm(s.replace(/\n/g, "\r\n"));
        expect(crlf.diagnostics).toEqual([]);
        expect(crlf.plan).toEqual(parseAxm(s).plan);
      }),
      { numRuns: 200 },
    );
  });

  it("E1–E4 format and re-parse to the same plan", () => {
    for (const name of ["hello-note", "bump-version", "api-health", "heredoc-edges"]) {
      const plan = parseAxm(example(name)).plan as Plan;
      expect(parseAxm(formatAxm(plan)).plan).toEqual(plan);
    }
  });
});

describe("formatAxm never throws a non-Axiom error", () => {
  it("a cyclic metadata object → AxiomError ERR_INVALID_PLAN", () => {
    const p = variant(() => {}) as unknown as { metadata: Record<string, unknown> };
    p.metadata.self = p.metadata;
    expect(refusal(p).code).toBe("ERR_INVALID_PLAN");
  });
});

// formats.md §2.5 — YAML plans.
import { EXAMPLE_1, expectCode } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { compilePlan, parsePlanText, planFormatOf } from "../src/index";

const yamlOf = (v: unknown) => stringify(v);
const expectYamlError = async (text: string) => {
  const err = await expectCode(() => parsePlanText(text, "yaml"), "ERR_INVALID_PLAN");
  expect(err.details?.format).toBe("yaml");
  return err;
};

describe("YAML plans (formats.md §2.5)", () => {
  it("YAML twin of Example 1 with a top-level $schema key → same digests as the JSON plan", async () => {
    const text = `# yaml-language-server: $schema=https://axiom.dev/schema/Plan.json\n$schema: https://axiom.dev/schema/Plan.json\n${yamlOf(EXAMPLE_1())}`;
    const fromYaml = await compilePlan(await parsePlanText(text, "yaml"));
    const fromJson = await compilePlan(await parsePlanText(JSON.stringify(EXAMPLE_1()), "json"));
    expect(fromYaml.bundle.manifest.planDigest).toBe(fromJson.bundle.manifest.planDigest);
    expect(fromYaml.bundle.manifestDigest).toBe(fromJson.bundle.manifestDigest);
  });

  it('YAML plan with two documents → ERR_INVALID_PLAN {format: "yaml", line, column} (of the 2nd document)', async () => {
    const err = await expectYamlError("name: a\n---\nname: b\n");
    expect(err.details).toEqual({ format: "yaml", line: 2, column: 1 });
  });

  it("empty input (or only comments) → ERR_INVALID_PLAN", async () => {
    await expectYamlError("");
    await expectYamlError("# nothing here\n");
  });

  it.each([
    ["!!binary", "a: !!binary aGVsbG8=\n"],
    ["!!set", "a: !!set {x}\n"],
    ["a custom tag", "a: !custom x\n"],
    ["a << merge", "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n"],
    ["a duplicate key", "a: 1\nb: 2\na: 3\n"],
    ["keys that collide as JSON strings", "1: a\n'1': b\n"],
    ["a sequence root", "- a\n- b\n"],
    ["a scalar root", "just text\n"],
    ["a syntax error", "a: [1\n"],
    ["a non-scalar key", "? [a]\n: 1\n"],
    ["a YAML 1.1 directive", "%YAML 1.1\n---\na: 1\n"],
  ])('YAML with %s → ERR_INVALID_PLAN details.format = "yaml"', async (_what, text) => {
    await expectYamlError(text);
  });

  it("the duplicate-key error carries its 1-based line and column", async () => {
    const err = await expectYamlError("a: 1\nb: 2\na: 3\n");
    expect(err.details).toMatchObject({ line: 3, column: 1 });
  });

  it("YAML with 101 alias expansions → ERR_INVALID_PLAN; 100 are fine", async () => {
    const doc = (n: number) => `anchor: &a x\nlist:\n${Array.from({ length: n }, () => "  - *a\n").join("")}`;
    expect(((await parsePlanText(doc(100), "yaml")) as { list: string[] }).list).toHaveLength(100);
    await expectYamlError(doc(101));
  });

  it("nested alias expansions count too (billion-laughs is refused)", async () => {
    const lol = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: [*c, *c]",
      "",
    ].join("\n");
    await expectYamlError(lol);
  });

  it("YAML 1.2 core: yes/no/on/off stay strings, 0o17 is a number; .inf fails validation as ERR_INVALID_PLAN", async () => {
    const v = (await parsePlanText("a: yes\nb: off\nc: 0o17\nd: ~\n", "yaml")) as Record<string, unknown>;
    expect(v).toEqual({ a: "yes", b: "off", c: 15, d: null });
    const plan = `${yamlOf(EXAMPLE_1())}metadata:\n  n: .inf\n`;
    await expectCode(async () => compilePlan(await parsePlanText(plan, "yaml")), "ERR_INVALID_PLAN");
  });

  it("only a top-level $schema is stripped; a nested one stays (and a JSON $schema is rejected)", async () => {
    const v = (await parsePlanText("$schema: x\nmetadata:\n  $schema: y\n", "yaml")) as Record<string, unknown>;
    expect(v).toEqual({ metadata: { $schema: "y" } });
    await expectCode(
      async () => compilePlan(await parsePlanText(JSON.stringify({ $schema: "x", ...EXAMPLE_1() }), "json")),
      "ERR_INVALID_PLAN",
    );
  });

  it('JSON text that does not parse → ERR_INVALID_PLAN {format: "json"}', async () => {
    const err = await expectCode(() => parsePlanText("{", "json"), "ERR_INVALID_PLAN");
    expect(err.details).toEqual({ format: "json" });
  });

  it("a file whose name ends in .yaml or .yml (case-insensitive) is YAML", () => {
    expect(planFormatOf("plan.yaml")).toBe("yaml");
    expect(planFormatOf("PLAN.YML")).toBe("yaml");
    expect(planFormatOf("plan.json")).toBe("json");
    expect(planFormatOf("plan.yaml.json")).toBe("json");
  });
});

describe("YAML nesting", () => {
  it('a YAML document nested 20 000 levels deep → ERR_INVALID_PLAN {format: "yaml"} (never ERR_INTERNAL)', async () => {
    await expectYamlError(`a: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`);
  });
});

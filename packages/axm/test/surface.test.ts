// axm.md §7.6 surfaces, library side: what `axiom compile x.axm` receives from planFromAxm.
import { planFromAxm } from "@codai/axiom-axm";
import { AxiomError } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { example, examplePlan, lines } from "./helpers";

function thrown(fn: () => unknown): AxiomError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AxiomError);
    return err as AxiomError;
  }
  throw new Error("did not throw");
}

const E5 = lines(
  'axiom "2"',
  "plan Bad_Name {",
  '  intent "first"',
  '  intent "second"',
  "  capabilities [fs, disk]",
  '  artifact "../x.txt" { mode 0600 inline <<E',
  "x",
  "E",
  "  }",
  "}",
);

describe("planFromAxm (the CLI compile path)", () => {
  it("a valid file (text or UTF-8 bytes, BOM dropped) → the Plan", () => {
    expect(planFromAxm(example("hello-note"), "e1.axm")).toEqual(examplePlan("hello-note"));
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(example("api-health"))]);
    expect(planFromAxm(bytes, "e3.axm")).toEqual(examplePlan("api-health"));
  });

  it("`axiom compile E5.axm` → ERR_INVALID_PLAN with details.diagnostics of length 3 and details.file", () => {
    const err = thrown(() => planFromAxm(E5, "E5.axm"));
    expect(err.code).toBe("ERR_INVALID_PLAN");
    expect(err.details?.file).toBe("E5.axm");
    expect(err.details?.diagnostics).toHaveLength(3);
    const line = JSON.parse(JSON.stringify(err));
    expect(Object.keys(line).sort()).toEqual(["code", "details", "message"]);
  });

  it('a .axm file with the byte 0xFF → ERR_INVALID_PLAN details: { file, reason: "not-utf8" }', () => {
    const err = thrown(() => planFromAxm(new Uint8Array([0x61, 0xff]), "bad.axm"));
    expect(err.code).toBe("ERR_INVALID_PLAN");
    expect(err.details).toEqual({ file: "bad.axm", reason: "not-utf8" });
  });
});

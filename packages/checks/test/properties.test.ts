// Property tests (fast-check): finding order (§2.7), verdict (§2.6), and "no secret echo"
// (threats.md invariant 20) for the checks engine.
import { compareUtf8, type Finding, SEVERITY_RANK } from "@codai/axiom-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runChecks, sortFindings, verdictOf } from "../src/index";
import { makeBundle, profileOf } from "./helpers";

const findingArb: fc.Arbitrary<Finding> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 6, unit: "grapheme" }),
    severity: fc.constantFrom("error", "warn", "info"),
    predicate: fc.constant("x.y"),
    message: fc.string(),
    facts: fc
      .option(fc.constant({ code: "ERR_PROVIDER_FAILED", __provider: true }), { nil: undefined })
      .map((f) => f ?? {}),
    path: fc.option(fc.constantFrom("a", "b/c", "é"), { nil: undefined }),
  })
  .map((f) => {
    const { path, ...rest } = f;
    return path === undefined ? rest : { ...rest, path };
  }) as fc.Arbitrary<Finding>;

describe("properties", () => {
  it("sortFindings is a permutation ordered by (severity rank, id bytes, path bytes)", () => {
    fc.assert(
      fc.property(fc.array(findingArb, { maxLength: 30 }), (list) => {
        const sorted = sortFindings(list);
        expect(sorted).toHaveLength(list.length);
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1] as Finding;
          const b = sorted[i] as Finding;
          const key =
            SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
            compareUtf8(a.id, b.id) ||
            compareUtf8(a.path ?? "", b.path ?? "");
          expect(key).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("verdict: error iff a provider failure; else fail iff an error finding; else pass", () => {
    fc.assert(
      fc.property(fc.array(findingArb, { maxLength: 10 }), (list) => {
        const v = verdictOf(list);
        if (list.some((f) => f.facts.__provider === true)) expect(v).toBe("error");
        else if (list.some((f) => f.severity === "error")) expect(v).toBe("fail");
        else expect(v).toBe("pass");
      }),
      { numRuns: 200 },
    );
  });

  it("no secret echo (threats.md invariant 20): a random AWS key in random text is found, and the report never contains it", async () => {
    const upperDigit = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".split(""));
    await fc.assert(
      fc.asyncProperty(
        fc.array(upperDigit, { minLength: 16, maxLength: 16 }).map((c) => `AKIA${c.join("")}`),
        fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Z0-9]/g, " ")),
        async (key, noise) => {
          const report = await runChecks({
            bundle: makeBundle({ artifacts: [{ path: "k.txt", content: `${noise} ${key} ${noise}` }] }),
            profile: profileOf([{ id: "content.noSecrets", predicate: "content.noSecrets", params: {} }]),
          });
          expect(report.findings.map((f) => f.id)).toContain("content.noSecrets.awsKey");
          expect(JSON.stringify(report)).not.toContain(key);
        },
      ),
      { numRuns: 200 },
    );
  });
});

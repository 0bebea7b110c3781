// fast-check properties (issue 2 acceptance, formats.md §5/§11 invariants).

import { isAxiomError } from "@codai/axiom-schema";
import { arbPlan, expectCode } from "@codai/axiom-testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { compilePlan, parsePlanText } from "../src/index";

async function digestsOf(plan: unknown): Promise<[string, string]> {
  const { bundle } = await compilePlan(plan);
  return [bundle.manifest.planDigest, bundle.manifestDigest];
}

/** Compile must resolve or throw an AxiomError, never anything else. */
async function compileNeverThrowsNonAxiom(input: unknown): Promise<void> {
  try {
    await compilePlan(input);
  } catch (err) {
    expect(isAxiomError(err), String(err)).toBe(true);
  }
}

describe("compile properties", () => {
  it("compile is invariant under permutation of artifacts", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbPlan.chain((plan) =>
          fc.tuple(
            fc.constant(plan),
            fc.shuffledSubarray(plan.artifacts, { minLength: plan.artifacts.length, maxLength: plan.artifacts.length }),
          ),
        ),
        async ([plan, shuffled]) => {
          expect(await digestsOf({ ...plan, artifacts: shuffled })).toEqual(await digestsOf(plan));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("compile never throws a non-Axiom error for arbitrary JSON input", async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), compileNeverThrowsNonAxiom), { numRuns: 300 });
  });

  it("compile never throws a non-Axiom error for mutated valid plans", async () => {
    const mutation = fc.record({
      path: fc.array(
        fc.oneof(
          fc.constantFrom(
            "artifacts",
            "checks",
            "metadata",
            "source",
            "content",
            "encoding",
            "op",
            "mode",
            "path",
            "name",
          ),
          fc.nat(3),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      value: fc.oneof(
        fc.jsonValue(),
        fc.constant(undefined),
        fc.constant(Number.NaN),
        fc.constant("\uD800"),
        fc.constant(-0),
      ),
    });
    await fc.assert(
      fc.asyncProperty(arbPlan, fc.array(mutation, { minLength: 1, maxLength: 3 }), async (plan, mutations) => {
        const doc = JSON.parse(JSON.stringify(plan)) as Record<string, unknown>;
        for (const { path, value } of mutations) {
          let node: unknown = doc;
          for (const key of path.slice(0, -1)) {
            if (node === null || typeof node !== "object") break;
            node = (node as Record<string | number, unknown>)[key];
          }
          if (node !== null && typeof node === "object")
            (node as Record<string | number, unknown>)[path.at(-1) as string | number] = value;
        }
        await compileNeverThrowsNonAxiom(doc);
      }),
      { numRuns: 300 },
    );
  });

  // P-8 refuses every `<<` key in YAML, quoted or not, so a plan with one (a generated metadata key
  // can be "<<") has no YAML twin: its YAML text is refused instead.
  it("a plan and its YAML twin share planDigest and manifestDigest (a `<<` key: ERR_INVALID_PLAN, P-8)", async () => {
    await fc.assert(
      fc.asyncProperty(arbPlan, async (plan) => {
        const text = stringify(plan);
        if (hasMergeKey(plan)) {
          await expectCode(parsePlanText(text, "yaml"), "ERR_INVALID_PLAN");
          return;
        }
        const yamlPlan = await parsePlanText(text, "yaml");
        expect(await digestsOf(yamlPlan)).toEqual(await digestsOf(plan));
      }),
      { numRuns: 60 },
    );
  });
});

function hasMergeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMergeKey);
  if (value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k === "<<" || hasMergeKey(v));
}

// expr.cel (checks.md §4.9): a profile rule written as a CEL expression over the closed variable
// set. Static problems (syntax, function outside the allowlist, unsafe regex, limits) are params
// errors; evaluation errors, non-bool results, the 100 ms budget and a missing engine are provider
// failures; `false` is one finding.
import { EXPR_MESSAGE_MAX } from "@codai/axiom-rules";
import { SeveritySchema } from "@codai/axiom-schema";
import { z } from "zod";
import { evaluateCelInWorker } from "../expr/cel-eval";
import { CEL_LIMITS, type CelNode, validateCelAst } from "../expr/cel-static";
import { buildCelVariables, CEL_VARIABLES } from "../expr/cel-vars";
import { type CelEngine, type EngineLoader, errorText, loadCelEngine } from "../expr/engines";
import { rawProviderFailure } from "../findings";
import type { PredicateDef, RawFinding } from "../types";

const Params = z.strictObject({
  expression: z.string().min(1).max(4096),
  message: z.string().max(EXPR_MESSAGE_MAX).optional(),
  severity: SeveritySchema.optional(),
});
export type ExprCelParams = z.output<typeof Params>;

export interface ExprCelOptions {
  /** Loads the engine; a rejection is a provider failure (checks.md §4.9 "Engine"). */
  load?: EngineLoader<CelEngine>;
  /** Evaluation budget in ms (100 by default; tests only ever lower it). */
  budgetMs?: number;
}

const paramsFailure = (expression: string, message: string, facts: Record<string, string | number> = {}) =>
  rawProviderFailure("expr.cel", "ERR_PREDICATE_PARAMS", message, {
    facts: { ...facts, expression, issues: [{ path: "expression", message }] },
  });

const providerFailed = (expression: string, message: string, facts: Record<string, string | number> = {}) =>
  rawProviderFailure("expr.cel", "ERR_PROVIDER_FAILED", message, { facts: { ...facts, expression } });

export function createExprCel(options: ExprCelOptions = {}): PredicateDef<ExprCelParams> {
  const load = options.load ?? loadCelEngine;
  const budgetMs = options.budgetMs ?? CEL_LIMITS.budgetMs;
  return {
    id: "expr.cel",
    // repo is read only when the expression mentions it (and is then required): see run().
    requires: ["manifest", "content"],
    params: Params,
    lowersSeverity: true,
    async run({ params, facts }): Promise<RawFinding[]> {
      const { expression } = params;
      let engine: CelEngine;
      try {
        engine = await load();
      } catch (err) {
        return [providerFailed(expression, `the CEL engine cannot be loaded: ${errorText(err)}`)];
      }

      let ast: CelNode;
      try {
        const env = new engine.Environment();
        for (const name of CEL_VARIABLES) env.registerVariable(name, "dyn");
        ast = env.parse(expression).ast as CelNode;
      } catch (err) {
        return [paramsFailure(expression, `the expression does not parse: ${errorText(err)}`, { rule: "syntax" })];
      }
      const checked = validateCelAst(ast);
      if (checked.issue)
        return [paramsFailure(expression, checked.issue.message, { rule: checked.issue.rule, ...checked.issue.facts })];

      if (checked.identifiers.has("repo") && facts.repo === undefined) {
        return [providerFailed(expression, "the expression references repo but no repo facts exist")];
      }

      const vars = await buildCelVariables(facts, checked.identifiers);
      const outcome = await evaluateCelInWorker({ expression, vars, variables: CEL_VARIABLES, budgetMs });
      switch (outcome.kind) {
        case "bool":
          if (outcome.value) return [];
          return [
            {
              id: "expr.cel",
              message: params.message ?? `expression is false: ${expression}`,
              facts: { expression },
              ...(params.severity ? { severity: params.severity } : {}),
            },
          ];
        case "nonBool":
          return [
            providerFailed(expression, `the expression evaluated to ${outcome.type}, not bool`, { type: outcome.type }),
          ];
        case "budget":
          return [
            providerFailed(expression, `evaluation exceeded ${outcome.budgetMs} ms`, { budgetMs: outcome.budgetMs }),
          ];
        case "engine":
          return [providerFailed(expression, `the CEL engine cannot be loaded: ${outcome.message}`)];
        default:
          return [providerFailed(expression, `evaluation failed: ${outcome.message}`)];
      }
    },
  };
}

export const exprCel = createExprCel();

// expr.cedar (checks.md §4.10): Cedar policies judged once per artifact. forbid mode appends a
// permit-all policy so only matching forbids deny; permit mode is pure default-deny. A missing
// engine is a provider failure before the policies are even parsed: never a silent pass.

import { performance } from "node:perf_hooks";
import { canonicalize, sha256Hex } from "@codai/axiom-canon";
import { EXPR_MESSAGE_MAX } from "@codai/axiom-rules";
import { SeveritySchema } from "@codai/axiom-schema";
import { z } from "zod";
import { buildCedarRequests, cedarNeeds } from "../expr/cedar-model";
import { type CedarAnswer, type CedarEngine, type EngineLoader, errorText, loadCedarEngine } from "../expr/engines";
import { rawProviderFailure } from "../findings";
import type { PredicateDef, RawFinding } from "../types";

export const CEDAR_MAX_POLICIES = 256;
export const CEDAR_BUDGET_MS = 2000;
/** Id of the policy forbid mode appends; not positional, so it never collides with policyN. */
export const CEDAR_PERMIT_ALL_ID = "axiomPermitAll";

const Params = z.strictObject({
  policies: z.string().min(1).max(65536),
  mode: z.enum(["forbid", "permit"]).default("forbid"),
  message: z.string().max(EXPR_MESSAGE_MAX).optional(),
  severity: SeveritySchema.optional(),
});
export type ExprCedarParams = z.output<typeof Params>;

export interface ExprCedarOptions {
  load?: EngineLoader<CedarEngine>;
  /** Budget per manifest in ms (2000 by default; tests only ever lower it). */
  budgetMs?: number;
}

const paramsFailure = (message: string, facts: Record<string, string | number> = {}) =>
  rawProviderFailure("expr.cedar", "ERR_PREDICATE_PARAMS", message, {
    facts: { ...facts, issues: [{ path: "policies", message }] },
  });

const providerFailed = (
  message: string,
  extra: { path?: string; facts?: Record<string, string | number | string[]> } = {},
) => rawProviderFailure("expr.cedar", "ERR_PROVIDER_FAILED", message, extra);

/** Parses the policy text into positional static policies, or returns the params failure. */
function positionalPolicies(
  engine: CedarEngine,
  text: string,
): { ok: true; policies: Record<string, string> } | { ok: false; failure: RawFinding } {
  const parts = engine.policySetTextToParts(text);
  if (parts.type !== "success") {
    const first = parts.errors[0]?.message ?? "parse error";
    return { ok: false, failure: paramsFailure(`the policies do not parse: ${first}`, { rule: "syntax" }) };
  }
  if (parts.policy_templates.length > 0)
    return {
      ok: false,
      failure: paramsFailure("templates are not allowed", {
        rule: "template",
        templates: parts.policy_templates.length,
      }),
    };
  if (parts.policies.length > CEDAR_MAX_POLICIES)
    return {
      ok: false,
      failure: paramsFailure(`${parts.policies.length} policies exceed ${CEDAR_MAX_POLICIES}`, {
        rule: "count",
        policies: parts.policies.length,
        max: CEDAR_MAX_POLICIES,
      }),
    };
  const out: Record<string, string> = {};
  parts.policies.forEach((p, i) => {
    out[`policy${i}`] = p;
  });
  return { ok: true, policies: out };
}

/** The single preparsed-set slot this module uses in the engine's cache, and what it holds. */
const PREPARSED_ID = "axiom-expr-cedar";
const preparsed = new WeakMap<CedarEngine, string>();

/**
 * Returns an authorizer for one policy set. With the stateful API the set is parsed once into one
 * fixed cache slot (re-parsed only when the set differs from the slot's content), so an agent's
 * manifest checks cannot grow the engine cache. The caller must not await between this call and
 * its last authorization, or another run could replace the slot.
 */
function authorizerFor(engine: CedarEngine, staticPolicies: Record<string, string>): (req: object) => CedarAnswer {
  if (!engine.preparsePolicySet || !engine.statefulIsAuthorized)
    return (req) => engine.isAuthorized({ ...req, policies: { staticPolicies } });
  const key = sha256Hex(new TextEncoder().encode(canonicalize(staticPolicies)));
  if (preparsed.get(engine) !== key) {
    preparsed.delete(engine);
    const r = engine.preparsePolicySet(PREPARSED_ID, { staticPolicies });
    if (r.type !== "success") throw new Error(r.errors[0]?.message ?? "the policy set does not parse");
    preparsed.set(engine, key);
  }
  const stateful = engine.statefulIsAuthorized.bind(engine);
  return (req) => stateful({ ...req, preparsedPolicySetId: PREPARSED_ID });
}

export function createExprCedar(options: ExprCedarOptions = {}): PredicateDef<ExprCedarParams> {
  const load = options.load ?? loadCedarEngine;
  const budgetMs = options.budgetMs ?? CEDAR_BUDGET_MS;
  return {
    id: "expr.cedar",
    // repo is read only when the policy text mentions `exists` or `repo` (checks.md §4.2).
    requires: ["manifest", "content"],
    params: Params,
    lowersSeverity: true,
    async run({ params, facts }): Promise<RawFinding[]> {
      let engine: CedarEngine;
      try {
        engine = await load();
      } catch (err) {
        return [providerFailed(`the Cedar engine cannot be loaded: ${errorText(err)}`)];
      }
      let parsed: ReturnType<typeof positionalPolicies>;
      try {
        parsed = positionalPolicies(engine, params.policies);
      } catch (err) {
        return [providerFailed(`the Cedar engine failed: ${errorText(err)}`)];
      }
      if (!parsed.ok) return [parsed.failure];
      const staticPolicies = { ...parsed.policies };
      if (params.mode === "forbid") staticPolicies[CEDAR_PERMIT_ALL_ID] = "permit(principal, action, resource);";

      const requests = await buildCedarRequests(facts, cedarNeeds(params.policies));
      // From here on nothing is awaited: the preparsed slot stays ours until the loop ends.
      let authorize: (req: object) => CedarAnswer;
      try {
        authorize = authorizerFor(engine, staticPolicies);
      } catch (err) {
        return [providerFailed(`the Cedar engine failed: ${errorText(err)}`)];
      }
      const started = performance.now();
      const out: RawFinding[] = [];
      for (const req of requests) {
        if (performance.now() - started > budgetMs)
          return [providerFailed(`Cedar evaluation exceeded ${budgetMs} ms`, { facts: { budgetMs } })];
        let answer: CedarAnswer;
        try {
          answer = authorize({
            principal: req.principal,
            action: req.action,
            resource: req.resource,
            context: req.context,
            entities: req.entities,
          });
        } catch (err) {
          return [providerFailed(`the Cedar engine failed: ${errorText(err)}`, { path: req.path })];
        }
        if (answer.type !== "success") {
          out.push(
            providerFailed(`Cedar request failed: ${answer.errors[0]?.message ?? "unknown error"}`, { path: req.path }),
          );
          continue;
        }
        const { decision, diagnostics } = answer.response;
        if (diagnostics.errors.length > 0) {
          const policyIds = [...new Set(diagnostics.errors.map((e) => e.policyId))].sort();
          out.push(
            providerFailed(`Cedar evaluation error: ${diagnostics.errors[0]?.error.message ?? "unknown"}`, {
              path: req.path,
              facts: { policies: policyIds },
            }),
          );
          continue;
        }
        if (decision === "allow") continue;
        const reason = [...diagnostics.reason].sort();
        out.push({
          id: "expr.cedar",
          path: req.path,
          message:
            params.message ??
            (reason.length > 0 ? `denied by ${reason.join(", ")}` : "no policy permits this artifact"),
          facts: { reason },
          ...(params.severity ? { severity: params.severity } : {}),
        });
      }
      if (performance.now() - started > budgetMs)
        return [providerFailed(`Cedar evaluation exceeded ${budgetMs} ms`, { facts: { budgetMs } })];
      return out;
    },
  };
}

export const exprCedar = createExprCedar();

// planDigest (formats.md §5.1): JCS of P′ — the Plan after defaults with artifacts sorted by path
// (code-point order) and each source reduced to its digest (content, encoding, uri dropped; a
// patch hashes as its inline twin). `checks` stay in authored order.
import { canonicalDigestRef } from "@codai/axiom-canon";
import { compareUtf8, type Plan, type PlanArtifact } from "@codai/axiom-schema";

/** Reduced P′ source for one artifact given the digest ref of its resolved bytes. */
function reducedSource(artifact: PlanArtifact, digest: string): Record<string, unknown> | undefined {
  const source = artifact.source;
  if (!source) return undefined;
  switch (source.type) {
    case "inline":
    case "patch":
      return { type: "inline", digest };
    case "cas":
      return { type: "cas", digest };
    case "ref":
      return { type: "ref", digest };
    case "template":
      return { type: "template", emitter: source.emitter, template: source.template, params: source.params, digest };
  }
}

/** P′ itself; `digests` maps artifact path → `sha256:<hex>` of the resolved bytes (non-deletes). */
export function planPrime(plan: Plan, digests: ReadonlyMap<string, string>): Record<string, unknown> {
  const artifacts = [...plan.artifacts]
    .sort((a, b) => compareUtf8(a.path, b.path))
    .map((a) => {
      const digest = digests.get(a.path);
      const source = digest === undefined ? undefined : reducedSource(a, digest);
      return { path: a.path, mode: a.mode, op: a.op, ...(source ? { source } : {}) };
    });
  const prime: Record<string, unknown> = {
    apiVersion: plan.apiVersion,
    kind: plan.kind,
    name: plan.name,
    intent: plan.intent,
    profile: plan.profile,
    capabilities: plan.capabilities,
    artifacts,
    checks: plan.checks,
    metadata: plan.metadata,
  };
  if (plan.counter !== undefined) prime.counter = plan.counter;
  return prime;
}

export function computePlanDigest(plan: Plan, digests: ReadonlyMap<string, string>): string {
  return canonicalDigestRef(planPrime(plan, digests));
}

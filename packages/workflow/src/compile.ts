// `axiom compile` (cli.md §7.6) and axiom_plan_compile / axiom_plan_seal (mcp.md §5.3, §9.2):
// Plan → ManifestBundle (formats.md §3.3); with a root the bundle is stored under
// `<root>/.axiom/manifests/` (non-durable: P-1, ARCH-S2). And axiom_plan_validate.
import {
  compilePlan as compile,
  type NetPolicy,
  type PlanValidation,
  validatePlan as validate,
} from "@codai/axiom-plan";
import type { EmitterRegistry, ManifestBundle } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";
import { recordAbout } from "./about";

export interface CompileRequest {
  /** The Plan document (validated by compile). */
  plan: unknown;
  store?: "inline" | "cas";
  /** The realpath'd root: preImage is recorded and the bundle stored; absent = root-less. */
  root?: string;
  emitters?: EmitterRegistry;
  /** The CLI's `--allow-net` / `--net-allow` / `--allow-file`; MCP never passes it (network off). */
  net?: NetPolicy;
}

export async function compilePlan(req: CompileRequest): Promise<ManifestBundle> {
  // 1. formats.md §3.3.
  const { bundle } = await compile(req.plan, {
    store: req.store ?? "inline",
    root: req.root,
    emitters: req.emitters,
    ...(req.net === undefined ? {} : { net: req.net }),
  });
  // 2. With a root, the store's one writer.
  if (req.root !== undefined) {
    await storeBundle(req.root, bundle, { durable: false });
    // 3. What it is for, for `axiom show` / `log` (the manifest keeps only the Plan's digest).
    const intent = (req.plan as { intent?: unknown }).intent;
    if (typeof intent === "string") await recordAbout(req.root, bundle.manifestDigest, { intent });
  }
  return bundle;
}

/** axiom_plan_validate (mcp.md §5.3): `{ok, planDigest?, errors[]}`; never writes. */
export function validatePlan(plan: unknown): Promise<PlanValidation> {
  return validate(plan);
}

/** The CLI reads `.json` / `.yaml` Plans with the plan library's own front-end. */
export { type PlanTextFormat, parsePlanText } from "@codai/axiom-plan";
export type { NetPolicy, PlanValidation };

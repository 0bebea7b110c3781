// Plan and manifest tools: axiom_plan_validate, axiom_plan_compile, axiom_manifest_verify,
// axiom_manifest_diff, axiom_axm_parse (mcp.md §5.1, §5.3).
import { type ManifestBundle, ManifestBundleSchema } from "@codai/axiom-schema";
import { z } from "zod";
import type { ServerContext } from "../context";
import { loadStoredBundle } from "./bundles";
import { compact, DocumentArg, digestHexOf, ErrorCodeSchema, first, RootArg, StoreArg } from "./shared";
import { defineTool } from "./types";

export const BundleOutput = ManifestBundleSchema;

/** `{manifestDigest, planDigest, name, profile, artifacts: n, blobs: n}` (§6.4). */
export function bundleSummary(b: ManifestBundle) {
  return {
    manifestDigest: b.manifestDigest,
    planDigest: b.manifest.planDigest,
    name: b.manifest.name,
    profile: b.manifest.profile,
    artifacts: b.manifest.artifacts.length,
    blobs: Object.keys(b.blobs ?? {}).length,
  };
}

/** Compile root rule of §3.3: resolved only when `root` is given or `store` is "cas". */
export async function compileRoot(
  deps: ServerContext,
  root: string | undefined,
  store: "inline" | "cas" | undefined,
): Promise<string | undefined> {
  if ((root === undefined || root === "") && store !== "cas") return undefined;
  return deps.resolveRoot(root, { lockTaking: false });
}

/** Shared by axiom_plan_compile and axiom_plan_seal: same function, same options (§9.2). */
export async function compileAndStore(
  deps: ServerContext,
  plan: unknown,
  store: "inline" | "cas" | undefined,
  root: string | undefined,
): Promise<ManifestBundle> {
  const bundle = await (await deps.workflow()).compilePlan({ plan, store, root, emitters: deps.emitters });
  if (root !== undefined) deps.seenRoots.add(root);
  deps.log.info("compiled", { manifestDigest: bundle.manifestDigest, artifacts: bundle.manifest.artifacts.length });
  return bundle;
}

const ValidateOutput = z.strictObject({
  ok: z.boolean(),
  planDigest: z.string().optional(),
  errors: z.array(z.strictObject({ path: z.string(), message: z.string(), code: ErrorCodeSchema })),
});

export const planValidate = defineTool({
  name: "axiom_plan_validate",
  title: "Validate a Plan",
  description:
    "Validate a Plan against the schema and a root-less trial compile; returns ok, planDigest and errors. Never writes.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({ plan: DocumentArg }),
  output: ValidateOutput,
  summary: (o) => compact({ ok: o.ok, planDigest: o.planDigest, errors: first(o.errors) }),
  async handler(args, { deps }) {
    return (await deps.workflow()).validatePlan(args.plan);
  },
});

export const planCompile = defineTool({
  name: "axiom_plan_compile",
  title: "Compile a Plan into a ManifestBundle",
  description:
    "Compile a Plan into a content-addressed ManifestBundle; with a root the bundle is stored under .axiom/manifests and preImage is recorded.",
  toolset: "full",
  preset: "ACT",
  input: z.strictObject({ plan: DocumentArg, store: StoreArg.optional(), root: RootArg.optional() }),
  output: BundleOutput,
  summary: bundleSummary,
  async handler(args, { deps }) {
    const root = await compileRoot(deps, args.root, args.store);
    return compileAndStore(deps, args.plan, args.store, root);
  },
});

/** §3.3 for verify/check: given → resolved; absent → the single allowlisted root, else root-less. */
export async function optionalRoot(deps: ServerContext, root: string | undefined): Promise<string | undefined> {
  if (root !== undefined && root !== "") return deps.resolveRoot(root, { lockTaking: false });
  return deps.policy.roots.size === 1 ? [...deps.policy.roots][0] : undefined;
}

const VerifyOutput = z.looseObject({
  ok: z.boolean(),
  manifestDigest: z.string().optional(),
  canonical: z.boolean(),
  signed: z.boolean(),
  missing: z.array(z.string()),
  errors: z.array(z.looseObject({ code: ErrorCodeSchema, message: z.string(), path: z.string().optional() })),
  signatures: z.looseObject({ ok: z.boolean(), keyids: z.array(z.string()).optional() }).optional(),
});

export const manifestVerify = defineTool({
  name: "axiom_manifest_verify",
  title: "Verify a ManifestBundle",
  description:
    "Structural verification of a ManifestBundle (digest, canonical order, blobs, attestation) plus signatures when the root has a trust store.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({ bundle: DocumentArg, root: RootArg.optional() }),
  output: VerifyOutput,
  summary: (o) =>
    compact({
      ok: o.ok,
      manifestDigest: o.manifestDigest,
      canonical: o.canonical,
      signed: o.signed,
      keyids: o.signatures?.keyids,
      missing: o.missing.length,
      errors: first(o.errors),
    }),
  async handler(args, { deps }) {
    const root = await optionalRoot(deps, args.root);
    const { result } = await (await deps.workflow()).verifyBundle({ bundle: args.bundle, root });
    return result as z.output<typeof VerifyOutput>; // open output schema (looseObject), as for axiom_status
  },
});

const DiffOutput = z.strictObject({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.strictObject({ path: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});

const BundleOrRef = z.union([z.string(), DocumentArg]);

async function bundleOf(deps: ServerContext, value: string | Record<string, unknown>): Promise<ManifestBundle> {
  if (typeof value !== "string") return (await deps.workflow()).intakeBundle(value);
  digestHexOf(value, { ref: value });
  return loadStoredBundle(deps, value);
}

export const manifestDiff = defineTool({
  name: "axiom_manifest_diff",
  title: "Diff two manifests",
  description:
    "Diff two manifests by path and digest. Each side is a ManifestBundle or a sha256: reference to a stored bundle.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({ a: BundleOrRef, b: BundleOrRef }),
  output: DiffOutput,
  summary: (o) => ({
    added: o.added.length,
    removed: o.removed.length,
    changed: o.changed.length,
    sample: { added: first(o.added), removed: first(o.removed), changed: first(o.changed) },
  }),
  async handler(args, { deps }) {
    const a = await bundleOf(deps, args.a);
    const b = await bundleOf(deps, args.b);
    return (await deps.workflow()).diffManifests(a, b);
  },
});

const AxmOutput = z.strictObject({
  plan: z.record(z.string(), z.unknown()).optional(),
  diagnostics: z.array(z.looseObject({})),
});

export const axmParse = defineTool({
  name: "axiom_axm_parse",
  title: "Parse .axm source into a Plan",
  description: "Parse .axm v2 source into a Plan; the plan is present only when there is no error diagnostic.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({ source: z.string() }),
  output: AxmOutput,
  summary: (o) =>
    compact({
      ok: o.plan !== undefined,
      name: (o.plan as { name?: unknown } | undefined)?.name,
      diagnostics: first(o.diagnostics),
    }),
  async handler(args, { deps }) {
    const parsed = await (await deps.workflow()).parseAxm(args.source);
    return parsed as unknown as z.output<typeof AxmOutput>; // open diagnostics (looseObject), as for axiom_status
  },
});

// Chunked plan sessions: axiom_plan_begin, axiom_plan_add, axiom_plan_seal (mcp.md §9.2).
import { PlanHeaderShape } from "@codai/axiom-schema";
import { z } from "zod";
import type { ServerContext } from "../context";
import { PlanSessionStore, SESSION_LIMITS } from "../plan-sessions";
import { BundleOutput, bundleSummary, compileAndStore, compileRoot } from "./plan-tools";
import { DocumentArg, RootArg, StoreArg } from "./shared";
import { defineTool } from "./types";

const SessionDescriptorSchema = z.strictObject({
  sessionId: z.string(),
  artifacts: z.number().int().min(0),
  bytes: z.number().int().min(0),
  limits: z.strictObject({
    maxArtifacts: z.literal(SESSION_LIMITS.maxArtifacts),
    maxBytes: z.literal(SESSION_LIMITS.maxBytes),
  }),
  ttlMs: z.literal(SESSION_LIMITS.ttlMs),
});

type Descriptor = z.output<typeof SessionDescriptorSchema>;

/** The factory's plan-session store, shared by all its instances; created by the first session call. */
function sessionsOf(deps: ServerContext): PlanSessionStore {
  deps.sessions ??= new PlanSessionStore();
  return deps.sessions;
}

export const planBegin = defineTool({
  name: "axiom_plan_begin",
  title: "Open a chunked plan session",
  description:
    "Open a chunked plan session with the Plan header (every Plan field except artifacts) for Plans larger than the 4 MiB per-call cap.",
  toolset: "full",
  preset: "ACT",
  input: z.strictObject(PlanHeaderShape),
  output: SessionDescriptorSchema,
  async handler(args, { deps }) {
    const descriptor = sessionsOf(deps).begin(args as Record<string, unknown>);
    deps.log.debug("plan session opened", { sessionId: descriptor.sessionId, name: args.name });
    return descriptor as Descriptor;
  },
});

export const planAdd = defineTool({
  name: "axiom_plan_add",
  title: "Append artifacts to a plan session",
  description: "Append a chunk of Plan artifacts to an open plan session; paths must be unique across chunks.",
  toolset: "full",
  preset: "ACT",
  input: z.strictObject({ sessionId: z.string().min(1), artifacts: z.array(DocumentArg).min(1) }),
  output: SessionDescriptorSchema,
  async handler(args, { deps }) {
    return sessionsOf(deps).add(args.sessionId, args.artifacts) as Descriptor;
  },
});

export const planSeal = defineTool({
  name: "axiom_plan_seal",
  title: "Seal a plan session and compile it",
  description:
    "Seal a plan session and compile the assembled Plan exactly as axiom_plan_compile would; the session is consumed even when compile fails.",
  toolset: "full",
  preset: "ACT",
  input: z.strictObject({ sessionId: z.string().min(1), store: StoreArg.optional(), root: RootArg.optional() }),
  output: BundleOutput,
  summary: bundleSummary,
  async handler(args, { deps }) {
    const plan = sessionsOf(deps).seal(args.sessionId);
    const root = await compileRoot(deps, args.root, args.store);
    const bundle = await compileAndStore(deps, plan, args.store, root);
    deps.log.info("plan session sealed", {
      sessionId: args.sessionId,
      artifacts: bundle.manifest.artifacts.length,
      manifestDigest: bundle.manifestDigest,
    });
    return bundle;
  },
});
